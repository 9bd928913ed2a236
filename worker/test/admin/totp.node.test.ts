// The TOTP implementation against the RFCs' own test vectors, and its window and base32 rules.
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  totpCode,
  totpStep,
} from '../../src/lib/totp';

const ascii = (s: string) => new TextEncoder().encode(s);
const SEED = {
  'SHA-1': ascii('12345678901234567890'),
  'SHA-256': ascii('12345678901234567890123456789012'),
  'SHA-512': ascii('1234567890123456789012345678901234567890123456789012345678901234'),
} as const;

describe('HOTP (RFC 4226 appendix D)', () => {
  it('gives the ten published codes for counters 0–9', async () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    const codes = await Promise.all(expected.map((_, i) => hotp(SEED['SHA-1'], i)));
    expect(codes).toEqual(expected);
  });
});

describe('TOTP (RFC 6238 appendix B, 8 digits)', () => {
  const vectors: Array<[number, string, string, string]> = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ];
  it.each(vectors)('at %i s', async (seconds, sha1, sha256, sha512) => {
    const step = totpStep(seconds * 1000);
    expect(await hotp(SEED['SHA-1'], step, 8, 'SHA-1')).toBe(sha1);
    expect(await hotp(SEED['SHA-256'], step, 8, 'SHA-256')).toBe(sha256);
    expect(await hotp(SEED['SHA-512'], step, 8, 'SHA-512')).toBe(sha512);
  });

  it('gives the 6-digit form from a base32 secret', async () => {
    const secret = base32Encode(SEED['SHA-1']);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(await totpCode(secret, 59_000)).toBe('287082');
  });
});

describe('matchTotp', () => {
  const secret = newTotpSecret();
  const now = Date.UTC(2026, 10, 26, 12, 0, 10);
  it('accepts the code of the step before, now and after, and answers that step', async () => {
    const step = totpStep(now);
    for (const d of [-1, 0, 1]) {
      const code = await totpCode(secret, now + d * 30_000);
      expect(await matchTotp(secret, code, now)).toBe(step + d);
    }
  });
  it('refuses codes two steps away, malformed codes and another secret’s code', async () => {
    expect(await matchTotp(secret, await totpCode(secret, now + 60_000), now)).toBeNull();
    expect(await matchTotp(secret, await totpCode(secret, now - 60_000), now)).toBeNull();
    expect(await matchTotp(secret, '12345', now)).toBeNull();
    expect(await matchTotp(secret, '12a456', now)).toBeNull();
    const other = newTotpSecret();
    const code = await totpCode(other, now);
    if (code !== (await totpCode(secret, now))) expect(await matchTotp(secret, code, now)).toBeNull();
  });
});

describe('base32 and the otpauth URI', () => {
  it('round-trips random bytes and ignores case, spaces and padding', () => {
    const bytes = crypto.getRandomValues(new Uint8Array(20));
    const text = base32Encode(bytes);
    expect(text).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(text.toLowerCase().replace(/(.{4})/g, '$1 '))).toEqual(bytes);
    expect(base32Decode('MZXW6===')).toEqual(ascii('foo'));
    expect(base32Decode('not base32!')).toBeNull();
  });
  it('carries the issuer, account, secret and parameters', () => {
    const uri = otpauthUri({ issuer: '온기', account: 'a@ongi.dev', secret: 'JBSWY3DPEHPK3PXP' });
    expect(uri).toBe(
      'otpauth://totp/%EC%98%A8%EA%B8%B0:a%40ongi.dev?secret=JBSWY3DPEHPK3PXP&issuer=%EC%98%A8%EA%B8%B0&algorithm=SHA1&digits=6&period=30',
    );
  });
});
