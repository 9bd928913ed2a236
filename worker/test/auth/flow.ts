// Steps of the browser's OAuth round trip, for the auth tests (the dev portal stands in for Naver).
import { SELF } from 'cloudflare:test';
import { cookieHeader, freshIp, ORIGIN, withCookies, type CookieJar, type DevIdentityInput } from '../helpers/auth';

export type Started = {
  state: string;
  cookies: CookieJar;
  authorizeUrls: { naver: string; kakao?: string };
  ip: string;
};

export function randomState(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

export async function setOauthState(state = randomState(), ip = freshIp()): Promise<Started> {
  const res = await SELF.fetch(`${ORIGIN}/api/setOauthState`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
    body: JSON.stringify({ oauthState: state }),
  });
  if (res.status !== 200) throw new Error(`setOauthState: ${res.status} ${await res.text()}`);
  const body = await res.json<{ authorizeUrls: { naver: string; kakao?: string } }>();
  return { state, cookies: withCookies(res), authorizeUrls: body.authorizeUrls, ip };
}

/** Submits the dev portal's "new identity" (or demo member) form; returns where the portal sends the browser. */
export async function authorizeAs(authorizeUrl: string, identity: Partial<DevIdentityInput>): Promise<URL> {
  const url = new URL(authorizeUrl);
  const form = new URLSearchParams({
    client_id: url.searchParams.get('client_id') ?? '',
    redirect_uri: url.searchParams.get('redirect_uri') ?? '',
    state: url.searchParams.get('state') ?? '',
  });
  for (const [k, v] of Object.entries(identity)) if (v !== undefined) form.set(k, v);
  const res = await SELF.fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  if (res.status !== 302) throw new Error(`authorize: ${res.status} ${await res.text()}`);
  return new URL(res.headers.get('Location') ?? '');
}

export async function postCallback(
  body: { code: string; state: string },
  cookies: CookieJar,
  ip = freshIp(),
  portal = 'naver',
): Promise<Response> {
  return SELF.fetch(`${ORIGIN}/api/${portal}/callback`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookieHeader(cookies), 'CF-Connecting-IP': ip },
    body: JSON.stringify(body),
  });
}

/** setOauthState → dev portal authorize → callback, as the SPA does it. */
export async function callbackFor(identity: Partial<DevIdentityInput>): Promise<Response> {
  const started = await setOauthState();
  const back = await authorizeAs(started.authorizeUrls.naver, identity);
  return postCallback(
    { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' },
    started.cookies,
  );
}

/** The middle part of a JWT, decoded the way the SPA does it (atob + JSON.parse). */
export function jwtPayload(token: string): Record<string, unknown> {
  const middle = token.split('.')[1] ?? '';
  return JSON.parse(atob(middle.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
}
