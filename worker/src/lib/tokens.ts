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
// Access tokens and the chat's socket tickets (areas/chat/ticket.ts) are both signed with it.
const hmacKeys = new Map<string, CryptoKey>();

export async function hmacKey(env: Env): Promise<CryptoKey> {
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

/**
 * Tokens whose signature and claims were checked, per secret, for this isolate's life: that check
 * (base64, JSON, HMAC) depends on nothing but the token and the secret, so a token seen before
 * skips it. Expiry is still compared with the clock on every call, and the member's standing is
 * still read from D1 on every call (requireMember), so nothing about the member is cached.
 * Oldest first out past `VERIFIED_MAX` (a member sends the same token for its 15 minutes).
 */
const verified = new Map<string, Map<string, { memberId: number; exp: number }>>();
const VERIFIED_MAX = 5000;

/** The member id of a valid access token, or 401. */
export async function verifyAccessToken(env: Env, token: string, now: Date): Promise<number> {
  const secret = jwtSecret(env);
  let seen = verified.get(secret);
  if (!seen) {
    if (verified.size >= 4) verified.clear(); // a rotated secret's tokens are no use
    seen = new Map();
    verified.set(secret, seen);
  }
  const known = seen.get(token);
  if (known) {
    if (known.exp * 1000 <= now.getTime()) throw new Unauthorized('로그인이 만료되었어요.', 'TOKEN_EXPIRED');
    return known.memberId;
  }
  const checked = await checkAccessToken(env, token, now);
  if (seen.size >= VERIFIED_MAX) seen.delete(seen.keys().next().value as string);
  seen.set(token, checked);
  return checked.memberId;
}

async function checkAccessToken(env: Env, token: string, now: Date): Promise<{ memberId: number; exp: number }> {
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
  return { memberId: Number(payload.sub), exp };
}
