// The chat area's API for other areas (what they ask of chat): closing rooms (block, ban, withdrawal), dropping a member's live
// sockets (ban), reading a room's recent messages (report evidence) and the messages around one
// (the safety desk). D1 records the closing; each room's Durable Object tells its connected
// clients and closes their sockets.
import type { RoomCloseReasonCode } from '../../contract/chat';
import { announceRoomClosed } from './notify';
import { chatRoomStub } from './stubs';
import { memberChannelStub } from '../live/publish';
import type { Db, Env } from '../../lib/env';
import * as repo from './repo';

/** New requests and accepts first pass the your-turn limit (409 YOUR_TURN_LIMIT; your-turn.ts). */
export { refuseYourTurn, yourTurnRead } from './your-turn';

export type RoomCloseReason = RoomCloseReasonCode;
/** A stored original: a photo has `imageKey` (and empty content); an unsent message keeps its content, `deleted`. */
export type StoredMessage = {
  id: number;
  senderId: number;
  content: string;
  sentAt: string;
  imageKey?: string | null;
  /** A voice note's private key (docs/voice.md "Voice notes"). */
  audioKey?: string | null;
  durationMs?: number;
  deleted?: boolean;
};

/** Closes every open room between two members (e.g. after a block). `a` is the member acting. */
export async function closeRoomsBetween(
  env: Env,
  db: Db,
  a: number,
  b: number,
  reason: RoomCloseReason,
  at: string,
): Promise<void> {
  const rooms = await repo.closeRoomsBetween(db, a, b, { by: a, reason, at });
  await Promise.all(rooms.map((room) => announceRoomClosed(env, room, reason)));
}

/** Closes every open room of a member (ban, withdrawal); their own sockets close 4403, the other side's 4409. */
export async function closeRoomsOf(
  env: Env,
  db: Db,
  memberId: number,
  reason: RoomCloseReason,
  at: string,
): Promise<void> {
  const rooms = await repo.closeRoomsOf(db, memberId, { by: memberId, reason, at });
  await Promise.all(rooms.map((room) => announceRoomClosed(env, room, reason, memberId)));
}

/** Drops the member's open chat sockets at once (ban): every room socket and every live channel tab. */
export async function disconnectMember(env: Env, db: Db, memberId: number): Promise<void> {
  const roomIds = await repo.roomIdsOf(db, memberId);
  await Promise.all([
    ...roomIds.map((id) => chatRoomStub(env, id).disconnectMember(memberId)),
    memberChannelStub(env, memberId).disconnect(),
  ]);
}

/** The room's latest stored originals, oldest first (report samples, data export); unsent ones included. */
export async function recentMessages(env: Env, roomId: number, limit: number): Promise<StoredMessage[]> {
  return chatRoomStub(env, roomId).evidence(limit);
}

/** A message with up to `around` before and after it, oldest first; empty when the room has no such message. */
export async function messagesAround(
  env: Env,
  roomId: number,
  messageId: number,
  around: number,
): Promise<StoredMessage[]> {
  return chatRoomStub(env, roomId).evidenceAround(messageId, around);
}

/** The room if `memberId` is one of its two members and it is still open; otherwise nothing (callers answer 404). */
export async function openRoomOf(db: Db, roomId: number, memberId: number): Promise<repo.RoomRow | undefined> {
  const room = await repo.findRoomOf(db, roomId, memberId);
  return room && room.closedReason === null ? room : undefined;
}
