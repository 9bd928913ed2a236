import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/lib/crypto';
import { signAccessToken } from '../../src/lib/tokens';
import {
  bearer,
  cookieHeader,
  freshIp,
  ORIGIN,
  setCookieNamed,
  signUpMember,
  withCookies,
  type CookieJar,
} from '../helpers/auth';

type ErrorBody = { code: string; message: string };

async function refresh(cookies: CookieJar): Promise<Response> {
  return SELF.fetch(`${ORIGIN}/api/on/auth/refresh`, {
    method: 'POST',
    headers: { Cookie: cookieHeader(cookies), 'CF-Connecting-IP': freshIp() },
  });
}

async function ping(headers: Record<string, string> = {}): Promise<Response> {
  return SELF.fetch(`${ORIGIN}/api/on/ping`, { headers });
}

/** Pretends the refresh token behind `cookie` was rotated `secondsAgo` seconds ago. */
async function rotatedAgo(cookie: string, secondsAgo: number): Promise<void> {
  await env.DB.prepare('UPDATE refresh_tokens SET rotated_at = ? WHERE id = ?')
    .bind(new Date(Date.now() - secondsAgo * 1000).toISOString(), await sha256Hex(cookie))
    .run();
}

describe('POST /api/on/auth/refresh', () => {
  it('rotates the refresh cookie and answers a working access token', async () => {
    const member = await signUpMember();
    const res = await refresh(member.cookies);
    expect(res.status).toBe(200);
    const { accessToken } = await res.json<{ accessToken: string }>();
    const next = withCookies(res, member.cookies);
    expect(next.ongi_refresh).toBeTruthy();
    expect(next.ongi_refresh).not.toBe(member.cookies.ongi_refresh);
    expect(setCookieNamed(res, 'ongi_refresh')?.attributes).toMatchObject({
      httponly: true,
      samesite: 'Strict',
      path: '/api',
    });
    expect((await ping(bearer(accessToken))).status).toBe(200);
    // The rotated cookie goes on working for the next refresh.
    expect((await refresh(next)).status).toBe(200);
  });

  it('answers 409 REFRESH_RACE for the old cookie within the grace window, without revoking or clearing', async () => {
    const member = await signUpMember();
    const first = await refresh(member.cookies);
    const newest = withCookies(first, member.cookies);
    const race = await refresh(member.cookies);
    expect(race.status).toBe(409);
    expect((await race.json<ErrorBody>()).code).toBe('REFRESH_RACE');
    expect(setCookieNamed(race, 'ongi_refresh')).toBeUndefined();
    expect((await refresh(newest)).status).toBe(200);
  });

  it('treats the old cookie after the grace window as reuse: the family is revoked, the newest cookie stops working too', async () => {
    const member = await signUpMember();
    const first = await refresh(member.cookies);
    const newest = withCookies(first, member.cookies);
    await rotatedAgo(member.cookies.ongi_refresh ?? '', 60);

    const reuse = await refresh(member.cookies);
    expect(reuse.status).toBe(401);
    const err = await reuse.json<ErrorBody>();
    expect(err.code).toBe('REFRESH_REUSED');
    expect(err.message).toMatch(/로그아웃/);
    expect(setCookieNamed(reuse, 'ongi_refresh')?.attributes['max-age']).toBe('0');

    const after = await refresh(newest);
    expect(after.status).toBe(401);
    expect((await after.json<ErrorBody>()).code).toBe('REFRESH_INVALID');
  });

  it('answers 401 REFRESH_INVALID without a cookie or with an unknown one', async () => {
    const jars: CookieJar[] = [{}, { ongi_refresh: 'not-a-real-token' }];
    for (const cookies of jars) {
      const res = await refresh(cookies);
      expect(res.status).toBe(401);
      expect((await res.json<ErrorBody>()).code).toBe('REFRESH_INVALID');
    }
  });

  it('answers 401 for an expired refresh token', async () => {
    const member = await signUpMember();
    await env.DB.prepare('UPDATE refresh_tokens SET expires_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), await sha256Hex(member.cookies.ongi_refresh ?? ''))
      .run();
    expect((await refresh(member.cookies)).status).toBe(401);
  });

  it('refuses a banned member with 403 MEMBER_BANNED and revokes the family for good', async () => {
    const member = await signUpMember();
    await env.DB.prepare("UPDATE members SET status = 'BANNED' WHERE id = ?").bind(member.memberId).run();
    const res = await refresh(member.cookies);
    expect(res.status).toBe(403);
    expect((await res.json<ErrorBody>()).code).toBe('MEMBER_BANNED');
    // Unbanning does not bring the old session back.
    await env.DB.prepare("UPDATE members SET status = 'ACTIVE' WHERE id = ?").bind(member.memberId).run();
    const after = await refresh(member.cookies);
    expect(after.status).toBe(401);
  });

  it('refuses a cross-site refresh (CSRF)', async () => {
    const member = await signUpMember();
    const res = await SELF.fetch(`${ORIGIN}/api/on/auth/refresh`, {
      method: 'POST',
      headers: { Cookie: cookieHeader(member.cookies), 'Sec-Fetch-Site': 'cross-site', 'CF-Connecting-IP': freshIp() },
    });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/logout', () => {
  it('answers 200, clears the refresh cookie and revokes the family', async () => {
    const member = await signUpMember();
    const res = await SELF.fetch(`${ORIGIN}/api/logout`, {
      method: 'POST',
      headers: { Cookie: cookieHeader(member.cookies) },
    });
    expect(res.status).toBe(200);
    expect(setCookieNamed(res, 'ongi_refresh')?.attributes).toMatchObject({ 'max-age': '0', path: '/api' });
    const after = await refresh(member.cookies);
    expect(after.status).toBe(401);
    expect((await after.json<ErrorBody>()).code).toBe('REFRESH_INVALID');
  });

  it('answers 200 even without a session', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/logout`, { method: 'POST' });
    expect(res.status).toBe(200);
  });
});

describe('GET /api/on/ping', () => {
  it('answers 401 without a token and with a bad one', async () => {
    const none = await ping();
    expect(none.status).toBe(401);
    const bad = await ping({ Authorization: 'Bearer not.a.jwt' });
    expect(bad.status).toBe(401);
    expect((await bad.json<ErrorBody>()).code).toBe('TOKEN_INVALID');
  });

  it('answers 401 for an expired token and 200 for a good one', async () => {
    const member = await signUpMember();
    const old = await signAccessToken(env, member.memberId, new Date(Date.now() - 3600_000));
    const expired = await ping(bearer(old));
    expect(expired.status).toBe(401);
    expect((await expired.json<ErrorBody>()).code).toBe('TOKEN_EXPIRED');
    expect((await ping(bearer(member.accessToken))).status).toBe(200);
  });

  it('answers 403 MEMBER_BANNED for a banned member’s valid token', async () => {
    const member = await signUpMember();
    await env.DB.prepare("UPDATE members SET status = 'BANNED' WHERE id = ?").bind(member.memberId).run();
    const res = await ping(bearer(member.accessToken));
    expect(res.status).toBe(403);
    expect((await res.json<ErrorBody>()).code).toBe('MEMBER_BANNED');
  });
});
