// Admin authentication: the admin comes only from a live `ongi_admin` session cookie (a member
// bearer token never counts), and every unsafe admin request must prove it came from our console.
import { createMiddleware } from 'hono/factory';
import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE, ADMIN_MESSAGES } from '../contract/admin';
import type { AdminRole } from '../contract/admin-auth';
import { adminForSession } from './admin-session';
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

/** For every admin route after login: CSRF check, then a live session; sets `adminId`. */
export const requireAdmin = createMiddleware<AppEnv>((c, next) =>
  adminCsrf(c, async () => {
    const admin = await adminForSession(c.get('db'), readSessionCookie(c, 'admin'), nowDate(c.env));
    if (!admin) throw new Unauthorized(ADMIN_MESSAGES.sessionRequired, 'ADMIN_SESSION_REQUIRED');
    c.set('adminId', admin.id);
    c.set('admin', admin);
    await next();
  }),
);

/**
 * After requireAdmin: only operators of these roles (contract/admin-auth.ts ADMIN_ROLES) pass;
 * another role gets 403 ROLE_REQUIRED with a Korean reason.
 */
export const requireAdminRole = (...roles: AdminRole[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!roles.includes(c.get('admin').role)) throw new Forbidden(ADMIN_MESSAGES.roleRequired, 'ROLE_REQUIRED');
    await next();
  });
