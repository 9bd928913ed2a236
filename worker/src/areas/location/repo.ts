// Location reads and the per-day change counter (kept in rate_limits, one row per member).
import { eq, sql } from 'drizzle-orm';
import { members, rateLimits } from '../../db/schema';
import type { Db } from '../../lib/env';

export type StoredPlace = { address: string | null; lat: number | null; lng: number | null };

export async function findMemberPlace(db: Db, memberId: number): Promise<StoredPlace | undefined> {
  const rows = await db
    .select({ address: members.address, lat: members.lat, lng: members.lng })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return rows[0];
}

/**
 * Counts one location change for `memberId` in the Korean day starting at `dayStart` (epoch
 * seconds) and answers how many that day now holds. The window is the Korean day, which the
 * generic fixed-window limiter (UTC-aligned windows) cannot express.
 */
export async function countLocationChange(db: Db, memberId: number, dayStart: number): Promise<number> {
  const rows = await db
    .insert(rateLimits)
    .values({ key: `location-change:${memberId}`, windowStart: dayStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} = ${dayStart} THEN ${rateLimits.count} + 1 ELSE 1 END`,
        windowStart: dayStart,
      },
    })
    .returning({ count: rateLimits.count });
  return rows[0]?.count ?? 0;
}
