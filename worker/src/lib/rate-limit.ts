// Fixed-window rate limits kept in D1 (one row per purpose + subject).
import { sql, type SQL } from 'drizzle-orm';
import { rawRead } from './db';
import type { Db } from './env';
import { RateLimited } from './errors';
import { rateLimits } from '../db/schema';

export type Limit = { max: number; windowSeconds: number };

/** The start (epoch seconds) of the fixed window `now` falls in. */
const windowOf = (limit: Limit, now: Date): number =>
  Math.floor(now.getTime() / 1000 / limit.windowSeconds) * limit.windowSeconds;

/*
 * Three forms of one limit. `hit`: counted alone, before the write. In a write's batch, counted
 * first (`hitStatement`, then the writes guarded by `countedWithinLimit`, answered with
 * `refuseOverCount`): the same as `hit`, a refused attempt counts. Or read first (below, `hitsUsedRead`
 * with the auth statement): a refusal is answered before anything is written or stored elsewhere
 * (a post's image), and counts nothing.
 */

/**
 * The counting statement of `hit`, not yet run: a `db.batch` item (or awaited alone) answering
 * the window's count after this hit. A batch that writes under the limit guards its other
 * statements with `countedWithinLimit` and answers with `refuseOverCount` (as `hit` does alone).
 */
export function hitStatement(db: Db, key: string, limit: Limit, now: Date) {
  const window = windowOf(limit, now);
  return db
    .insert(rateLimits)
    .values({ key, windowStart: window, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} = ${window} THEN ${rateLimits.count} + 1 ELSE 1 END`,
        windowStart: window,
      },
    })
    .returning({ count: rateLimits.count });
}

/**
 * SQL for a statement after `hitStatement` in the same batch: true while the hit just counted is
 * within the budget, so a refused call writes nothing but its count (as `hit` throwing before the write).
 */
export function countedWithinLimit(key: string, limit: Limit, now: Date): SQL {
  return sql`(SELECT count FROM rate_limits WHERE key = ${key} AND window_start = ${windowOf(limit, now)}) <= ${limit.max}`;
}

/** Throws 429 when `hitStatement`'s rows say the window's budget is spent. */
export function refuseOverCount(rows: { count: number }[], limit: Limit, message?: string): void {
  if ((rows[0]?.count ?? 0) > limit.max) throw new RateLimited(message);
}

/** Counts one hit for `key`; throws 429 when the window's budget is spent. */
export async function hit(db: Db, key: string, limit: Limit, now: Date, message?: string): Promise<void> {
  refuseOverCount(await hitStatement(db, key, limit, now), limit, message);
}

/*
 * The same limit for a write done in one D1 batch (docs/performance.md "Round trips"): the hits
 * used so far are read with the auth statement (`hitsUsedRead`, a refusal answered from it writes
 * nothing), then the write, guarded in SQL by `underLimit`, and `countHit`, guarded by the same
 * condition, go in one batch, the count last (it changes what `underLimit` answers). A write
 * refused by the limit counts nothing, where `hit` counts the refused attempt too: either way the
 * window's later calls are refused until it moves on.
 */

/** SQL: the hits `key` has used in the current window (0 without a row or in a new window). */
function hitsUsedSql(key: string, limit: Limit, now: Date): SQL {
  const window = windowOf(limit, now);
  return sql`coalesce((SELECT CASE WHEN rl.window_start = ${window} THEN rl.count ELSE 0 END
    FROM rate_limits rl WHERE rl.key = ${key}), 0)`;
}

/** SQL: one more hit of `key` is within the limit now. */
export function underLimit(key: string, limit: Limit, now: Date): SQL {
  return sql`(${hitsUsedSql(key, limit, now)} < ${limit.max})`;
}

/** The hits used so far, as a batch read (one row, `used`). */
export function hitsUsedRead(db: Db, key: string, limit: Limit, now: Date) {
  return rawRead<{ used: number }>(db, sql`SELECT ${hitsUsedSql(key, limit, now)} AS used`);
}

/** Whether `hitsUsedRead`'s rows leave room for one more hit. */
export const roomForHit = (rows: { used: number }[], limit: Limit): boolean => (rows[0]?.used ?? 0) < limit.max;

/** Throws 429 (as `hit` does) when `hitsUsedRead`'s rows leave no room. */
export function refuseOverLimit(rows: { used: number }[], limit: Limit, message?: string): void {
  if (!roomForHit(rows, limit)) throw new RateLimited(message);
}

/** 429 as `hit` answers it. */
export const rateLimited = (message?: string) => new RateLimited(message);

/** Counts one hit for `key` when `guard` holds (a batch item; put it after the writes `guard` also guards). */
export function countHit(db: Db, key: string, limit: Limit, now: Date, guard: SQL) {
  const window = windowOf(limit, now);
  return rawRead<never>(
    db,
    sql`INSERT INTO rate_limits (key, window_start, count) SELECT ${key}, ${window}, 1 WHERE ${guard}
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.window_start = ${window} THEN rate_limits.count + 1 ELSE 1 END,
        window_start = ${window}`,
  );
}

/**
 * Gives back one hit counted by `hit` in the same window (never below zero, nothing once the
 * window has moved on). For limits meant for failures only, such as sign-in guesses: the hit is
 * counted before the expensive check, so a flood cannot buy that work, and refunded when the
 * attempt succeeds, so an operator who signs in often is never locked out by their own successes.
 */
export async function refund(db: Db, key: string, limit: Limit, now: Date): Promise<void> {
  const window = Math.floor(now.getTime() / 1000 / limit.windowSeconds) * limit.windowSeconds;
  await db
    .update(rateLimits)
    .set({ count: sql`MAX(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key} AND ${rateLimits.windowStart} = ${window}`);
}

/** The client's address as Cloudflare reports it (loopback locally). */
export function clientIp(headers: Headers): string {
  return headers.get('CF-Connecting-IP') ?? headers.get('X-Forwarded-For')?.split(',')[0]?.trim() ?? 'local';
}
