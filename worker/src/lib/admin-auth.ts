// Admin authentication: the admin comes only from a live `ongi_admin` session cookie (a member
// bearer token never counts) that has passed its second factor, and every unsafe admin request
// must prove it came from our console. Roles: docs/safety.md "Roles".
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE, ADMIN_MESSAGES, SECOND_FACTOR_REQUIRED_CODE } from '../contract/admin';
import type { AdminRole } from '../contract/admin-auth';
import { sessionForCookie } from './admin-session';
import { nowDate } from './clock';
import { readSessionCookie } from './cookies';
import type { AppEnv } from './env';
import { Forbidden, Unauthorized } from './errors';
import { sameOriginOnly } from './same-origin';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF for cookie-authenticated admin calls: same origin (Origin / Sec-Fetch-Site) AND the
 * custom header. The header cannot be sent cross-site without a CORS preflight, which we never
 * grant, so it still holds when a browser omits Origin.
 */
export const adminCsrf = createMiddleware<AppEnv>((c, next) =>
  sameOriginOnly(c, async () => {
    if (!SAFE.has(c.req.method) && c.req.header(ADMIN_CSRF_HEADER) !== ADMIN_CSRF_VALUE) {
      throw new Forbidden(ADMIN_MESSAGES.csrfRejected, 'CSRF_REJECTED');
    }
    await next();
  }),
);

/**
 * CSRF check, then a live session whatever its second factor; sets `adminSession`. Only for the
 * sign-in's second step (enrol, confirm, verify): everything else uses requireAdmin.
 */
export const requireAdminSession = createMiddleware<AppEnv>((c, next) =>
  adminCsrf(c, async () => {
    const session = await sessionForCookie(c.get('db'), readSessionCookie(c, 'admin'), nowDate(c.env));
    if (!session) throw new Unauthorized(ADMIN_MESSAGES.sessionRequired, 'ADMIN_SESSION_REQUIRED');
    c.set('adminSession', session);
    await next();
  }),
);

/**
 * For every admin route after sign-in: CSRF check, then a live session that has passed its second
 * factor (401 SECOND_FACTOR_REQUIRED otherwise); sets `adminId` and `admin`.
 */
export const requireAdmin = createMiddleware<AppEnv>((c, next) =>
  requireAdminSession(c, async () => {
    const session = c.get('adminSession');
    if (session.secondFactor !== 'DONE') {
      throw new Unauthorized(ADMIN_MESSAGES.secondFactorRequired, SECOND_FACTOR_REQUIRED_CODE);
    }
    c.set('adminId', session.admin.id);
    c.set('admin', session.admin);
    await next();
  }),
);

/** After requireAdmin: throws 403 ROLE_REQUIRED unless the operator holds one of `roles`. */
export function assertAdminRole(c: Context<AppEnv>, ...roles: AdminRole[]): void {
  if (!roles.includes(c.get('admin').role)) throw new Forbidden(ADMIN_MESSAGES.roleRequired, 'ROLE_REQUIRED');
}

/**
 * After requireAdmin: only operators of these roles (contract/admin-auth.ts ADMIN_ROLES) pass;
 * another role gets 403 ROLE_REQUIRED with a Korean reason.
 */
export const requireAdminRole = (...roles: AdminRole[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    assertAdminRole(c, ...roles);
    await next();
  });
