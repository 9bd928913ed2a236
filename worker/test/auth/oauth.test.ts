import { createExecutionContext, env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { AUTH_LIMITS } from '../../src/areas/auth/context';
import { sha256Hex } from '../../src/lib/crypto';
import { freshIp, ORIGIN, setCookieNamed, signUpMember, uniqueEmail, withCookies } from '../helpers/auth';
import { authorizeAs, callbackFor, jwtPayload, postCallback, randomState, setOauthState } from './flow';

type ErrorBody = { code: string; message: string; fields?: Record<string, string> };

describe('POST /api/setOauthState', () => {
  it('binds the state to an httpOnly cookie and answers the portals’ authorize URLs', async () => {
    const state = randomState();
    const res = await SELF.fetch(`${ORIGIN}/api/setOauthState`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() },
      body: JSON.stringify({ oauthState: state }),
    });
    expect(res.status).toBe(200);
    const { authorizeUrls } = await res.json<{ authorizeUrls: Record<string, string> }>();
    const naver = new URL(authorizeUrls.naver ?? '');
    expect(`${naver.origin}${naver.pathname}`).toBe('http://localhost:8787/dev-portal/naver/authorize');
    expect(naver.searchParams.get('state')).toBe(state);
    expect(naver.searchParams.get('client_id')).toBe('test-naver-client');
    expect(naver.searchParams.get('redirect_uri')).toBe('http://localhost:8787/naver/callback');
    expect(naver.searchParams.get('response_type')).toBe('code');
    const kakao = new URL(authorizeUrls.kakao ?? '');
    expect(`${kakao.origin}${kakao.pathname}`).toBe('https://kauth.kakao.com/oauth/authorize');
    expect(kakao.searchParams.get('redirect_uri')).toBe('http://localhost:8787/kakao/callback');

    const cookie = setCookieNamed(res, 'ongi_oauth');
    expect(cookie?.attributes).toMatchObject({
      httponly: true,
      secure: true,
      samesite: 'Lax',
      path: '/',
      'max-age': '600',
    });
    const row = await env.DB.prepare('SELECT state FROM oauth_states WHERE id = ?')
      .bind(await sha256Hex(cookie?.value ?? ''))
      .first<{ state: string }>();
    expect(row?.state).toBe(state);
  });

  it('leaves Kakao out while KAKAO_CLIENT_ID is empty', async () => {
    const req = new Request(`${ORIGIN}/api/setOauthState`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() },
      body: JSON.stringify({ oauthState: randomState() }),
    });
    const res = await buildApp().fetch(req, { ...env, KAKAO_CLIENT_ID: '' }, createExecutionContext());
    expect(res.status).toBe(200);
    const { authorizeUrls } = await res.json<{ authorizeUrls: Record<string, string> }>();
    expect(Object.keys(authorizeUrls)).toEqual(['naver']);
  });

  it('points Naver at the real endpoints when the dev portal is off', async () => {
    const req = new Request(`${ORIGIN}/api/setOauthState`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() },
      body: JSON.stringify({ oauthState: randomState() }),
    });
    const res = await buildApp().fetch(req, { ...env, DEV_PORTAL: 'false' }, createExecutionContext());
    const { authorizeUrls } = await res.json<{ authorizeUrls: Record<string, string> }>();
    expect(authorizeUrls.naver).toMatch(/^https:\/\/nid\.naver\.com\/oauth2\.0\/authorize\?/);
  });

  it('rejects a malformed state and unknown fields with a Korean message', async () => {
    for (const body of [
      { oauthState: 'short' },
      { oauthState: 'a'.repeat(20) + '!!' },
      { oauthState: randomState(), extra: 1 },
    ]) {
      const res = await SELF.fetch(`${ORIGIN}/api/setOauthState`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      const err = await res.json<ErrorBody>();
      expect(err.code).toBe('STATE_INVALID');
      expect(err.message).toMatch(/[가-힣]/);
    }
  });

  it('refuses a cross-site request (CSRF)', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/setOauthState`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example', 'CF-Connecting-IP': freshIp() },
      body: JSON.stringify({ oauthState: randomState() }),
    });
    expect(res.status).toBe(403);
    expect((await res.json<ErrorBody>()).code).toBe('CSRF_REJECTED');
  });

  it('is rate limited per IP address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    const { max } = AUTH_LIMITS.oauthState;
    for (let i = 0; i < max + 1; i++) {
      const res = await SELF.fetch(`${ORIGIN}/api/setOauthState`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
        body: JSON.stringify({ oauthState: randomState() }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, max).every((s) => s === 200)).toBe(true);
    expect(statuses[max]).toBe(429);
    // Another address is unaffected.
    await expect(setOauthState()).resolves.toBeTruthy();
  });
});

describe('portal callback', () => {
  it('answers NEED_AGREEMENT with a readable signup token and a signup cookie for a new identity', async () => {
    const email = uniqueEmail('new');
    const res = await callbackFor({ email, name: '이하늘', gender: 'F', birthday: '2000-02-29' });
    expect(res.status).toBe(200);
    const body = await res.json<{ status: string; token: string }>();
    expect(body.status).toBe('NEED_AGREEMENT');
    const payload = jwtPayload(body.token);
    expect(payload).toMatchObject({
      typ: 'signup',
      name: '이하늘',
      email,
      gender: 'F',
      birthday: '2000-02-29',
      providerType: 'NAVER',
    });
    expect(typeof payload.age).toBe('number');
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
    expect(body.token.split('.')[1]).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(setCookieNamed(res, 'ongi_signup')?.attributes).toMatchObject({
      httponly: true,
      secure: true,
      samesite: 'Lax',
      path: '/api',
    });
    // The state cookie is spent.
    expect(setCookieNamed(res, 'ongi_oauth')?.attributes['max-age']).toBe('0');
  });

  it('answers LOGIN with the member id and a one-time ticket cookie for an existing member (login_hint)', async () => {
    const member = await signUpMember();
    const started = await setOauthState();
    const hinted = `${started.authorizeUrls.naver}&login_hint=${encodeURIComponent(member.email)}`;
    const portal = await SELF.fetch(hinted, { redirect: 'manual' });
    expect(portal.status).toBe(302);
    const back = new URL(portal.headers.get('Location') ?? '');
    expect(back.pathname).toBe('/naver/callback');
    // The spec's GET form, answered as JSON for a non-navigation request.
    const res = await SELF.fetch(`${ORIGIN}/naver/callback${back.search}`, {
      headers: {
        Accept: 'application/json',
        Cookie: `ongi_oauth=${started.cookies.ongi_oauth}`,
        'CF-Connecting-IP': freshIp(),
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'LOGIN', id: member.memberId });
    expect(setCookieNamed(res, 'ongi_login')?.attributes).toMatchObject({
      httponly: true,
      secure: true,
      samesite: 'Strict',
      path: '/login',
      'max-age': '120',
    });
  });

  it('rejects a state that differs from the one bound to the cookie, and nothing happens', async () => {
    const started = await setOauthState();
    const back = await authorizeAs(started.authorizeUrls.naver, {
      email: uniqueEmail(),
      name: '가',
      gender: 'M',
      birthday: '1990-01-01',
    });
    const res = await postCallback(
      { code: back.searchParams.get('code') ?? '', state: randomState() },
      started.cookies,
    );
    expect(res.status).toBe(400);
    const err = await res.json<ErrorBody>();
    expect(err.code).toBe('STATE_MISMATCH');
    expect(err.message).toMatch(/다시 로그인해 주세요/);
    expect(setCookieNamed(res, 'ongi_signup')).toBeUndefined();
    expect(setCookieNamed(res, 'ongi_login')).toBeUndefined();
  });

  it('rejects a state used a second time', async () => {
    const started = await setOauthState();
    const back = await authorizeAs(started.authorizeUrls.naver, {
      email: uniqueEmail(),
      name: '가',
      gender: 'M',
      birthday: '1990-01-01',
    });
    const input = { code: back.searchParams.get('code') ?? '', state: started.state };
    expect((await postCallback(input, started.cookies)).status).toBe(200);
    const again = await postCallback(input, started.cookies);
    expect(again.status).toBe(400);
    expect((await again.json<ErrorBody>()).code).toBe('STATE_REUSED');
  });

  it('rejects a callback without the state cookie', async () => {
    const started = await setOauthState();
    const back = await authorizeAs(started.authorizeUrls.naver, {
      email: uniqueEmail(),
      name: '가',
      gender: 'M',
      birthday: '1990-01-01',
    });
    const res = await postCallback({ code: back.searchParams.get('code') ?? '', state: started.state }, {});
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).code).toBe('STATE_MISSING');
  });

  it('rejects an expired state', async () => {
    const cookie = 'expired-state-cookie-' + randomState();
    const state = randomState();
    await env.DB.prepare('INSERT INTO oauth_states (id, state, expires_at) VALUES (?, ?, ?)')
      .bind(await sha256Hex(cookie), state, new Date(Date.now() - 1000).toISOString())
      .run();
    const res = await postCallback({ code: 'whatever', state }, { ongi_oauth: cookie });
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).code).toBe('STATE_EXPIRED');
  });

  it('rejects a code the portal does not recognise', async () => {
    const started = await setOauthState();
    const res = await postCallback({ code: 'forged.code', state: started.state }, started.cookies);
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).code).toBe('OAUTH_CODE_INVALID');
  });

  it('answers 422 asking to allow the items when the portal withholds gender and birthday', async () => {
    const res = await callbackFor({ email: uniqueEmail(), name: '비공개' });
    expect(res.status).toBe(422);
    const err = await res.json<ErrorBody>();
    expect(err.code).toBe('PORTAL_PROFILE_INCOMPLETE');
    expect(err.message).toContain('성별');
    expect(err.message).toContain('동의');
    expect(Object.keys(err.fields ?? {})).toEqual(expect.arrayContaining(['gender', 'birthday', 'birthyear']));
  });

  it('is a plain 404 for an unknown portal', async () => {
    const started = await setOauthState();
    const res = await postCallback({ code: 'x', state: started.state }, started.cookies, freshIp(), 'google');
    expect(res.status).toBe(404);
  });

  it('keeps cookies of the signup session it opened usable for signup (cookie jar round trip)', async () => {
    const res = await callbackFor({ email: uniqueEmail(), name: '나', gender: 'M', birthday: '1991-05-05' });
    expect(Object.keys(withCookies(res))).toContain('ongi_signup');
  });
});
