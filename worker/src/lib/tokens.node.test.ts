// Access tokens: a token checked once skips the signature check on later calls (per isolate), but
// never its expiry, and never for a different token or secret.
import { describe, expect, it, vi } from 'vitest';
import type { Env } from './env';
import { AppError } from './errors';
import { signAccessToken, verifyAccessToken } from './tokens';

const env = (secret = 'tokens-test-secret-0123456789abcdef0123456') =>
  ({ JWT_SECRET: secret, ACCESS_TOKEN_TTL_SECONDS: '900' }) as Env;
const T0 = new Date('2031-01-01T00:00:00.000Z');
const later = (s: number) => new Date(T0.getTime() + s * 1000);

async function code(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  return 'OK';
}

describe('verifyAccessToken', () => {
  it('accepts a token again without checking it again, until it expires', async () => {
    const token = await signAccessToken(env(), 41, T0);
    const hmac = vi.spyOn(crypto.subtle, 'verify');
    expect(await verifyAccessToken(env(), token, later(1))).toBe(41);
    expect(hmac).toHaveBeenCalledTimes(1);
    expect(await verifyAccessToken(env(), token, later(899))).toBe(41);
    expect(hmac).toHaveBeenCalledTimes(1);
    hmac.mockRestore();
    expect(await code(verifyAccessToken(env(), token, later(900)))).toBe('TOKEN_EXPIRED');
    expect(await code(verifyAccessToken(env(), token, later(5000)))).toBe('TOKEN_EXPIRED');
  });

  it('still refuses a forged token after the genuine one was accepted', async () => {
    const token = await signAccessToken(env(), 42, T0);
    expect(await verifyAccessToken(env(), token, later(1))).toBe(42);
    const [header, , signature] = token.split('.');
    const claims = btoa(JSON.stringify({ sub: '1', typ: 'access', iat: 1924992000, exp: 1924992900 }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect(await code(verifyAccessToken(env(), `${header}.${claims}.${signature}`, later(1)))).toBe('TOKEN_INVALID');
    const flipped = signature!.slice(0, -2) + (signature!.endsWith('AA') ? 'BA' : 'AA');
    expect(await code(verifyAccessToken(env(), `${token.slice(0, token.lastIndexOf('.'))}.${flipped}`, later(1)))).toBe(
      'TOKEN_INVALID',
    );
  });

  it('does not carry a token accepted under one secret over to another', async () => {
    const token = await signAccessToken(env(), 43, T0);
    expect(await verifyAccessToken(env(), token, later(1))).toBe(43);
    const other = env('another-secret-for-tokens-test-0123456789ab');
    expect(await code(verifyAccessToken(other, token, later(1)))).toBe('TOKEN_INVALID');
  });
});
