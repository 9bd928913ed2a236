import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../src/areas/auth/context';
import { sha256Hex } from '../../src/lib/crypto';
import {
  bearer,
  devSignIn,
  freshIp,
  ORIGIN,
  postLogin,
  postSignup,
  setCookieNamed,
  signupData,
  signupForm,
  signUpMember,
  uniqueEmail,
  withCookies,
  type CookieJar,
} from '../helpers/auth';
import { callbackFor } from './flow';

type ErrorBody = { code: string; message: string };

/** A new member's signup response: its id and the one-time ticket cookie it set. */
async function signedUp(): Promise<{ memberId: number; ticket: CookieJar; email: string }> {
  const identity = { email: uniqueEmail('login'), name: '정다정', gender: 'F' as const, birthday: '1993-09-09' };
  const { cookies } = await devSignIn(identity);
  const res = await postSignup(signupForm(signupData(identity)), cookies);
  return { memberId: await res.json<number>(), ticket: withCookies(res), email: identity.email };
}

async function ban(memberId: number, until: string | null): Promise<void> {
  await env.DB.prepare("UPDATE members SET status = 'BANNED', banned_until = ? WHERE id = ?")
    .bind(until, memberId)
    .run();
}

describe('POST /login/{id}', () => {
  it('mints an access token and a Strict, path-scoped refresh cookie for the ticket’s member', async () => {
    const { memberId, ticket } = await signedUp();
    const res = await postLogin(memberId, ticket);
    expect(res.status).toBe(200);
    const { accessToken } = await res.json<{ accessToken: string }>();
    expect(accessToken.split('.')).toHaveLength(3);
    expect(setCookieNamed(res, 'ongi_refresh')?.attributes).toMatchObject({
      httponly: true,
      secure: true,
      samesite: 'Strict',
      path: '/api',
      'max-age': String(30 * 86_400),
    });
    expect(setCookieNamed(res, 'ongi_login')?.attributes['max-age']).toBe('0');
    const ping = await SELF.fetch(`${ORIGIN}/api/on/ping`, { headers: bearer(accessToken) });
    expect(ping.status).toBe(200);
    expect(await ping.json()).toMatchObject({ memberId });
  });

  it('refuses another member’s id with a valid ticket, and the ticket stays bound to its own member', async () => {
    const a = await signedUp();
    const b = await signedUp();
    const res = await postLogin(b.memberId, a.ticket);
    expect(res.status).toBe(401);
    expect((await res.json<ErrorBody>()).code).toBe('LOGIN_TICKET_INVALID');
    expect((await postLogin(a.memberId, a.ticket)).status).toBe(200);
  });

  it('refuses a login without a ticket', async () => {
    const { memberId } = await signedUp();
    const res = await postLogin(memberId, {});
    expect(res.status).toBe(401);
    const err = await res.json<ErrorBody>();
    expect(err.code).toBe('LOGIN_TICKET_INVALID');
    expect(err.message).toMatch(/다시 로그인해 주세요/);
  });

  it('refuses a ticket used a second time', async () => {
    const { memberId, ticket } = await signedUp();
    expect((await postLogin(memberId, ticket)).status).toBe(200);
    const again = await postLogin(memberId, ticket);
    expect(again.status).toBe(401);
    expect((await again.json<ErrorBody>()).code).toBe('LOGIN_TICKET_INVALID');
  });

  it('refuses an expired ticket', async () => {
    const { memberId } = await signedUp();
    const value = 'expired-ticket-' + crypto.randomUUID();
    await env.DB.prepare('INSERT INTO login_tickets (id, member_id, expires_at) VALUES (?, ?, ?)')
      .bind(await sha256Hex(value), memberId, new Date(Date.now() - 1000).toISOString())
      .run();
    const res = await postLogin(memberId, { ongi_login: value });
    expect(res.status).toBe(401);
    expect((await res.json<ErrorBody>()).code).toBe('LOGIN_TICKET_INVALID');
  });

  it('gives an existing member a LOGIN ticket at the callback that logs in exactly that member', async () => {
    const member = await signUpMember();
    const res = await callbackFor({ email: member.email });
    const body = await res.json<{ status: string; id: number }>();
    expect(body).toEqual({ status: 'LOGIN', id: member.memberId });
    expect((await postLogin(member.memberId, withCookies(res))).status).toBe(200);
  });

  it('refuses a banned member with 403 MEMBER_BANNED, and lets a lapsed temporary ban through', async () => {
    const member = await signUpMember();
    await ban(member.memberId, null);
    const res = await postLogin(member.memberId, withCookies(await callbackFor({ email: member.email })));
    expect(res.status).toBe(403);
    const err = await res.json<ErrorBody>();
    expect(err.code).toBe('MEMBER_BANNED');
    expect(err.message).toMatch(/정지/);

    await ban(member.memberId, new Date(Date.now() - 60_000).toISOString());
    expect((await postLogin(member.memberId, withCookies(await callbackFor({ email: member.email })))).status).toBe(
      200,
    );
  });

  it('is a 404 for an id that is not a number', async () => {
    const res = await SELF.fetch(`${ORIGIN}/login/abc`, { method: 'POST', headers: { 'CF-Connecting-IP': freshIp() } });
    expect(res.status).toBe(404);
  });

  it('is rate limited per IP address', async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < AUTH_LIMITS.login.max + 1; i++) {
      last = (await SELF.fetch(`${ORIGIN}/login/1`, { method: 'POST', headers: { 'CF-Connecting-IP': ip } })).status;
    }
    expect(last).toBe(429);
  });

  it('refuses a cross-site login (CSRF)', async () => {
    const { memberId, ticket } = await signedUp();
    const res = await SELF.fetch(`${ORIGIN}/login/${memberId}`, {
      method: 'POST',
      headers: {
        Cookie: `ongi_login=${ticket.ongi_login}`,
        Origin: 'https://evil.example',
        'CF-Connecting-IP': freshIp(),
      },
    });
    expect(res.status).toBe(403);
  });
});
