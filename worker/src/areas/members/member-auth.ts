// Member authentication: the member id comes from the verified bearer token only.
import { createMiddleware } from 'hono/factory';
import type { Context, MiddlewareHandler } from 'hono';
import { sql } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import { findMemberAuthState, memberAuthStateQuery, touchLastActive, type MemberAuthState } from './repo';
import { memberInGoodStanding } from './service';
import { nowDate } from '../../lib/clock';
import { batchRead } from '../../lib/db';
import type { AppEnv, Db } from '../../lib/env';
import { Unauthorized } from '../../lib/errors';
import { verifyAccessToken } from '../../lib/tokens';

const ACTIVITY_PRECISION_MS = 5 * 60_000;

/** Reads the member's auth state; a route may read what it needs besides in the same query. */
export type MemberStateLoader = (c: Context<AppEnv>, db: Db, memberId: number) => Promise<MemberAuthState | undefined>;

export const requireMember = requireMemberWith((_c, db, memberId) => findMemberAuthState(db, memberId));

/** Options of the member checks: `under19Allowed` for the calls a member under 19 still needs. */
export type MemberCheckOptions = { under19Allowed?: boolean };

/**
 * requireMember for the few calls a member under 19 may still make (docs/trust.md "Adults only"): their own account
 * (GET mypage/profile), the data export, the account deletion and ping. Every other member call
 * answers them 403 UNDER_19.
 */
export const requireMemberEvenUnder19 = requireMemberWith((_c, db, memberId) => findMemberAuthState(db, memberId), {
  under19Allowed: true,
});

/** requireMember with the auth-state read done by `load` (e.g. joined with the row the route needs). */
export function requireMemberWith(load: MemberStateLoader, options: MemberCheckOptions = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new Unauthorized();
    const now = nowDate(c.env);
    const memberId = await verifyAccessToken(c.env, match[1], now);
    const db = c.get('db');
    const member = await memberInGoodStanding({ db }, await load(c, db, memberId), now, options);
    c.set('memberId', memberId);
    await next();
    // Coarse activity stamp for recommendations: the auth read above brought the last stamp, so
    // the row is written (after the response) only when that stamp is over 5 minutes old.
    const stale = new Date(now.getTime() - ACTIVITY_PRECISION_MS).toISOString();
    if (member.lastActiveAt < stale) {
      c.executionCtx.waitUntil(touchLastActive(db, memberId, now.toISOString(), stale).catch(() => undefined));
    }
  });
}

/** A route's first reads: drizzle queries, not yet run. */
export type MemberReads = readonly [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

type Outcome<T extends MemberReads> = { ok: true; rows: BatchResponse<T> } | { ok: false; error: unknown };

/**
 * requireMember with the route's first reads in the same D1 batch as the auth statement: one
 * round trip where there were two (docs/performance.md). `reads` builds them from the member id of
 * the verified token; `rows(c)` hands their results to the route only after the member passed
 * every check (a missing member's batch ends in the 401, a banned member's in the 403, with the
 * rows dropped). Reads only: the batch runs before the checks, so it must change nothing. Column
 * names unique within each statement: D1 returns batched rows keyed by column name. A
 * `reads` that throws (a bad query string) answers after the checks, as it would without the batch.
 */
export function requireMemberAnd<T extends MemberReads>(
  reads: (c: Context<AppEnv>, db: Db, memberId: number) => T,
  options: MemberCheckOptions = {},
): { middleware: MiddlewareHandler<AppEnv>; rows: (c: Context<AppEnv>) => BatchResponse<T> } {
  const outcomes = new WeakMap<Request, Outcome<T>>();
  const middleware = requireMemberWith(async (c, db, memberId) => {
    let queries: T;
    try {
      queries = reads(c, db, memberId);
    } catch (error) {
      outcomes.set(c.req.raw, { ok: false, error });
      return findMemberAuthState(db, memberId);
    }
    const auth = batchRead(db, 'member-auth-state', () => memberAuthStateQuery(db, sql.placeholder('id')), {
      id: memberId,
    });
    const batch: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] = [auth, ...queries];
    const [state, ...rows] = (await db.batch(batch)) as [MemberAuthState[], ...unknown[]];
    outcomes.set(c.req.raw, { ok: true, rows: rows as BatchResponse<T> });
    return state[0];
  }, options);
  const rows = (c: Context<AppEnv>): BatchResponse<T> => {
    const outcome = outcomes.get(c.req.raw);
    if (!outcome) throw new Error('requireMemberAnd: rows(c) read without its middleware');
    if (!outcome.ok) throw outcome.error;
    return outcome.rows;
  };
  return { middleware, rows };
}
