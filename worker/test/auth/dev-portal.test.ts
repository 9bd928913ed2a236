import { createExecutionContext, env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import {
  bearer,
  cookieHeader,
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
} from '../helpers/auth';

const PORTAL = 'http://localhost:8787/dev-portal/naver';

function authorizeQuery(over: Record<string, string> = {}): string {
  return new URLSearchParams({
    response_type: 'code',
    client_id: 'test-naver-client',
    redirect_uri: 'http://localhost:8787/naver/callback',
    state: 'state-abcdefghijklmnop',
    ...over,
  }).toString();
}

async function codeFor(email: string): Promise<string> {
  const res = await SELF.fetch(`${PORTAL}/authorize?${authorizeQuery({ login_hint: email })}`, { redirect: 'manual' });
  return new URL(res.headers.get('Location') ?? '').searchParams.get('code') ?? '';
}

describe('dev portal switch', () => {
  it('is a plain 404 everywhere when DEV_PORTAL is not true', async () => {
    const app = buildApp();
    const off = { ...env, DEV_PORTAL: 'false' };
    const requests = [
      new Request(`${PORTAL}/authorize?${authorizeQuery()}`, { headers: { Accept: 'text/html' } }),
      new Request(`${PORTAL}/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'authorization_code' }),
      }),
      new Request(`${PORTAL}/v1/nid/me`),
      new Request(`${ORIGIN}/dev-portal/sign-in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identity: { email: uniqueEmail() } }),
      }),
    ];
    for (const req of requests) {
      const res = await app.fetch(req, off, createExecutionContext());
      expect(res.status, req.url).toBe(404);
      expect((await res.json<{ code: string }>()).code).toBe('NOT_FOUND');
    }
  });
});

describe('GET /dev-portal/naver/authorize', () => {
  it('renders a Korean page listing demo members and a form for a new identity, without scripts', async () => {
    const member = await signUpMember({ name: '데모회원' });
    const res = await SELF.fetch(`${PORTAL}/authorize?${authorizeQuery()}`, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    const page = await res.text();
    expect(page).toContain('lang="ko"');
    expect(page).toContain('데모 회원으로 로그인');
    expect(page).toContain('새 신원으로 로그인');
    expect(page).toContain(member.email);
    for (const field of ['name="name"', 'name="email"', 'name="gender"', 'name="birthday"'])
      expect(page).toContain(field);
    expect(page).not.toMatch(/<script/i);
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
  });

  it('escapes what it shows', async () => {
    // Signup no longer takes markup in a name; a row written before that rule still must not inject.
    const { memberId } = await signUpMember();
    await env.DB.prepare('UPDATE members SET name = ? WHERE id = ?').bind('<b>굵게</b>', memberId).run();
    const page = await (await SELF.fetch(`${PORTAL}/authorize?${authorizeQuery()}`)).text();
    expect(page).not.toContain('<b>굵게</b>');
    expect(page).toContain('&lt;b&gt;굵게&lt;/b&gt;');
  });

  it('refuses an unknown client or a redirect to another site', async () => {
    expect((await SELF.fetch(`${PORTAL}/authorize?${authorizeQuery({ client_id: 'other' })}`)).status).toBe(400);
    const away = await SELF.fetch(
      `${PORTAL}/authorize?${authorizeQuery({ redirect_uri: 'https://evil.example/cb' })}`,
      { redirect: 'manual' },
    );
    expect(away.status).toBe(400);
    expect(away.headers.get('Location')).toBeNull();
  });

  it('skips the page for login_hint of an existing member: 302 straight back with code and state', async () => {
    const member = await signUpMember();
    const res = await SELF.fetch(`${PORTAL}/authorize?${authorizeQuery({ login_hint: member.email })}`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('Location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:8787/naver/callback');
    expect(back.searchParams.get('state')).toBe('state-abcdefghijklmnop');
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('shows the page with a notice when login_hint matches nobody', async () => {
    const email = uniqueEmail('nobody');
    const res = await SELF.fetch(`${PORTAL}/authorize?${authorizeQuery({ login_hint: email })}`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('데모 회원이 없어요');
    expect(page).toContain(`value="${email}"`);
  });
});

describe('dev portal token and profile endpoints', () => {
  it('trade a code for a token and the token for a Naver-shaped profile', async () => {
    const member = await signUpMember({ gender: 'M', birthday: '1992-11-08', name: '토큰회원' });
    const tokenRes = await SELF.fetch(`${PORTAL}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'test-naver-client',
        client_secret: 'test-naver-secret',
        code: await codeFor(member.email),
        state: 'state-abcdefghijklmnop',
      }),
    });
    const token = await tokenRes.json<{ access_token: string; token_type: string; expires_in: string }>();
    expect(token.token_type).toBe('bearer');
    expect(token.expires_in).toBe('3600');
    const me = await SELF.fetch(`${PORTAL}/v1/nid/me`, { headers: bearer(token.access_token) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      resultcode: '00',
      response: { email: member.email, name: '토큰회원', gender: 'M', birthday: '11-08', birthyear: '1992' },
    });
  });

  it('answer like Naver to a wrong secret, a forged code and a forged token', async () => {
    const member = await signUpMember();
    const base = {
      grant_type: 'authorization_code',
      client_id: 'test-naver-client',
      code: await codeFor(member.email),
    };
    const wrongSecret = await SELF.fetch(`${PORTAL}/token`, {
      method: 'POST',
      body: new URLSearchParams({ ...base, client_secret: 'nope' }),
    });
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_request' });
    const forged = await SELF.fetch(
      `${PORTAL}/token?${new URLSearchParams({ ...base, client_secret: 'test-naver-secret', code: 'abc.def' })}`,
    );
    expect(await forged.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'no valid data in session',
    });
    const me = await SELF.fetch(`${PORTAL}/v1/nid/me`, { headers: bearer(base.code) });
    expect(me.status).toBe(401);
  });
});

describe('POST /dev-portal/sign-in', () => {
  it('runs the whole flow for a new identity: NEED_AGREEMENT with a signup cookie that signup accepts', async () => {
    const identity = { email: uniqueEmail('dev'), name: '한번에', gender: 'F' as const, birthday: '1999-12-12' };
    const { res, body, cookies } = await devSignIn(identity);
    expect(body.status).toBe('NEED_AGREEMENT');
    expect(setCookieNamed(res, 'ongi_signup')).toBeTruthy();
    const signup = await postSignup(signupForm(signupData(identity)), cookies);
    expect(signup.status).toBe(200);
    const memberId = await signup.json<number>();
    expect((await postLogin(memberId, withCookies(signup))).status).toBe(200);

    // Signed up: the same call now logs in, with a working access token and refresh cookie.
    const again = await devSignIn({ email: identity.email });
    expect(again.body).toMatchObject({ status: 'LOGIN', memberId });
    if (again.body.status !== 'LOGIN') throw new Error('expected LOGIN');
    expect((await SELF.fetch(`${ORIGIN}/api/on/ping`, { headers: bearer(again.body.accessToken) })).status).toBe(200);
    const refresh = await SELF.fetch(`${ORIGIN}/api/on/auth/refresh`, {
      method: 'POST',
      headers: { Cookie: cookieHeader(again.cookies), 'CF-Connecting-IP': freshIp() },
    });
    expect(refresh.status).toBe(200);
  });

  it('passes a withheld gender or birthday on, so the callback answers 422', async () => {
    const res = await SELF.fetch(`${ORIGIN}/dev-portal/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identity: { email: uniqueEmail('shy'), name: '비공개', gender: 'M' } }),
    });
    expect(res.status).toBe(422);
    expect((await res.json<{ code: string }>()).code).toBe('PORTAL_PROFILE_INCOMPLETE');
  });

  it('refuses a banned member', async () => {
    const member = await signUpMember();
    await env.DB.prepare("UPDATE members SET status = 'BANNED' WHERE id = ?").bind(member.memberId).run();
    const res = await SELF.fetch(`${ORIGIN}/dev-portal/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identity: { email: member.email } }),
    });
    expect(res.status).toBe(403);
    expect((await res.json<{ code: string }>()).code).toBe('MEMBER_BANNED');
  });

  it('validates its body', async () => {
    const res = await SELF.fetch(`${ORIGIN}/dev-portal/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identity: { email: 'not-an-email' } }),
    });
    expect(res.status).toBe(400);
  });
});
