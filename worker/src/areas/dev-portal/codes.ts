// Dev portal codes and access tokens are HMAC-signed payloads, so the portal needs no table.
import { asciiJson, base64url, fromBase64url, hmacSign, hmacVerify, sha256Hex } from '../../lib/crypto';
import type { Env } from '../../lib/env';
import { jwtSecret } from '../../lib/tokens';

/** What the dev portal knows of a person: gender and birthday may be withheld, as on Naver. */
export type DevIdentity = {
  id: string;
  name: string;
  email: string;
  gender?: 'M' | 'F';
  birthday?: string; // YYYY-MM-DD
};

type Purpose = 'code' | 'token';
type Signed<T> = { p: Purpose; exp: number; v: T };

const enc = new TextEncoder();
const dec = new TextDecoder();

/** The provider user id of a typed identity: a stable hash of its email. */
export async function devProviderUserId(email: string): Promise<string> {
  return `dev-${(await sha256Hex(email.trim().toLowerCase())).slice(0, 32)}`;
}

export async function signDev<T>(env: Env, purpose: Purpose, value: T, ttlSeconds: number, now: Date): Promise<string> {
  const body: Signed<T> = { p: purpose, exp: Math.floor(now.getTime() / 1000) + ttlSeconds, v: value };
  const payload = base64url(enc.encode(asciiJson(body)));
  return `${payload}.${await hmacSign(jwtSecret(env), `dev-portal.${purpose}.${payload}`)}`;
}

export async function verifyDev<T>(env: Env, purpose: Purpose, text: string, now: Date): Promise<T | undefined> {
  const [payload, signature, extra] = text.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  if (!(await hmacVerify(jwtSecret(env), `dev-portal.${purpose}.${payload}`, signature))) return undefined;
  try {
    const body = JSON.parse(dec.decode(fromBase64url(payload))) as Signed<T>;
    if (body.p !== purpose || typeof body.exp !== 'number' || body.exp * 1000 <= now.getTime()) return undefined;
    return body.v;
  } catch {
    return undefined;
  }
}
