// Calls that the author or an admin may make (deleting community posts and comments): a console
// call (admin session cookie + the console's CSRF header) is checked as an admin call, with the
// same rules as /admin/*; anything else must be a member's bearer call.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE } from '../../contract/admin';
import { requireAdmin } from '../../lib/admin-auth';
import { readSessionCookie } from '../../lib/cookies';
import type { AppEnv } from '../../lib/env';
import { requireMember } from './member-auth';

export type MemberOrAdmin = { kind: 'member'; memberId: number } | { kind: 'admin'; adminId: number };

const isConsoleCall = (c: Context<AppEnv>): boolean =>
  c.req.header(ADMIN_CSRF_HEADER) === ADMIN_CSRF_VALUE && readSessionCookie(c, 'admin') !== undefined;

/** Sets `adminId` for a console call (CSRF + live session), else `memberId` from the bearer. */
export const requireMemberOrAdmin = createMiddleware<AppEnv>((c, next) =>
  isConsoleCall(c) ? requireAdmin(c, next) : requireMember(c, next),
);

/** Who passed `requireMemberOrAdmin`. */
export function memberOrAdmin(c: Context<AppEnv>): MemberOrAdmin {
  const adminId: number | undefined = c.get('adminId');
  return adminId === undefined ? { kind: 'member', memberId: c.get('memberId') } : { kind: 'admin', adminId };
}
