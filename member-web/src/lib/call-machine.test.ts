import { describe, expect, it } from 'vitest';
import type { CallInfo } from '@contract/calls';
import type { CallOutcome } from '@contract/voice';
import { callReducer, idleCall, showsCallScreen, type CallEvent, type CallMachine } from './call-machine';

const ME = 1;
const THEM = 2;
const ID = '11111111-2222-4333-8444-555555555555';
const info = (over: Partial<CallInfo> = {}): CallInfo => ({
  callId: ID,
  kind: 'VIDEO',
  callerId: ME,
  state: 'RINGING',
  acceptedAt: null,
  ...over,
});
const server = (call: CallInfo | null, outcome?: CallOutcome): CallEvent => ({
  type: 'server',
  call,
  opponentId: THEM,
  ...(outcome ? { outcome } : {}),
});
const run = (events: CallEvent[], from: CallMachine = idleCall) => events.reduce(callReducer, from);

describe('call state machine', () => {
  it('caller: propose → ringing → accepted (connecting) → connected → reconnecting → connected → ended by the room', () => {
    const outgoing = run([{ type: 'propose', callId: ID, kind: 'VIDEO' }, server(info())]);
    expect(outgoing).toMatchObject({ phase: 'outgoing', callerId: ME });
    expect(showsCallScreen(outgoing.phase)).toBe(true);
    const accepted = run([server(info({ state: 'ACTIVE', acceptedAt: '2026-11-26T21:00:00.000Z' }))], outgoing);
    expect(accepted).toMatchObject({ phase: 'connecting', acceptedAt: '2026-11-26T21:00:00.000Z' });
    const up = run([{ type: 'peer', state: 'connected' }], accepted);
    expect(up.phase).toBe('connected');
    expect(run([{ type: 'peer', state: 'disconnected' }], up).phase).toBe('reconnecting');
    const back = run(
      [
        { type: 'peer', state: 'disconnected' },
        { type: 'peer', state: 'connected' },
      ],
      up,
    );
    expect(back.phase).toBe('connected');
    // A reconnect's greeting (the same call, still active) changes nothing.
    expect(run([server(info({ state: 'ACTIVE' }))], back).phase).toBe('connected');
    const ended = run([server(null, 'ENDED')], back);
    expect(ended).toMatchObject({ phase: 'ended', outcome: 'ENDED' });
    expect(run([{ type: 'dismiss' }], ended)).toEqual(idleCall);
  });

  it('callee: ringing shows the sheet; accept connects; decline ends; another tab taking it is "elsewhere"', () => {
    const ringing = run([server(info({ callerId: THEM }))]);
    expect(ringing.phase).toBe('incoming');
    expect(showsCallScreen(ringing.phase)).toBe(false);
    const accepting = run([{ type: 'accept' }], ringing);
    expect(accepting.phase).toBe('connecting');
    expect(run([server(info({ callerId: THEM, state: 'ACTIVE' }))], accepting).phase).toBe('connecting');
    // Not accepted here: another tab or device of mine has it.
    expect(run([server(info({ callerId: THEM, state: 'ACTIVE' }))], ringing).phase).toBe('elsewhere');
    expect(run([server(info({ callerId: THEM, state: 'ACTIVE' })), server(null, 'ENDED')], ringing)).toEqual(idleCall);
    // Declined, or missed (the ringing ran out): the sheet just goes; the call line says the rest.
    expect(run([{ type: 'hangup', outcome: 'DECLINED' }], ringing)).toEqual(idleCall);
    expect(run([server(null, 'MISSED')], ringing)).toEqual(idleCall);
  });

  it('a refusal of my proposal ends it with the reason; a peer state outside a call is ignored', () => {
    const refused = run([
      { type: 'propose', callId: ID, kind: 'VOICE' },
      { type: 'error', code: 'CALL_RATE_LIMITED' },
    ]);
    expect(refused).toMatchObject({ phase: 'ended', error: 'CALL_RATE_LIMITED' });
    expect(run([{ type: 'peer', state: 'connected' }])).toEqual(idleCall);
    // A second proposal while one is under way is ignored.
    const one = run([{ type: 'propose', callId: ID, kind: 'VOICE' }]);
    expect(run([{ type: 'propose', callId: 'other', kind: 'VIDEO' }], one)).toBe(one);
    // My own call ringing in another tab of mine: this tab is not in it.
    expect(run([server(info())]).phase).toBe('elsewhere');
  });
});
