// Fixed-window rate limits kept in D1 (one row per purpose + subject).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './env';
import { RateLimited } from './errors';
import { rateLimits } from '../db/schema';

export type Limit = { max: number; windowSeconds: number };

const windowOf = (limit: Limit, now: Date): number =>
  Math.floor(now.getTime() / 1000 / limit.windowSeconds) * limit.windowSeconds;

/**
 * The counting statement of `hit`, not yet run: a `db.batch` item (or awaited alone) answering
 * the window's count after this hit. A batch that writes under the limit guards its other
 * statements with `underLimit` and answers with `refuseOverLimit` (as `hit` does alone).
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
export function underLimit(key: string, limit: Limit, now: Date): SQL {
  return sql`(SELECT count FROM rate_limits WHERE key = ${key} AND window_start = ${windowOf(limit, now)}) <= ${limit.max}`;
}

/** Throws 429 when `hitStatement`'s rows say the window's budget is spent. */
export function refuseOverLimit(rows: { count: number }[], limit: Limit, message?: string): void {
  if ((rows[0]?.count ?? 0) > limit.max) throw new RateLimited(message);
}

/** Counts one hit for `key`; throws 429 when the window's budget is spent. */
export async function hit(db: Db, key: string, limit: Limit, now: Date, message?: string): Promise<void> {
  refuseOverLimit(await hitStatement(db, key, limit, now), limit, message);
}

/**
 * Gives back one hit counted by `hit` in the same window (never below zero, nothing once the
 * window has moved on). For limits meant for failures only, such as sign-in guesses: the hit is
 * counted before the expensive check, so a flood cannot buy that work, and refunded when the
 * attempt succeeds, so an operator who signs in often is never locked out by their own successes.
 */
export async function refund(db: Db, key: string, limit: Limit, now: Date): Promise<void> {
  const window = windowOf(limit, now);
  await db
    .update(rateLimits)
    .set({ count: sql`MAX(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key} AND ${rateLimits.windowStart} = ${window}`);
}

/** The client's address as Cloudflare reports it (loopback locally). */
export function clientIp(headers: Headers): string {
  return headers.get('CF-Connecting-IP') ?? headers.get('X-Forwarded-For')?.split(',')[0]?.trim() ?? 'local';
}
