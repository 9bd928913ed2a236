import { SELF, env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomToken, sha256Hex } from '../../src/lib/crypto';
import { signAccessToken } from '../../src/lib/tokens';
import { adminCookie, consoleHeaders, guardedApp, login, makeAdmin, signIn, type TestAdmin } from './helpers';

type ErrorBody = { code: string; message: string };

const check = (cookie?: string, headers: Record<string, string> = {}) =>
  SELF.fetch('http://localhost/admin/check', {
    headers: { Accept: 'application/json', ...(cookie ? { Cookie: `ongi_admin=${cookie}` } : {}), ...headers },
  });

const guarded = (init: { method?: string; cookie?: string; headers?: Record<string, string> } = {}) =>
  guardedApp().request(
    '/admin/guarded',
    {
      method: init.method ?? 'POST',
      headers: { ...consoleHeaders, ...(init.cookie ? { Cookie: `ongi_admin=${init.cookie}` } : {}), ...init.headers },
    },
    env,
  );

let admin: TestAdmin;
let cookie: string;
beforeAll(async () => {
  admin = await makeAdmin({ name: '박관리' });
  cookie = await signIn(admin);
});

describe('GET /admin/check', () => {
  it('answers isAdmin false without a session', async () => {
    const res = await check();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ isAdmin: false });
  });

  it("answers isAdmin true with the admin's name for a live session", async () => {
    const res = await check(cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ isAdmin: true, name: '박관리', role: 'ADMIN', secondFactor: 'DONE' });
  });

  it('never treats a member bearer token as admin, even for the same numeric id', async () => {
    const bearer = await signAccessToken(env, admin.id, new Date());
    const res = await check(undefined, { Authorization: `Bearer ${bearer}` });
    expect(await res.json()).toEqual({ isAdmin: false });
    const denied = await guarded({ headers: { Authorization: `Bearer ${bearer}` } });
    expect(denied.status).toBe(401);
  });
});

describe('requireAdmin', () => {
  it('lets a live session through and names the admin', async () => {
    const res = await guarded({ cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ adminId: admin.id });
  });

  it('refuses a missing session with 401', async () => {
    const res = await guarded();
    expect(res.status).toBe(401);
    expect((await res.json<ErrorBody>()).code).toBe('ADMIN_SESSION_REQUIRED');
  });

  it('refuses a forged cookie', async () => {
    const res = await guarded({ cookie: randomToken() });
    expect(res.status).toBe(401);
    expect(await (await check(randomToken())).json()).toEqual({ isAdmin: false });
  });

  it('refuses a session whose expiry has passed', async () => {
    const token = randomToken();
    await env.DB.prepare('INSERT INTO admin_sessions (id, admin_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
      .bind(await sha256Hex(token), admin.id, '2026-01-01T00:00:00.000Z', '2026-01-01T08:00:00.000Z')
      .run();
    expect((await guarded({ cookie: token })).status).toBe(401);
    expect(await (await check(token)).json()).toEqual({ isAdmin: false });
  });

  it('needs the console header on unsafe requests even with a live session', async () => {
    const res = await guarded({ cookie, headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    expect(res.status).toBe(403);
    expect((await res.json<ErrorBody>()).code).toBe('CSRF_REJECTED');
    // Reads carry no CSRF risk and need no header.
    const read = await guardedApp().request('/admin/guarded', { headers: { Cookie: `ongi_admin=${cookie}` } }, env);
    expect(read.status).toBe(200);
  });

  it('refuses an unsafe request from a foreign origin even with the header', async () => {
    const foreign = await guarded({ cookie, headers: { Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect((await foreign.json<ErrorBody>()).code).toBe('CSRF_REJECTED');
    const crossSite = await guarded({ cookie, headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const ours = await guarded({ cookie, headers: { Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' } });
    expect(ours.status).toBe(200);
  });
});

describe('CSRF on login and logout', () => {
  it('refuses a login without the console header', async () => {
    const res = await login({ email: admin.email, password: admin.password }, { 'X-Requested-With': '' });
    expect(res.status).toBe(403);
    expect((await res.json<ErrorBody>()).code).toBe('CSRF_REJECTED');
    expect(adminCookie(res)).toBeUndefined();
  });

  it('refuses a login posted from a foreign origin', async () => {
    const res = await login({ email: admin.email, password: admin.password }, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await res.json<ErrorBody>()).code).toBe('CSRF_REJECTED');
  });

  it('refuses a logout without the console header and keeps the session', async () => {
    const res = await SELF.fetch('http://localhost/admin/logout', {
      method: 'POST',
      headers: { Cookie: `ongi_admin=${cookie}` },
    });
    expect(res.status).toBe(403);
    expect(await (await check(cookie)).json()).toMatchObject({ isAdmin: true });
  });
});

describe('POST /admin/logout', () => {
  it('ends the session and clears the cookie', async () => {
    const own = await signIn(admin);
    const res = await SELF.fetch('http://localhost/admin/logout', {
      method: 'POST',
      headers: { ...consoleHeaders, Cookie: `ongi_admin=${own}` },
    });
    expect(res.status).toBe(200);
    const header = res.headers.getSetCookie().find((c) => c.startsWith('ongi_admin=')) ?? '';
    expect(header).toMatch(/^ongi_admin=;/);
    expect(header).toMatch(/Max-Age=0/);
    expect(header).toMatch(/Path=\/(;|$)/);
    expect(await (await check(own)).json()).toEqual({ isAdmin: false });
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM admin_sessions WHERE id = ?')
      .bind(await sha256Hex(own))
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
    // Other sessions of the same admin are untouched.
    expect(await (await check(cookie)).json()).toMatchObject({ isAdmin: true });
  });

  it('answers 200 and clears the cookie even without a session', async () => {
    const res = await SELF.fetch('http://localhost/admin/logout', { method: 'POST', headers: consoleHeaders });
    expect(res.status).toBe(200);
    expect(adminCookie(res)).toBe('');
  });
});
