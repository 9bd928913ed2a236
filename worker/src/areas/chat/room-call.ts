// The room's in-app call (docs/voice.md "Calls"): one call per room at a time, its state kept in
// the room's SQLite (it outlives an eviction; the alarm ends a ringing or abandoned call), the
// signalling frames relayed between the two members' sockets in the call and never stored. The
// call line is the only trace (the room stores it as a message when the call ends).
import {
  CALL_LIMITS,
  CALL_MESSAGES,
  type CallErrorCode,
  type CallInfo,
  type CallServerFrame,
  type ClientCallFrame,
} from '../../contract/calls';
import type { CallKind, CallOutcome, MessageCall } from '../../contract/voice';
import { attachmentOf, sendFrame } from './protocol';
import type { RoomInfo } from './room-store';
import { LazyTables, type SchemaItem } from './sql-schema';

const SCHEMA: SchemaItem[] = [
  {
    // At most one row: the current call. `*_sid`: the socket (attachment `sid`) of each side that
    // took part (the caller's from the proposal, the callee's from the accept); `*_lost_ms`: since
    // when that socket has been gone (a reconnect's `call-resume` clears it).
    name: 'call_state',
    create: `CREATE TABLE IF NOT EXISTS call_state (
      id INTEGER PRIMARY KEY CHECK (id = 1), call_id TEXT NOT NULL, kind TEXT NOT NULL,
      caller_id INTEGER NOT NULL, callee_id INTEGER NOT NULL, state TEXT NOT NULL,
      proposed_ms INTEGER NOT NULL, accepted_ms INTEGER, caller_sid TEXT, callee_sid TEXT,
      caller_lost_ms INTEGER, callee_lost_ms INTEGER)`,
  },
  // Proposal times for the flood limit (pruned past the window).
  { name: 'call_proposals', create: 'CREATE TABLE IF NOT EXISTS call_proposals (at_ms INTEGER NOT NULL)' },
];

type Call = {
  callId: string;
  kind: CallKind;
  callerId: number;
  calleeId: number;
  state: 'RINGING' | 'ACTIVE';
  proposedMs: number;
  acceptedMs: number | null;
  callerSid: string | null;
  calleeSid: string | null;
  callerLostMs: number | null;
  calleeLostMs: number | null;
};

type CallRow = {
  call_id: string;
  kind: string;
  caller_id: number;
  callee_id: number;
  state: string;
  proposed_ms: number;
  accepted_ms: number | null;
  caller_sid: string | null;
  callee_sid: string | null;
  caller_lost_ms: number | null;
  callee_lost_ms: number | null;
};

/** What the room lends the call: its sockets, the call line, the shared alarm. */
export interface CallHost {
  sockets(memberId?: number): WebSocket[];
  /** Stores the call line (a message from the caller) and broadcasts it. */
  writeLine(line: MessageCall): Promise<void>;
  alarmBy(atMs: number): Promise<void>;
  /** The callee's other screens: the call rings (ring.ts), and stops ringing. Best effort. */
  ringing(ring: { callId: string; kind: CallKind; calleeId: number; expiresMs: number }): Promise<void>;
  ringEnded(ring: { callId: string; calleeId: number }): Promise<void>;
}

export const socketId = (ws: WebSocket): string | null => attachmentOf(ws)?.sid ?? null;

export class RoomCall {
  /** The current call as stored (undefined: not read yet by this instance). */
  private current: Call | null | undefined;
  /** Made by the room's first call proposal: a room without calls has none. */
  private readonly tables: LazyTables;

  constructor(
    private readonly sql: SqlStorage,
    schema: ReadonlySet<string>,
    private readonly host: CallHost,
  ) {
    this.tables = new LazyTables(sql, SCHEMA, schema);
  }

  private call(): Call | null {
    if (this.current === undefined) {
      const r = this.tables.exists
        ? this.sql.exec<CallRow>('SELECT * FROM call_state WHERE id = 1').toArray()[0]
        : undefined;
      this.current = r
        ? {
            callId: r.call_id,
            kind: r.kind as CallKind,
            callerId: r.caller_id,
            calleeId: r.callee_id,
            state: r.state as Call['state'],
            proposedMs: r.proposed_ms,
            acceptedMs: r.accepted_ms,
            callerSid: r.caller_sid,
            calleeSid: r.callee_sid,
            callerLostMs: r.caller_lost_ms,
            calleeLostMs: r.callee_lost_ms,
          }
        : null;
    }
    return this.current;
  }

  private save(call: Call | null): void {
    this.tables.ensure();
    if (call === null) this.sql.exec('DELETE FROM call_state');
    else {
      this.sql.exec(
        `INSERT OR REPLACE INTO call_state (id, call_id, kind, caller_id, callee_id, state, proposed_ms, accepted_ms,
           caller_sid, callee_sid, caller_lost_ms, callee_lost_ms) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        call.callId,
        call.kind,
        call.callerId,
        call.calleeId,
        call.state,
        call.proposedMs,
        call.acceptedMs,
        call.callerSid,
        call.calleeSid,
        call.callerLostMs,
        call.calleeLostMs,
      );
    }
    this.current = call;
  }

  /** The call as pages see it. */
  info(): CallInfo | null {
    const c = this.call();
    if (!c) return null;
    return {
      callId: c.callId,
      kind: c.kind,
      callerId: c.callerId,
      state: c.state,
      acceptedAt: c.acceptedMs === null ? null : new Date(c.acceptedMs).toISOString(),
    };
  }

  /** When the alarm must look at the call again (ringing runs out, a lost side's grace ends). */
  nextDeadline(): number | null {
    const c = this.call();
    if (!c) return null;
    if (c.state === 'RINGING') return c.proposedMs + CALL_LIMITS.ringMs;
    const lost = [c.callerLostMs, c.calleeLostMs].filter((t): t is number => t !== null);
    return lost.length > 0 ? Math.min(...lost) + CALL_LIMITS.lostMs : null;
  }

  /** A newly admitted socket learns the call in progress (the incoming sheet, a reconnect's resume). */
  greet(ws: WebSocket, roomId: number): void {
    const call = this.info();
    if (call) sendFrame(ws, { type: 'call-state', chatRoomId: roomId, call });
  }

  /** One frame from `ws` (a member of `room`; `mayPost`: identity verified). */
  async handle(ws: WebSocket, room: RoomInfo, memberId: number, mayPost: boolean, f: ClientCallFrame): Promise<void> {
    const refuse = (code: CallErrorCode) => this.refuse(ws, room.roomId, f.callId, code);
    const now = Date.now();
    const c = this.call();
    if (room.closedReason) return refuse('CALL_ROOM_CLOSED');
    if (f.type === 'call-propose') {
      if (!mayPost) return refuse('CALL_IDENTITY_REQUIRED');
      if (c) return refuse('CALL_BUSY');
      if (!this.mayPropose(now)) return refuse('CALL_RATE_LIMITED');
      const calleeId = room.memberA === memberId ? room.memberB : room.memberA;
      const call: Call = {
        callId: f.callId,
        kind: f.kind,
        callerId: memberId,
        calleeId,
        state: 'RINGING',
        proposedMs: now,
        acceptedMs: null,
        callerSid: socketId(ws),
        calleeSid: null,
        callerLostMs: null,
        calleeLostMs: null,
      };
      this.sql.exec('INSERT INTO call_proposals (at_ms) VALUES (?)', now);
      this.save(call);
      await this.host.alarmBy(now + CALL_LIMITS.ringMs);
      this.announce(room.roomId);
      // The callee rings on whatever screen they are on (their live channel), not only in this room.
      return this.host.ringing({ callId: call.callId, kind: call.kind, calleeId, expiresMs: now + CALL_LIMITS.ringMs });
    }
    // Every other frame names the call in progress and comes from one of its two members.
    if (!c || c.callId !== f.callId) return refuse('CALL_INVALID');
    const isCaller = memberId === c.callerId;
    const sid = socketId(ws);
    const inCall = (isCaller ? c.callerSid : c.calleeSid) === sid && sid !== null;
    switch (f.type) {
      case 'call-accept': {
        if (isCaller || c.state !== 'RINGING') return refuse('CALL_INVALID');
        if (!mayPost) return refuse('CALL_IDENTITY_REQUIRED');
        this.save({ ...c, state: 'ACTIVE', acceptedMs: now, calleeSid: sid });
        this.announce(room.roomId);
        return this.host.ringEnded({ callId: c.callId, calleeId: c.calleeId });
      }
      case 'call-decline':
        if (isCaller || c.state !== 'RINGING') return refuse('CALL_INVALID');
        return this.end(room.roomId, 'DECLINED', now);
      case 'call-end': {
        if (c.state === 'RINGING') return this.end(room.roomId, isCaller ? 'CANCELLED' : 'DECLINED', now);
        return this.end(room.roomId, f.reason === 'FAILED' ? 'FAILED' : 'ENDED', now);
      }
      case 'call-resume': {
        // A reconnected page of a member in the call takes it over from its lost socket.
        if (!isCaller && c.state !== 'ACTIVE') return refuse('CALL_INVALID');
        this.save(
          isCaller ? { ...c, callerSid: sid, callerLostMs: null } : { ...c, calleeSid: sid, calleeLostMs: null },
        );
        return this.announce(room.roomId);
      }
      case 'call-offer':
      case 'call-answer':
      case 'call-ice': {
        // The caller offers (the first offer and every ICE restart), the callee answers; only
        // after the accept, only from the socket in the call, only to the other side's.
        if (c.state !== 'ACTIVE' || !inCall) return refuse('CALL_INVALID');
        if (f.type === 'call-offer' && !isCaller) return refuse('CALL_INVALID');
        if (f.type === 'call-answer' && isCaller) return refuse('CALL_INVALID');
        const target = isCaller ? c.calleeSid : c.callerSid;
        const to = this.host.sockets(isCaller ? c.calleeId : c.callerId).filter((s) => socketId(s) === target);
        const frame: CallServerFrame =
          f.type === 'call-ice'
            ? { type: 'call-ice', chatRoomId: room.roomId, callId: c.callId, candidate: f.candidate }
            : { type: f.type, chatRoomId: room.roomId, callId: c.callId, sdp: f.sdp };
        const text = JSON.stringify(frame);
        for (const s of to) {
          try {
            s.send(text);
          } catch {
            // gone meanwhile: its close starts the lost grace
          }
        }
        return;
      }
    }
  }

  /**
   * The callee declines from a screen without the room open (the ringing sheet, `POST …/calls/{callId}/decline`):
   * the same DECLINED as `call-decline`. False when that call is not ringing for this member (over already, or never theirs).
   */
  async declineAway(roomId: number, memberId: number, callId: string): Promise<boolean> {
    const c = this.call();
    if (!c || c.callId !== callId || c.state !== 'RINGING' || c.calleeId !== memberId) return false;
    await this.end(roomId, 'DECLINED', Date.now());
    return true;
  }

  /** Whether `callId` still rings for `memberId` (the ring push asks just before it goes out). */
  ringsFor(memberId: number, callId: string): boolean {
    const c = this.call();
    return c !== null && c.callId === callId && c.state === 'RINGING' && c.calleeId === memberId;
  }

  /** A socket closed: if it was a side's socket in the call, that side is lost from now (30 s grace). */
  async socketGone(ws: WebSocket): Promise<void> {
    const c = this.call();
    const sid = socketId(ws);
    if (!c || sid === null) return;
    const now = Date.now();
    if (c.state === 'ACTIVE' && c.callerSid === sid && c.callerLostMs === null) this.save({ ...c, callerLostMs: now });
    else if (c.state === 'ACTIVE' && c.calleeSid === sid && c.calleeLostMs === null) {
      this.save({ ...c, calleeLostMs: now });
    } else return;
    await this.host.alarmBy(now + CALL_LIMITS.lostMs);
  }

  /** From the alarm: a ringing call unanswered in time is missed; an abandoned one ends. */
  async expire(roomId: number, now: number): Promise<void> {
    const c = this.call();
    const due = this.nextDeadline();
    if (!c || due === null || due > now) return;
    await this.end(roomId, c.state === 'RINGING' ? 'MISSED' : 'ENDED', now);
  }

  /** The room closes (block, ban, leave…): a call in progress ends with it. */
  async roomClosing(roomId: number, now: number): Promise<void> {
    const c = this.call();
    if (c) await this.end(roomId, c.state === 'RINGING' ? 'MISSED' : 'ENDED', now);
  }

  private async end(roomId: number, outcome: CallOutcome, now: number): Promise<void> {
    const c = this.call();
    if (!c) return;
    this.save(null);
    const durationMs = outcome === 'ENDED' && c.acceptedMs !== null ? Math.max(0, now - c.acceptedMs) : null;
    this.announce(roomId, outcome);
    if (c.state === 'RINGING') await this.host.ringEnded({ callId: c.callId, calleeId: c.calleeId });
    await this.host.writeLine({ kind: c.kind, outcome, durationMs, callerId: c.callerId });
  }

  /** Proposals in the last window, both members together, under the limit (old ones pruned). */
  private mayPropose(now: number): boolean {
    const since = now - CALL_LIMITS.proposalWindowMs;
    this.tables.ensure();
    this.sql.exec('DELETE FROM call_proposals WHERE at_ms <= ?', since);
    const n = this.sql.exec<{ n: number }>('SELECT count(*) AS n FROM call_proposals').one().n;
    return n < CALL_LIMITS.proposalsPerWindow;
  }

  /** The call's state (null: ended, with how) to every socket of both members. */
  private announce(roomId: number, outcome?: CallOutcome): void {
    const frame: CallServerFrame = { type: 'call-state', chatRoomId: roomId, call: this.info() };
    if (outcome) frame.outcome = outcome;
    const text = JSON.stringify(frame);
    for (const s of this.host.sockets()) {
      try {
        s.send(text);
      } catch {
        // closed meanwhile
      }
    }
  }

  private refuse(ws: WebSocket, roomId: number, callId: string | null, code: CallErrorCode): void {
    sendFrame(ws, { type: 'call-error', chatRoomId: roomId, callId, code, message: CALL_MESSAGES[code] });
  }
}
