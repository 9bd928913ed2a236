// Admin console sign-in over HTTP: POST /admin/login (the password), the second factor's step
// (POST /admin/second-factor/enrol, …/enrol/confirm, …/verify), POST /admin/logout, GET
// /admin/check, and the console's own routers (members and bans, reports, dashboard, operators, safety desk, audit log),
// each route behind `requireAdmin` (both factors) and, where the role matters, requireAdminRole.
import { Hono, type Context } from 'hono';
import {
  adminLoginBody,
  secondFactorConfirmBody,
  secondFactorVerifyBody,
  type AdminCheckResponse,
  type AdminLoginResponse,
  type SecondFactorConfirmed,
  type SecondFactorEnrolment,
  type SecondFactorVerified,
} from '../../contract/admin';
import { VALIDATION_KO } from '../../contract/messages';
import { adminCsrf, requireAdminSession } from '../../lib/admin-auth';
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
import { adminOperatorRoutes } from './operators-routes';
import { confirmEnrolment, startEnrolment, verifySecondFactor } from './second-factor-service';
import { login, logout } from './service';
import { sessionForCookie } from '../../lib/admin-session';
import { jsonBody, parseJsonText, parseWith } from '../../lib/validation';

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
  return c.json<AdminLoginResponse>(session.admin);
});

// The second step of sign-in, for a password-only session (docs/safety.md "Operator sign-in").
adminRoutes.post('/admin/second-factor/enrol', requireAdminSession, async (c) => {
  noStore(c);
  return c.json<SecondFactorEnrolment>(await startEnrolment(c.get('db'), c.get('adminSession')));
});

adminRoutes.post('/admin/second-factor/enrol/confirm', requireAdminSession, async (c) => {
  const { code } = parseWith(secondFactorConfirmBody, await jsonBody(c));
  noStore(c);
  return c.json<SecondFactorConfirmed>(
    await confirmEnrolment(c.get('db'), c.get('adminSession'), code, nowDate(c.env)),
  );
});

adminRoutes.post('/admin/second-factor/verify', requireAdminSession, async (c) => {
  const body = parseWith(secondFactorVerifyBody, await jsonBody(c));
  noStore(c);
  return c.json<SecondFactorVerified>(
    await verifySecondFactor(c.get('db'), c.get('adminSession'), body, nowDate(c.env)),
  );
});

adminRoutes.post('/admin/logout', adminCsrf, async (c) => {
  await logout(c.get('db'), readSessionCookie(c, 'admin'));
  clearSessionCookie(c, 'admin');
  noStore(c);
  return c.json({});
});

adminRoutes.get('/admin/check', async (c) => {
  const session = await sessionForCookie(c.get('db'), readSessionCookie(c, 'admin'), nowDate(c.env));
  noStore(c);
  if (!session) return c.json<AdminCheckResponse>({ isAdmin: false });
  const { name, role } = session.admin;
  return c.json<AdminCheckResponse>({
    isAdmin: session.secondFactor === 'DONE',
    name,
    role,
    secondFactor: session.secondFactor,
  });
});

adminRoutes.route('/', adminMemberRoutes);
adminRoutes.route('/', adminReportRoutes);
adminRoutes.route('/', adminDashboardRoutes);
adminRoutes.route('/', safetyDeskRoutes);
adminRoutes.route('/', auditRoutes);
adminRoutes.route('/', adminOperatorRoutes);
