// Fewer ghosted conversations (docs/chat.md "Your turn and quiet rooms"): the your-turn limit that
// new requests and accepts must pass, and 대화 마무리하기 for a room silent for 14 days.
import { CHAT_MESSAGES, YOUR_TURN, type RoomCloseReasonCode, type WaitingRoom } from '../../contract/chat';
import type { RequestContext } from '../../lib/context';
import { rawRead } from '../../lib/db';
import type { Db } from '../../lib/env';
import { Conflict, NotFound, YourTurnLimit } from '../../lib/errors';
import { imageUrl } from '../media/service';
import { announceRoomClosed } from './notify';
import * as repo from './repo';

const toWaitingRoom = (r: repo.WaitingRoomRow): WaitingRoom => ({
  chatRoomId: r.chatRoomId,
  opponentId: r.opponentId,
  opponentNickname: r.opponentName,
  opponentProfileImageUrl: r.opponentImageKey ? imageUrl(r.opponentImageKey) : null,
  lastMessageAt: r.lastMessageAt,
});

/**
 * The read behind the your-turn limit (refuseYourTurn, 409 YOUR_TURN_LIMIT with the waiting rooms,
 * when YOUR_TURN.limit or more open rooms wait on the member's reply). One D1 query on the rooms' summary, which trails a room by one summary
 * interval (2 s; up to ~40 s while both members are in the room): a reply just sent may still count.
 */
export const yourTurnRead = (db: Db, memberId: number) =>
  rawRead<repo.WaitingRoomRow>(db, repo.waitingRoomsQuery(memberId, YOUR_TURN.listMax));

/** The your-turn limit over yourTurnRead's rows (read in a call's first batch: requireMemberAnd). */
export function refuseYourTurn(rows: repo.WaitingRoomRow[]): void {
  const waitingCount = rows[0]?.total ?? 0;
  if (waitingCount < YOUR_TURN.limit) return;
  throw new YourTurnLimit(CHAT_MESSAGES.yourTurnLimit, { waitingCount, waiting: rows.map(toWaitingRoom) });
}

/**
 * 대화 마무리하기: either member closes an open room that has been silent for YOUR_TURN.wrapUpAfterMs
 * (checked in the closing statement itself), for both, with WRAPPED_UP — the rooms' usual close path
 * (both lists keep it, ended; both pages show the reason's line). Not a member: 404; closed otherwise
 * or not silent long enough: 409. Wrapping up a room already wrapped up answers the same again.
 */
export async function wrapUpRoom(
  ctx: RequestContext,
  memberId: number,
  roomId: number,
): Promise<{ closedReason: RoomCloseReasonCode }> {
  const room = await repo.findRoomOf(ctx.db, roomId, memberId);
  if (!room) throw new NotFound(CHAT_MESSAGES.roomNotFound, 'CHAT_ROOM_NOT_FOUND');
  if (room.closedReason === 'WRAPPED_UP') return { closedReason: 'WRAPPED_UP' };
  if (room.closedReason) throw new Conflict(CHAT_MESSAGES.roomClosed, 'CHAT_ROOM_CLOSED');
  const silentBefore = new Date(ctx.now.getTime() - YOUR_TURN.wrapUpAfterMs).toISOString();
  const at = ctx.now.toISOString();
  const closed = await repo.closeQuietRoom(ctx.db, roomId, { by: memberId, reason: 'WRAPPED_UP', at }, silentBefore);
  if (!closed) {
    // Closed meanwhile (by the other member's wrap-up, a block…), or not silent for long enough.
    const now = await repo.findRoomOf(ctx.db, roomId, memberId);
    if (now?.closedReason === 'WRAPPED_UP') return { closedReason: 'WRAPPED_UP' };
    if (now?.closedReason) throw new Conflict(CHAT_MESSAGES.roomClosed, 'CHAT_ROOM_CLOSED');
    throw new Conflict(CHAT_MESSAGES.wrapUpTooSoon, 'CHAT_ROOM_NOT_QUIET');
  }
  await announceRoomClosed(ctx.env, closed, 'WRAPPED_UP');
  return { closedReason: 'WRAPPED_UP' };
}
