// The day's ranked list per member (matching_rankings) and the recommendation history.
import { and, eq, gte, max, sql, type Placeholder } from 'drizzle-orm';
import { matchingHistory, matchingRankings } from '../../db/schema';
import type { Db } from '../../lib/env';
import type { StoredRanking } from './candidate-repo';

/** Stores a member's list for the day (a query, so it can join a batch). */
export function saveRankingQuery(db: Db, memberId: number, r: StoredRanking) {
  return db
    .insert(matchingRankings)
    .values({ memberId, ...r })
    .onConflictDoUpdate({ target: matchingRankings.memberId, set: { ...r } });
}

/**
 * Records profiles as shown on `page`. A row saved since the current ranking was computed is
 * left alone (the same call twice changes nothing); an older one — shown on an earlier day and
 * past its cool-down — is stamped again.
 */
export async function saveHistory(
  db: Db,
  memberId: number,
  profileIds: readonly number[],
  page: number,
  shownAt: string,
  rankingComputedAt: string,
): Promise<void> {
  if (profileIds.length === 0) return;
  // 4 parameters per row: 20 rows stay under D1's 100-parameter limit.
  for (let i = 0; i < profileIds.length; i += 20) {
    const rows = profileIds.slice(i, i + 20).map((profileId) => ({ memberId, profileId, page, shownAt }));
    await db
      .insert(matchingHistory)
      .values(rows)
      .onConflictDoUpdate({
        target: [matchingHistory.memberId, matchingHistory.profileId],
        set: { page: sql`excluded.page`, shownAt: sql`excluded.shown_at` },
        setWhere: sql`${matchingHistory.shownAt} < ${rankingComputedAt}`,
      });
  }
}

/**
 * The highest page saved to history since the member's stored list was computed (null without a
 * list or a page): lastSavedPageSince for that list, as one statement a batch can carry.
 */
export function lastSavedPageQuery(db: Db, memberId: number | Placeholder) {
  return db
    .select({ lastPage: max(matchingHistory.page) })
    .from(matchingHistory)
    .where(
      and(
        eq(matchingHistory.memberId, memberId),
        gte(
          matchingHistory.shownAt,
          sql`(SELECT ${matchingRankings.computedAt} FROM ${matchingRankings} WHERE ${matchingRankings.memberId} = ${memberId})`,
        ),
      ),
    );
}
