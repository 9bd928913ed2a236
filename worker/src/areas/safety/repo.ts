// Reads for the safety shield's refusals: a member's age and verification, and what they did today.
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { members } from '../../db/schema';
import type { Db } from '../../lib/env';

export function accountStandingQuery(db: Db, memberId: number) {
  return db
    .select({ createdAt: members.createdAt, identityVerifiedAt: members.identityVerifiedAt })
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)))
    .limit(1);
}

/** Chat requests the member sent at or after `since` (whatever became of them): one row, `n`. */
export const requestsSentSinceSql = (memberId: number, since: string): SQL =>
  sql`SELECT count(*) AS n FROM chat_requests WHERE requester_id = ${memberId} AND created_at >= ${since}`;

/** Rooms the member is in that opened at or after `since` (either side's accept, or a mutual request): one row, `n`. */
export const roomsOpenedSinceSql = (memberId: number, since: string): SQL =>
  sql`SELECT count(*) AS n FROM chat_room_members crm JOIN chat_rooms r ON r.id = crm.room_id
      WHERE crm.member_id = ${memberId} AND r.created_at >= ${since}`;
