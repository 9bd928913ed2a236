// What other areas ask of chat: closing rooms (block, ban, withdrawal), dropping a member's live
// sockets (ban), and reading a room's recent messages (report evidence).
// INTERIM bodies (D1 only) — the chat area replaces them with the Durable Object versions.
import { and, eq, isNull, or } from 'drizzle-orm';
import { chatRooms } from '../../db/schema';
import type { Db, Env } from '../../lib/env';

export type RoomCloseReason = 'LEFT' | 'BLOCKED' | 'BANNED' | 'WITHDRAWN';
export type StoredMessage = { id: number; senderId: number; content: string; sentAt: string };

/** Closes every open room between two members (e.g. after a block). */
export async function closeRoomsBetween(
  _env: Env,
  db: Db,
  a: number,
  b: number,
  reason: RoomCloseReason,
  at: string,
): Promise<void> {
  await db
    .update(chatRooms)
    .set({ closedAt: at, closedReason: reason, closedBy: a })
    .where(
      and(
        isNull(chatRooms.closedAt),
        or(and(eq(chatRooms.memberA, a), eq(chatRooms.memberB, b)), and(eq(chatRooms.memberA, b), eq(chatRooms.memberB, a))),
      ),
    );
}

/** Closes every open room of a member (ban, withdrawal). */
export async function closeRoomsOf(_env: Env, db: Db, memberId: number, reason: RoomCloseReason, at: string): Promise<void> {
  await db
    .update(chatRooms)
    .set({ closedAt: at, closedReason: reason, closedBy: memberId })
    .where(and(isNull(chatRooms.closedAt), or(eq(chatRooms.memberA, memberId), eq(chatRooms.memberB, memberId))));
}

/** Drops the member's open chat sockets at once (ban). */
export async function disconnectMember(_env: Env, _db: Db, _memberId: number): Promise<void> {}

/** The room's latest messages, oldest first (for checking report samples). */
export async function recentMessages(_env: Env, _roomId: number, _limit: number): Promise<StoredMessage[]> {
  return [];
}
