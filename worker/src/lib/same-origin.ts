// CSRF protection for cookie-authenticated state changes: the browser must say the request is ours.
// Browsers send Sec-Fetch-Site and/or Origin on every unsafe request; scripts and tests send neither
// and carry no ambient cookies, so they are not what CSRF is about.
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Env } from './env';
import { Forbidden } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function allowedOrigins(env: Env, requestUrl: string): Set<string> {
  const set = new Set<string>([new URL(requestUrl).origin]);
  if (env.APP_ORIGIN) set.add(env.APP_ORIGIN.replace(/\/$/, ''));
  return set;
}

export function isCrossSite(headers: Headers, allowed: Set<string>): boolean {
  const site = headers.get('Sec-Fetch-Site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = headers.get('Origin');
  if (origin && !allowed.has(origin)) return true;
  return false;
}

export const sameOriginOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE.has(c.req.method) && isCrossSite(c.req.raw.headers, allowedOrigins(c.env, c.req.url))) {
    throw new Forbidden('다른 사이트에서 보낸 요청은 처리할 수 없어요.', 'CSRF_REJECTED');
  }
  await next();
});
