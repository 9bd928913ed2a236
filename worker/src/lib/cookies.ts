// The Worker's session cookies (docs/auth.md table): names, paths, SameSite and lifetimes in one place.
// Every cookie is HttpOnly and Secure; browsers accept Secure cookies on http://localhost.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { LIMITS } from '../contract/limits';
import type { AppEnv, Env } from './env';

export type SessionCookie = 'oauth' | 'signup' | 'login' | 'refresh' | 'admin';

type CookieSpec = { name: string; path: string; sameSite: 'Lax' | 'Strict'; maxAgeSeconds: (env: Env) => number };

const DAY = 86_400;

export const COOKIE_SPECS: Record<SessionCookie, CookieSpec> = {
  oauth: { name: 'ongi_oauth', path: '/', sameSite: 'Lax', maxAgeSeconds: () => LIMITS.oauthStateTtlSeconds },
  // Lax: the portal's redirect back to /{portal}/callback is a cross-site navigation.
  signup: { name: 'ongi_signup', path: '/api', sameSite: 'Lax', maxAgeSeconds: () => LIMITS.signupSessionTtlSeconds },
  login: { name: 'ongi_login', path: '/login', sameSite: 'Strict', maxAgeSeconds: () => LIMITS.loginTicketTtlSeconds },
  refresh: {
    name: 'ongi_refresh',
    path: '/api',
    sameSite: 'Strict',
    maxAgeSeconds: (env) => refreshTtlDays(env) * DAY,
  },
  // Path / : the console also writes notices (/notices/…) and reads feedback (/feedback) on the spec's paths.
  admin: { name: 'ongi_admin', path: '/', sameSite: 'Strict', maxAgeSeconds: () => 8 * 3600 },
};

export function refreshTtlDays(env: Pick<Env, 'REFRESH_TOKEN_TTL_DAYS'>): number {
  const days = Number(env.REFRESH_TOKEN_TTL_DAYS ?? '30');
  return Number.isFinite(days) && days > 0 ? days : 30;
}

export function readSessionCookie(c: Context<AppEnv>, which: SessionCookie): string | undefined {
  const value = getCookie(c, COOKIE_SPECS[which].name);
  return value ? value : undefined;
}

export function setSessionCookie(c: Context<AppEnv>, which: SessionCookie, value: string): void {
  const spec = COOKIE_SPECS[which];
  setCookie(c, spec.name, value, {
    path: spec.path,
    httpOnly: true,
    secure: true,
    sameSite: spec.sameSite,
    maxAge: spec.maxAgeSeconds(c.env),
  });
}

export function clearSessionCookie(c: Context<AppEnv>, which: SessionCookie): void {
  const spec = COOKIE_SPECS[which];
  deleteCookie(c, spec.name, { path: spec.path, httpOnly: true, secure: true, sameSite: spec.sameSite });
}
