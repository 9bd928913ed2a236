// The daily Cron Trigger's part of "adults only" (docs/trust.md): members under 19 by
// the year rule who still have open chat rooms get them closed, through the same path as a ban or
// a withdrawal (chat/hooks closeRoomsOf: D1 records the closing, the room's Durable Object tells
// both sides and the other member sees the closing line). `members.minor_closed_at` marks a member
// done, so the job is idempotent and a rerun (or two overlapping runs) changes nothing twice.
// Seeing and being seen needs no job: the visibility module hides them at once.
import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import { adultBirthdayCut } from '../../contract/age';
import { members } from '../../db/schema';
import type { Db, Env } from '../../lib/env';
import { closeRoomsOf, disconnectMember } from '../chat/rooms-api';

/** Members handled per statement; the job repeats until none are left. */
export const MINORS_BATCH = 100;

/** Members under 19 now (born on or after the cut) not yet handled, oldest first. */
async function dueMinors(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(isNull(members.deletedAt), isNull(members.minorClosedAt), gte(members.birthday, adultBirthdayCut(now))))
    .orderBy(asc(members.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Closes the open rooms of every member under 19 once; answers how many members were handled. */
export async function closeMinorsRooms(env: Env, db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  let total = 0;
  for (;;) {
    const ids = await dueMinors(db, now, MINORS_BATCH);
    for (const id of ids) {
      await closeRoomsOf(env, db, id, 'UNDER_19', at);
      await disconnectMember(env, db, id);
      await db
        .update(members)
        .set({ minorClosedAt: at })
        .where(and(eq(members.id, id), isNull(members.minorClosedAt)));
    }
    total += ids.length;
    if (ids.length < MINORS_BATCH) return total;
  }
}
