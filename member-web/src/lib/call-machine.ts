// The call screen's states (docs/voice.md "Calls"), a pure reducer: what the member sees follows
// the room's call-state frames (the server's truth), their own taps and the peer connection.
import type { CallErrorCode, CallInfo } from '@contract/calls';
import type { CallKind, CallOutcome } from '@contract/voice';

export type CallPhase =
  /** No call. */
  | 'idle'
  /** I proposed; the other member's phone rings. */
  | 'outgoing'
  /** They call me: the incoming sheet (accept / decline). */
  | 'incoming'
  /** Accepted: the peer connection is being set up ('연결 중…'). */
  | 'connecting'
  | 'connected'
  /** The connection dropped; ICE restarts ('다시 연결하는 중…'). */
  | 'reconnecting'
  /** A call of this room that another tab or device of mine is handling. */
  | 'elsewhere'
  /** Just ended: the screen says how, then closes. */
  | 'ended';

export type CallMachine = {
  phase: CallPhase;
  callId: string | null;
  kind: CallKind;
  callerId: number | null;
  /** When the call was accepted (the timer counts from it). */
  acceptedAt: string | null;
  outcome: CallOutcome | null;
  error: CallErrorCode | 'MEDIA_DENIED' | null;
};

export const idleCall: CallMachine = {
  phase: 'idle',
  callId: null,
  kind: 'VOICE',
  callerId: null,
  acceptedAt: null,
  outcome: null,
  error: null,
};

export type CallEvent =
  /** I start a call (before the room answers). */
  | { type: 'propose'; callId: string; kind: CallKind }
  /** The room's call-state frame (`opponentId`: the other member; anyone else calling is me). */
  | { type: 'server'; call: CallInfo | null; outcome?: CallOutcome; opponentId: number }
  /** I tap 받기 (this tab takes the call). */
  | { type: 'accept' }
  /** The peer connection's state. */
  | { type: 'peer'; state: RTCPeerConnectionState | 'restarting' }
  /** I hang up, decline or cancel (the room's frame confirms). */
  | { type: 'hangup'; outcome: CallOutcome }
  | { type: 'error'; code: CallMachine['error'] }
  /** The ended screen goes away. */
  | { type: 'dismiss' };

const inCall = (phase: CallPhase) => phase === 'connecting' || phase === 'connected' || phase === 'reconnecting';

export function callReducer(s: CallMachine, e: CallEvent): CallMachine {
  switch (e.type) {
    case 'propose':
      if (s.phase !== 'idle' && s.phase !== 'ended') return s;
      return { ...idleCall, phase: 'outgoing', callId: e.callId, kind: e.kind };
    case 'server': {
      const c = e.call;
      if (c === null) {
        if (s.phase === 'idle' || s.phase === 'ended') return s;
        // A call I never took (ringing here, or another tab's) just goes: its line says the rest.
        if (s.phase === 'elsewhere' || s.phase === 'incoming') return idleCall;
        return { ...s, phase: 'ended', outcome: e.outcome ?? 'ENDED' };
      }
      const base = {
        ...s,
        callId: c.callId,
        kind: c.kind,
        callerId: c.callerId,
        acceptedAt: c.acceptedAt,
        outcome: null,
        error: null,
      };
      const same = s.callId === c.callId;
      if (c.state === 'RINGING') {
        if (c.callerId !== e.opponentId)
          return same && s.phase === 'outgoing' ? base : { ...base, phase: same ? 'outgoing' : 'elsewhere' };
        // Ringing for me: the sheet, unless this tab already took it.
        return same && inCall(s.phase) ? base : { ...base, phase: 'incoming' };
      }
      // ACTIVE: this tab proposed it or accepted it (already connecting) or another tab has it.
      if (same && s.phase === 'outgoing') return { ...base, phase: 'connecting' };
      if (same && inCall(s.phase)) return { ...base, phase: s.phase };
      return { ...base, phase: 'elsewhere' };
    }
    case 'accept':
      return s.phase === 'incoming' ? { ...s, phase: 'connecting' } : s;
    case 'peer':
      if (!inCall(s.phase)) return s;
      if (e.state === 'connected') return { ...s, phase: 'connected' };
      if (e.state === 'disconnected' || e.state === 'failed' || e.state === 'restarting') {
        return s.phase === 'connecting' ? s : { ...s, phase: 'reconnecting' };
      }
      return s;
    case 'hangup':
      if (s.phase === 'incoming') return idleCall;
      return s.phase === 'idle' ? s : { ...s, phase: 'ended', outcome: e.outcome };
    case 'error':
      return { ...s, phase: s.phase === 'outgoing' || s.phase === 'incoming' ? 'ended' : s.phase, error: e.code };
    case 'dismiss':
      return s.phase === 'ended' ? idleCall : s;
  }
}

/** Whether the full call screen shows (the sheet is separate). */
export const showsCallScreen = (phase: CallPhase) => phase === 'outgoing' || inCall(phase) || phase === 'ended';
