import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { ADMIN_AUTH_LIMITS, ADMIN_MESSAGES } from '../../src/contract/admin';
import { sha256Hex } from '../../src/lib/crypto';
import { adminCookie, login, loginRequest, makeAdmin, uniqueEmail, uniqueIp, type TestAdmin } from './helpers';

type ErrorBody = { code: string; message: string; fields?: Record<string, string> };

let admin: TestAdmin;
beforeAll(async () => {
  admin = await makeAdmin({ name: '김온기' });
});

describe('POST /admin/login', () => {
  it('answers the admin and sets an HttpOnly, Secure, SameSite=Strict cookie on / (the console also calls /notices and /feedback) for 8 hours', async () => {
    const res = await login({ email: admin.email, password: admin.password });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: admin.id,
      name: '김온기',
      email: admin.email,
      role: 'ADMIN',
      secondFactor: 'VERIFY',
    });
    const header = res.headers.getSetCookie().find((c) => c.startsWith('ongi_admin=')) ?? '';
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; SameSite=Strict/);
    expect(header).toMatch(/; Path=\/(;|$)/);
    expect(header).toMatch(/; Max-Age=28800(;|$)/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('stores only the SHA-256 of the cookie, expiring 8 hours after login', async () => {
    const cookie = adminCookie(await login({ email: admin.email, password: admin.password })) ?? '';
    expect(cookie.length).toBeGreaterThanOrEqual(43);
    const row = await env.DB.prepare('SELECT admin_id, created_at, expires_at FROM admin_sessions WHERE id = ?')
      .bind(await sha256Hex(cookie))
      .first<{ admin_id: number; created_at: string; expires_at: string }>();
    expect(row?.admin_id).toBe(admin.id);
    expect(Date.parse(row?.expires_at ?? '') - Date.parse(row?.created_at ?? '')).toBe(8 * 3600 * 1000);
    const plain = await env.DB.prepare('SELECT COUNT(*) AS n FROM admin_sessions WHERE id = ?')
      .bind(cookie)
      .first<{ n: number }>();
    expect(plain?.n).toBe(0);
  });

  it('accepts the email in any letter case', async () => {
    const res = await login({ email: `  ${admin.email.toUpperCase()} `, password: admin.password });
    expect(res.status).toBe(200);
  });

  it('gives a wrong password and an unknown email the same status, code and Korean message', async () => {
    const wrong = await login({ email: admin.email, password: 'not-the-password' });
    const unknown = await login({ email: uniqueEmail(), password: admin.password });
    const [a, b] = [await wrong.json<ErrorBody>(), await unknown.json<ErrorBody>()];
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(a.code).toBe('ADMIN_LOGIN_FAILED');
    expect(b.code).toBe(a.code);
    expect(a.message).toBe('이메일 또는 비밀번호가 올바르지 않아요.');
    expect(b.message).toBe(a.message);
    expect(adminCookie(wrong)).toBeUndefined();
    expect(adminCookie(unknown)).toBeUndefined();
  });

  it('rejects unknown fields and a missing password with 400', async () => {
    const extra = await login({ email: admin.email, password: admin.password, remember: true });
    expect(extra.status).toBe(400);
    expect((await extra.json<ErrorBody>()).fields?.remember).toBeTruthy();
    const missing = await login({ email: admin.email });
    expect(missing.status).toBe(400);
    const notJson = await login('email=a&password=b');
    expect(notJson.status).toBe(400);
  });
});

describe('login rate limits', () => {
  // A fixed clock keeps every attempt inside one rate-limit window.
  const app = buildApp();
  const at = (now: string) => async (req: Request) => {
    const ctx = createExecutionContext();
    const res = await app.fetch(req, { ...env, FIXED_NOW: now }, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };

  it('answers 429 in Korean once one email has spent its attempts, even with the right password', async () => {
    const target = await makeAdmin();
    const send = at('2026-11-20T03:00:10.000Z');
    for (let i = 0; i < ADMIN_AUTH_LIMITS.loginPerEmail.max; i++) {
      expect((await send(loginRequest({ email: target.email, password: `wrong-${i}` }))).status).toBe(401);
    }
    const blocked = await send(loginRequest({ email: target.email, password: target.password }));
    expect(blocked.status).toBe(429);
    expect(await blocked.json<ErrorBody>()).toMatchObject({
      code: 'RATE_LIMITED',
      message: ADMIN_MESSAGES.tooManyAttempts,
    });
    expect(adminCookie(blocked)).toBeUndefined();
    // The next window starts a fresh budget.
    const later = at('2026-11-20T03:10:10.000Z');
    expect((await later(loginRequest({ email: target.email, password: target.password }))).status).toBe(200);
  }, 60_000);

  it('never locks out an operator for signing in successfully, while failures still count', async () => {
    const target = await makeAdmin();
    const send = at('2026-11-22T06:00:10.000Z');
    const ip = { 'CF-Connecting-IP': uniqueIp() };
    // More successful sign-ins than either budget, from one address, for one email.
    const budget = Math.max(ADMIN_AUTH_LIMITS.loginPerEmail.max, ADMIN_AUTH_LIMITS.loginPerIp.max);
    for (let i = 0; i <= budget; i++) {
      expect((await send(loginRequest({ email: target.email, password: target.password }, ip))).status).toBe(200);
    }
    // The failed guesses in the same window still spend the email's whole budget.
    for (let i = 0; i < ADMIN_AUTH_LIMITS.loginPerEmail.max; i++) {
      expect((await send(loginRequest({ email: target.email, password: `wrong-${i}` }, ip))).status).toBe(401);
    }
    expect((await send(loginRequest({ email: target.email, password: target.password }, ip))).status).toBe(429);
  }, 120_000);

  it('answers 429 once one IP has spent its attempts, whatever emails it tries', async () => {
    const send = at('2026-11-21T05:00:10.000Z');
    const ip = { 'CF-Connecting-IP': uniqueIp() };
    for (let i = 0; i < ADMIN_AUTH_LIMITS.loginPerIp.max; i++) {
      expect((await send(loginRequest({ email: uniqueEmail(), password: 'guess' }, ip))).status).toBe(401);
    }
    const blocked = await send(loginRequest({ email: admin.email, password: admin.password }, ip));
    expect(blocked.status).toBe(429);
    // Another address is not affected.
    expect((await send(loginRequest({ email: admin.email, password: admin.password }))).status).toBe(200);
  }, 60_000);
});
