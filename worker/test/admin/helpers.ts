// Factories and request helpers for the admin sign-in tests.
import { SELF, env } from 'cloudflare:test';
import { Hono } from 'hono';
import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE } from '../../src/contract/admin';
import { hashPassword } from '../../src/areas/admin/password';
import { requireAdmin } from '../../src/lib/admin-auth';
import { makeDb } from '../../src/lib/db';
import type { AppEnv } from '../../src/lib/env';
import { handleError } from '../../src/lib/errors';

/** Unique per call, so rate-limit counters (keyed by email and IP) never leak between tests. */
export const uniqueEmail = () => `admin-${crypto.randomUUID().slice(0, 12)}@test.ongi.dev`;
export const uniqueIp = () => `test-${crypto.randomUUID()}`;

export type TestAdmin = { id: number; email: string; name: string; password: string };

export async function makeAdmin(overrides: Partial<Omit<TestAdmin, 'id'>> = {}): Promise<TestAdmin> {
  const admin = { email: uniqueEmail(), name: '온기 관리자', password: 'correct horse battery 1!', ...overrides };
  const row = await env.DB.prepare('INSERT INTO admins (email, name, password_hash) VALUES (?, ?, ?) RETURNING id')
    .bind(admin.email, admin.name, await hashPassword(admin.password))
    .first<{ id: number }>();
  if (!row) throw new Error('admin insert returned no row');
  return { id: row.id, ...admin };
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

export async function signIn(admin: TestAdmin): Promise<string> {
  const res = await login({ email: admin.email, password: admin.password });
  const cookie = adminCookie(res);
  if (res.status !== 200 || !cookie) throw new Error(`sign-in failed: ${res.status}`);
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
