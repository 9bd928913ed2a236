// Factories and request helpers for the admin sign-in tests.
import { SELF, env } from 'cloudflare:test';
import { Hono } from 'hono';
import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE, type AdminRole } from '../../src/contract/admin';
import { hashPassword } from '../../src/areas/admin/password';
import { newTotpSecret, totpCodeAtStep, totpStep } from '../../src/lib/totp';
import { requireAdmin } from '../../src/lib/admin-auth';
import { makeDb } from '../../src/lib/db';
import type { AppEnv } from '../../src/lib/env';
import { handleError } from '../../src/lib/errors';

/** Unique per call, so rate-limit counters (keyed by email and IP) never leak between tests. */
export const uniqueEmail = () => `admin-${crypto.randomUUID().slice(0, 12)}@test.ongi.dev`;
export const uniqueIp = () => `test-${crypto.randomUUID()}`;

/** `totpSecret` null: the admin has not enrolled an authenticator app (first sign-in enrols). */
export type TestAdmin = {
  id: number;
  email: string;
  name: string;
  password: string;
  role: AdminRole;
  totpSecret: string | null;
};

/** An admin (role ADMIN unless told) already enrolled with a TOTP secret of their own, unless `totpSecret: null`. */
export async function makeAdmin(overrides: Partial<Omit<TestAdmin, 'id'>> = {}): Promise<TestAdmin> {
  const admin = {
    email: uniqueEmail(),
    name: '온기 관리자',
    password: 'correct horse battery 1!',
    role: 'ADMIN' as AdminRole,
    totpSecret: newTotpSecret() as string | null,
    ...overrides,
  };
  const row = await env.DB.prepare(
    `INSERT INTO admins (email, name, password_hash, role, totp_secret, totp_enrolled_at)
     VALUES (?, ?, ?, ?, ?, CASE WHEN ?5 IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ','now') END) RETURNING id`,
  )
    .bind(admin.email, admin.name, await hashPassword(admin.password), admin.role, admin.totpSecret)
    .first<{ id: number }>();
  if (!row) throw new Error('admin insert returned no row');
  return { id: row.id, ...admin };
}

/** Each time step is accepted once per admin: the steps these helpers have spent, per admin. */
const spentSteps = new Map<number, number>();

/**
 * A valid code for `admin` at `atMs` that the Worker has not accepted yet: this step's, or the
 * next one's (the ±1 window) when this one is spent. Throws when both are: sign in less often.
 */
export async function freshCode(admin: TestAdmin, atMs = Date.now()): Promise<string> {
  if (!admin.totpSecret) throw new Error('this admin has not enrolled a second factor');
  const now = totpStep(atMs);
  const step = Math.max(now, (spentSteps.get(admin.id) ?? -Infinity) + 1);
  if (step > now + 1) throw new Error('every TOTP step of the window is spent for this admin');
  spentSteps.set(admin.id, step);
  return totpCodeAtStep(admin.totpSecret, step);
}

export function secondFactorRequest(cookie: string, body: unknown, path = '/admin/second-factor/verify'): Request {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { ...consoleHeaders, Cookie: `ongi_admin=${cookie}` },
    body: JSON.stringify(body),
  });
}

export const consoleHeaders = { 'Content-Type': 'application/json', [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE };

export function loginRequest(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/admin/login', {
    method: 'POST',
    headers: { ...consoleHeaders, 'CF-Connecting-IP': uniqueIp(), ...headers },
    body: JSON.stringify(body),
  });
}

export const login = (body: unknown, headers: Record<string, string> = {}) => SELF.fetch(loginRequest(body, headers));

/** The `ongi_admin` value a response set (empty string when it cleared it). */
export function adminCookie(res: Response): string | undefined {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('ongi_admin='));
  return header?.slice('ongi_admin='.length).split(';')[0];
}

/** The password step only: a session that still owes its second factor. */
export async function signInPasswordOnly(admin: TestAdmin): Promise<string> {
  const res = await login({ email: admin.email, password: admin.password });
  const cookie = adminCookie(res);
  if (res.status !== 200 || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}

/** Both factors, as the console does: password, then a fresh code from the admin's app. */
export async function signIn(admin: TestAdmin): Promise<string> {
  const cookie = await signInPasswordOnly(admin);
  const res = await SELF.fetch(secondFactorRequest(cookie, { code: await freshCode(admin) }));
  if (res.status !== 200) throw new Error(`second factor failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** A tiny app holding one route behind `requireAdmin`, as the admin issue's routes will be. */
export function guardedApp() {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('requestId', 'test');
    c.set('db', makeDb(c.env.DB));
    await next();
  });
  app.all('/admin/guarded', requireAdmin, (c) => c.json({ adminId: c.get('adminId') }));
  app.onError(handleError);
  return app;
}
