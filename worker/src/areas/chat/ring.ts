// A call ringing on any screen (docs/voice.md "Calls", "Ringing on any screen"): the room tells the
// callee's live channel that a call rings (with the caller as the callee's room list shows them)
// and when it stops. Best effort: a notice that cannot be read or delivered never fails the call
// (the callee's pages with the room open hear the call on the room socket anyway).
import type { CallKind } from '../../contract/voice';
import { envDb } from '../../lib/db';
import type { Env } from '../../lib/env';
import { logFailure } from '../../lib/log';
import { publishToMember } from '../live/publish';
import { notifyCallRinging } from '../notifications/producers';
import { listRoomsQuery } from './repo';
import { toRoomItem } from './service';

export type Ring = { roomId: number; callId: string; kind: CallKind; calleeId: number; expiresMs: number };

/**
 * `call-ringing` to the callee's open pages, and a Web Push to their devices through the `notif` queue
 * (a callee with no page open: docs/voice.md "Ringing on any screen"). The caller's name and photo come from the callee's own
 * room row (`toRoomItem`: the same rule as the list, nothing more); no row or a closed room: no ring.
 */
export async function announceRinging(env: Env, ring: Ring): Promise<void> {
  let caller: { nickname: string; profileImageUrl: string | null };
  try {
    const [row] = await listRoomsQuery(envDb(env), ring.calleeId, ring.roomId);
    const item = row ? toRoomItem(row) : null;
    if (!item || item.closedReason !== null || item.opponentWithdrawn) return;
    caller = { nickname: item.opponentNickname, profileImageUrl: item.opponentProfileImageUrl };
  } catch (err) {
    logFailure('chat-call-ring', err);
    return;
  }
  await publishToMember(env, ring.calleeId, {
    type: 'call-ringing',
    chatRoomId: ring.roomId,
    callId: ring.callId,
    kind: ring.kind,
    caller,
    expiresAt: new Date(ring.expiresMs).toISOString(),
  });
  await notifyCallRinging(env, { ...ring, caller: caller.nickname });
}

/** `call-ring-end` to the callee's open pages (answered, declined, cancelled, missed, closed). */
export async function announceRingEnd(env: Env, ring: Pick<Ring, 'roomId' | 'callId' | 'calleeId'>): Promise<void> {
  await publishToMember(env, ring.calleeId, { type: 'call-ring-end', chatRoomId: ring.roomId, callId: ring.callId });
}
