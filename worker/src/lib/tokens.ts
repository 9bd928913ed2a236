// Access tokens: short-lived HS256 JWTs whose subject is the member id (ASCII claims only).
import { sign, verify } from 'hono/jwt';
import type { Env } from './env';
import { Unauthorized } from './errors';

export function jwtSecret(env: Env): string {
  const secret = env.JWT_SECRET;
  if (!secret || secret.length < 32) throw new Error('JWT_SECRET must be set to at least 32 characters');
  return secret;
}

// The HMAC key imported once per secret and isolate (hono/jwt would import it on every call).
const hmacKeys = new Map<string, CryptoKey>();

async function hmacKey(env: Env): Promise<CryptoKey> {
  const secret = jwtSecret(env);
  const cached = hmacKeys.get(secret);
  if (cached) return cached;
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  hmacKeys.set(secret, key);
  return key;
}

export async function signAccessToken(env: Env, memberId: number, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const ttl = Number(env.ACCESS_TOKEN_TTL_SECONDS ?? '900');
  return sign({ sub: String(memberId), typ: 'access', iat, exp: iat + ttl }, await hmacKey(env), 'HS256');
}

/** The member id of a valid access token, or 401. */
export async function verifyAccessToken(env: Env, token: string, now: Date): Promise<number> {
  const key = await hmacKey(env);
  let payload;
  try {
    payload = await verify(token, key, { alg: 'HS256', exp: false, iat: false, nbf: false });
  } catch {
    throw new Unauthorized('로그인 정보가 올바르지 않아요. 다시 로그인해 주세요.', 'TOKEN_INVALID');
  }
  const exp = typeof payload.exp === 'number' ? payload.exp : 0;
  if (exp * 1000 <= now.getTime()) throw new Unauthorized('로그인이 만료되었어요.', 'TOKEN_EXPIRED');
  if (payload.typ !== 'access' || typeof payload.sub !== 'string' || !/^\d+$/.test(payload.sub)) {
    throw new Unauthorized('로그인 정보가 올바르지 않아요. 다시 로그인해 주세요.', 'TOKEN_INVALID');
  }
  return Number(payload.sub);
}
