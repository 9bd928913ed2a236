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

/** The client's address as Cloudflare reports it (loopback locally). */
export function clientIp(headers: Headers): string {
  return headers.get('CF-Connecting-IP') ?? headers.get('X-Forwarded-For')?.split(',')[0]?.trim() ?? 'local';
}
