// VAPID (RFC 8292): the server's P-256 key pair from the environment and the ES256 JWT that
// identifies it to a push service (`Authorization: vapid t=<jwt>, k=<public key>`).
import type { Env } from '../../lib/env';
import { base64url, fromBase64url } from '../../lib/crypto';
import { p256Jwk } from './encrypt';

export type VapidKeys = {
  /** base64url of the 65-byte uncompressed public point: the browser's `applicationServerKey`. */
  publicKey: string;
  signingKey: CryptoKey;
  /** `mailto:` or `https:` contact for the push service's operators. */
  subject: string;
};

/** Token lifetime: RFC 8292 §2 caps `exp` at 24 hours; 12 leaves room for clock skew. */
export const VAPID_TOKEN_SECONDS = 12 * 3600;
/** A cached token is reused while it has at least this long left. */
const TOKEN_REUSE_MARGIN_SECONDS = 3600;

const enc = new TextEncoder();
const B64URL = /^[A-Za-z0-9_-]+$/;

type VapidEnv = Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>;

let loaded: { source: string; keys: Promise<VapidKeys> } | undefined;

/**
 * The VAPID keys, imported once per isolate. `null` when push is not configured (any of the
 * three variables empty); throws when they are set but malformed or do not belong together.
 */
export async function loadVapidKeys(env: VapidEnv): Promise<VapidKeys | null> {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  const subject = env.VAPID_SUBJECT?.trim();
  if (!publicKey || !privateKey || !subject) return null;
  const source = `${publicKey} ${privateKey} ${subject}`;
  if (loaded?.source !== source) {
    const keys = importVapidKeys(publicKey, privateKey, subject);
    loaded = { source, keys };
    keys.catch(() => {
      if (loaded?.keys === keys) loaded = undefined;
    });
  }
  return loaded.keys;
}

async function importVapidKeys(publicKey: string, privateKey: string, subject: string): Promise<VapidKeys> {
  if (!/^(mailto:|https:\/\/)\S+$/.test(subject)) throw new Error('VAPID_SUBJECT must be a mailto: or https: URL');
  if (!B64URL.test(publicKey) || !B64URL.test(privateKey))
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be unpadded base64url');
  const point = fromBase64url(publicKey);
  if (fromBase64url(privateKey).length !== 32) throw new Error('VAPID_PRIVATE_KEY must be the 32-byte private scalar');
  const jwk = p256Jwk(point); // throws unless 65 bytes starting with 0x04
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256' };
  const signingKey = await crypto.subtle.importKey('jwk', { ...jwk, d: privateKey }, algorithm, false, ['sign']);
  const verifyKey = await crypto.subtle.importKey('raw', point, algorithm, false, ['verify']);
  // A private key from another pair would sign tokens every push service rejects: check once here.
  const probe = enc.encode('ongi vapid key check');
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signingKey, probe);
  if (!(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, verifyKey, signature, probe)))
    throw new Error('VAPID_PRIVATE_KEY does not belong to VAPID_PUBLIC_KEY');
  return { publicKey, signingKey, subject };
}

const b64json = (value: unknown) => base64url(enc.encode(JSON.stringify(value)));

/** An ES256 JWT for the push service at `audience` (its origin), valid `lifetime` seconds from `now`. */
export async function signVapidJwt(
  keys: VapidKeys,
  audience: string,
  now: Date,
  lifetime = VAPID_TOKEN_SECONDS,
): Promise<string> {
  const claims = { aud: audience, exp: Math.floor(now.getTime() / 1000) + lifetime, sub: keys.subject };
  const signingInput = `${b64json({ typ: 'JWT', alg: 'ES256' })}.${b64json(claims)}`;
  // WebCrypto's ECDSA signature is r ‖ s (64 bytes), which is exactly JWS's ES256 form.
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    keys.signingKey,
    enc.encode(signingInput),
  );
  return `${signingInput}.${base64url(new Uint8Array(signature))}`;
}

const tokens = new Map<string, { jwt: string; exp: number }>();

/** The `Authorization` header for a push to `endpoint`; a token is reused per push service until ~1 h before it expires. */
export async function vapidAuthorization(keys: VapidKeys, endpoint: string, now: Date): Promise<string> {
  const audience = new URL(endpoint).origin;
  const cacheKey = `${keys.publicKey} ${keys.subject} ${audience}`;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  let token = tokens.get(cacheKey);
  if (!token || token.exp - nowSeconds < TOKEN_REUSE_MARGIN_SECONDS || token.exp - nowSeconds > VAPID_TOKEN_SECONDS) {
    token = { jwt: await signVapidJwt(keys, audience, now), exp: nowSeconds + VAPID_TOKEN_SECONDS };
    if (tokens.size >= 64) tokens.clear();
    tokens.set(cacheKey, token);
  }
  return `vapid t=${token.jwt}, k=${keys.publicKey}`;
}
