// Member authentication: the member id comes from the verified bearer token only.
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import { findMemberAuthState, touchLastActive, type MemberAuthState } from '../areas/members/repo';
import { bannedError, isBanned } from '../areas/members/service';
import { nowDate } from './clock';
import type { AppEnv, Db } from './env';
import { Unauthorized } from './errors';
import { verifyAccessToken } from './tokens';

const ACTIVITY_PRECISION_MS = 5 * 60_000;

/** Reads the member's auth state; a route may read what it needs besides in the same query. */
export type MemberStateLoader = (c: Context<AppEnv>, db: Db, memberId: number) => Promise<MemberAuthState | undefined>;

export const requireMember = requireMemberWith((_c, db, memberId) => findMemberAuthState(db, memberId));

/** requireMember with the auth-state read done by `load` (e.g. joined with the row the route needs). */
export function requireMemberWith(load: MemberStateLoader) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new Unauthorized();
    const now = nowDate(c.env);
    const memberId = await verifyAccessToken(c.env, match[1], now);
    const db = c.get('db');
    const member = await load(c, db, memberId);
    if (!member) throw new Unauthorized('회원 정보를 찾을 수 없어요. 다시 로그인해 주세요.', 'MEMBER_GONE');
    if (isBanned(member, now)) throw await bannedError(db, member);
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
