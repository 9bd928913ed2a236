// Reads for the safety shield's refusals: a member's age and verification, and what they did today.
import { and, count, eq, gte, isNull } from 'drizzle-orm';
import { chatRequests, chatRoomMembers, chatRooms, members } from '../../db/schema';
import type { Db } from '../../lib/env';

export async function accountStanding(
  db: Db,
  memberId: number,
): Promise<{ createdAt: string; identityVerifiedAt: string | null } | undefined> {
  const rows = await db
    .select({ createdAt: members.createdAt, identityVerifiedAt: members.identityVerifiedAt })
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)))
    .limit(1);
  return rows[0];
}

/** Chat requests the member sent at or after `since` (whatever became of them). */
export async function requestsSentSince(db: Db, memberId: number, since: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(chatRequests)
    .where(and(eq(chatRequests.requesterId, memberId), gte(chatRequests.createdAt, since)));
  return rows[0]?.n ?? 0;
}

/** Rooms the member is in that opened at or after `since` (either side's accept, or a mutual request). */
export async function roomsOpenedSince(db: Db, memberId: number, since: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(chatRoomMembers)
    .innerJoin(chatRooms, eq(chatRooms.id, chatRoomMembers.roomId))
    .where(and(eq(chatRoomMembers.memberId, memberId), gte(chatRooms.createdAt, since)));
  return rows[0]?.n ?? 0;
}
