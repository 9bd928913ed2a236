// What the sign-in services need from a request: bindings, db, one "now", and the public origin.
import type { Context } from 'hono';
import { nowDate } from '../../lib/clock';
import type { AppEnv, Env } from '../../lib/env';
import { envDb } from '../../lib/db';
import { clientIp, hit, type Limit } from '../../lib/rate-limit';
import type { RequestContext } from '../../lib/context';

export type AuthContext = RequestContext & { origin: string };

/** The origin the member SPA is served from: APP_ORIGIN when set, else this request's. */
export function publicOrigin(env: Env, requestUrl: string): string {
  return env.APP_ORIGIN ? env.APP_ORIGIN.replace(/\/$/, '') : new URL(requestUrl).origin;
}

export function authContext(c: Context<AppEnv>): AuthContext {
  return {
    env: c.env,
    // In-process calls (the dev portal's own app) run without app.ts's middleware.
    db: c.get('db') ?? envDb(c.env),
    now: nowDate(c.env),
    origin: publicOrigin(c.env, c.req.url),
  };
}

/** Per-IP budgets for the sign-in calls (server-side only, so not in the contract). */
export const AUTH_LIMITS = {
  oauthState: { max: 30, windowSeconds: 60 },
  callback: { max: 30, windowSeconds: 60 },
  login: { max: 30, windowSeconds: 60 },
  refresh: { max: 60, windowSeconds: 60 },
  signup: { max: 30, windowSeconds: 3600 },
  location: { max: 30, windowSeconds: 60 },
  // Verifications are one per signup: the signup budget (below) applies to them too.
  identity: { max: 30, windowSeconds: 3600 },
} as const satisfies Record<string, Limit>;

/** The signup budget per address and hour: SIGNUP_LIMIT_PER_HOUR when set (e.g. one test run's many signups from loopback), else 30. */
export function signupLimit(env: Env): Limit {
  const n = Number(env.SIGNUP_LIMIT_PER_HOUR);
  return Number.isInteger(n) && n > 0 ? { max: n, windowSeconds: 3600 } : AUTH_LIMITS.signup;
}

export async function limitByIp(c: Context<AppEnv>, purpose: keyof typeof AUTH_LIMITS): Promise<void> {
  const ctx = authContext(c);
  const limit = purpose === 'signup' || purpose === 'identity' ? signupLimit(ctx.env) : AUTH_LIMITS[purpose];
  await hit(ctx.db, `auth:${purpose}:${clientIp(c.req.raw.headers)}`, limit, ctx.now);
}
