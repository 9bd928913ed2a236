// VAPID: the token a push service receives verifies with the advertised key and carries the
// right audience, expiry and contact; bad key material is refused at load.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { loadVapidKeys, signVapidJwt, vapidAuthorization, VAPID_TOKEN_SECONDS } from '../../src/areas/push/vapid';
import { verifyVapidHeader } from '../helpers/push';

const now = new Date('2026-11-24T03:00:00.000Z');
const nowSeconds = now.getTime() / 1000;

async function keys() {
  const loaded = await loadVapidKeys(env);
  if (!loaded) throw new Error('the test pool should configure VAPID');
  return loaded;
}

describe('VAPID Authorization header', () => {
  it('is "vapid t=<ES256 JWT>, k=<public key>"; the JWT verifies with k, aud = push service origin, exp ≤ 24 h, sub = contact', async () => {
    const header = await vapidAuthorization(await keys(), 'https://push.example.net:8443/wpush/v2/abc?x=1', now);
    const { claims, key } = await verifyVapidHeader(header);
    expect(key).toBe(env.VAPID_PUBLIC_KEY);
    expect(claims.aud).toBe('https://push.example.net:8443');
    expect(claims.sub).toBe('mailto:push-test@ongi.dev');
    expect(claims.exp).toBeGreaterThan(nowSeconds);
    expect(claims.exp - nowSeconds).toBeLessThanOrEqual(24 * 3600);
    expect(claims.exp - nowSeconds).toBe(VAPID_TOKEN_SECONDS);
  });

  it('a token signed by another key does not verify with the advertised key', async () => {
    const other = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const mine = await keys();
    const forged = await signVapidJwt({ ...mine, signingKey: other.privateKey }, 'https://push.example.net', now);
    await expect(verifyVapidHeader(`vapid t=${forged}, k=${mine.publicKey}`)).rejects.toThrow(/does not verify/);
  });

  it('one token per push service origin, renewed when less than an hour is left', async () => {
    const k = await keys();
    const a1 = await vapidAuthorization(k, 'https://a.push.test/1', now);
    const a2 = await vapidAuthorization(k, 'https://a.push.test/2', new Date(now.getTime() + 60_000));
    const b = await vapidAuthorization(k, 'https://b.push.test/1', now);
    expect(a2).toBe(a1);
    expect((await verifyVapidHeader(b)).claims.aud).toBe('https://b.push.test');
    const later = new Date(now.getTime() + (VAPID_TOKEN_SECONDS - 1800) * 1000);
    const renewed = await verifyVapidHeader(await vapidAuthorization(k, 'https://a.push.test/1', later));
    expect(renewed.claims.exp).toBe(later.getTime() / 1000 + VAPID_TOKEN_SECONDS);
  });
});

describe('loading the keys', () => {
  it('answers null when a variable is missing (push off)', async () => {
    expect(await loadVapidKeys({ ...env, VAPID_PRIVATE_KEY: '' })).toBeNull();
    expect(await loadVapidKeys({ ...env, VAPID_SUBJECT: undefined })).toBeNull();
  });

  it('refuses a private key of another pair, a malformed key and a subject that is not mailto:/https:', async () => {
    const otherPrivate = 'LDUaOvg7p5CpoXsSr5EEtODHYOxQn9U0HxxbmG_ksg8'; // the local dev pair's
    await expect(loadVapidKeys({ ...env, VAPID_PRIVATE_KEY: otherPrivate })).rejects.toThrow();
    await expect(loadVapidKeys({ ...env, VAPID_PUBLIC_KEY: 'AAAA' })).rejects.toThrow();
    await expect(loadVapidKeys({ ...env, VAPID_SUBJECT: 'push@ongi.dev' })).rejects.toThrow(/mailto/);
    // A failed load is not remembered: the right variables load again.
    expect((await loadVapidKeys(env))?.publicKey).toBe(env.VAPID_PUBLIC_KEY);
  });
});
