// Fixed-window rate limits kept in D1 (one row per purpose + subject).
import { sql } from 'drizzle-orm';
import type { Db } from './env';
import { RateLimited } from './errors';
import { rateLimits } from '../db/schema';

export type Limit = { max: number; windowSeconds: number };

/** Counts one hit for `key`; throws 429 when the window's budget is spent. */
export async function hit(db: Db, key: string, limit: Limit, now: Date, message?: string): Promise<void> {
  const window = Math.floor(now.getTime() / 1000 / limit.windowSeconds) * limit.windowSeconds;
  const rows = await db
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
  if ((rows[0]?.count ?? 0) > limit.max) throw new RateLimited(message);
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
