// Admin console sign-in over HTTP: POST /admin/login, POST /admin/logout, GET /admin/check, and
// the console's own routers (members and bans, reports, dashboard, safety desk, audit log), each
// route behind `requireAdmin`.
import { Hono, type Context } from 'hono';
import { adminLoginBody, type AdminCheckResponse, type AdminIdentity } from '../../contract/admin';
import { VALIDATION_KO } from '../../contract/messages';
import { adminCsrf } from '../../lib/admin-auth';
import { nowDate } from '../../lib/clock';
import { COOKIE_SPECS, clearSessionCookie, readSessionCookie, setSessionCookie } from '../../lib/cookies';
import type { AppEnv } from '../../lib/env';
import { Invalid, type FieldErrors } from '../../lib/errors';
import { clientIp } from '../../lib/rate-limit';
import { auditRoutes } from '../audit/routes';
import { safetyDeskRoutes } from '../safety-desk/routes';
import { adminDashboardRoutes } from './dashboard-routes';
import { adminMemberRoutes } from './members-routes';
import { adminReportRoutes } from './reports-routes';
import { login, logout } from './service';
import { adminForSession } from '../../lib/admin-session';
import { parseJsonText } from '../../lib/validation';

export const adminRoutes = new Hono<AppEnv>();

// Session answers must never be served from a cache.
const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', 'no-store');

async function loginInput(c: Context<AppEnv>) {
  const MALFORMED = new Error('malformed');
  let raw: unknown;
  try {
    raw = parseJsonText(await c.req.text(), () => MALFORMED);
  } catch (err) {
    if (err !== MALFORMED) throw err; // "__proto__" is refused like any unknown key
  }
  const parsed = adminLoginBody.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) fields[key] = VALIDATION_KO.unknownField;
    else fields[issue.path.join('.') || 'body'] = VALIDATION_KO.required;
  }
  throw new Invalid(undefined, fields);
}

adminRoutes.post('/admin/login', adminCsrf, async (c) => {
  const input = await loginInput(c);
  const session = await login(c.get('db'), input, {
    ip: clientIp(c.req.raw.headers),
    now: nowDate(c.env),
    ttlSeconds: COOKIE_SPECS.admin.maxAgeSeconds(c.env),
  });
  setSessionCookie(c, 'admin', session.token);
  noStore(c);
  return c.json<AdminIdentity>(session.admin);
});

adminRoutes.post('/admin/logout', adminCsrf, async (c) => {
  await logout(c.get('db'), readSessionCookie(c, 'admin'));
  clearSessionCookie(c, 'admin');
  noStore(c);
  return c.json({});
});

adminRoutes.get('/admin/check', async (c) => {
  const admin = await adminForSession(c.get('db'), readSessionCookie(c, 'admin'), nowDate(c.env));
  noStore(c);
  return c.json<AdminCheckResponse>(admin ? { isAdmin: true, name: admin.name, role: admin.role } : { isAdmin: false });
});

adminRoutes.route('/', adminMemberRoutes);
adminRoutes.route('/', adminReportRoutes);
adminRoutes.route('/', adminDashboardRoutes);
adminRoutes.route('/', safetyDeskRoutes);
adminRoutes.route('/', auditRoutes);
