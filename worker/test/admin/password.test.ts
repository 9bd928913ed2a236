import { describe, expect, it } from 'vitest';
import {
  CURRENT_PARAMS,
  constantTimeEqual,
  hashPassword,
  needsRehash,
  parseHash,
  verifyPassword,
} from '../../src/areas/admin/password';

// phc-winner-argon2 src/test.c: argon2id, "password" / "somesalt", m=256, t=2, p=1.
const REFERENCE = '$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4';

describe('admin password hashing (argon2id)', () => {
  it('stores the algorithm and the current parameters in the hash string', async () => {
    const stored = await hashPassword('온기-관리자-비밀번호');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(parseHash(stored)?.params).toEqual(CURRENT_PARAMS);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('ongi-admin-1234!');
    expect(await verifyPassword('ongi-admin-1234!', stored)).toBe(true);
    expect(await verifyPassword('ongi-admin-1234?', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash, so the same password never gives the same string', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('verifies a hash made by the argon2 reference implementation, with its own parameters', async () => {
    expect(await verifyPassword('password', REFERENCE)).toBe(true);
    expect(await verifyPassword('passwore', REFERENCE)).toBe(false);
  });

  it('asks for a rehash only when the stored parameters are weaker than the current ones', async () => {
    expect(needsRehash(REFERENCE)).toBe(true);
    expect(needsRehash(await hashPassword('x'))).toBe(false);
    expect(needsRehash('not a hash')).toBe(true);
  });

  it('treats NFC and NFD spellings of a Korean password as the same password', async () => {
    const nfc = '한글비밀번호'.normalize('NFC');
    const stored = await hashPassword(nfc);
    expect(await verifyPassword(nfc.normalize('NFD'), stored)).toBe(true);
  });

  it('refuses malformed or out-of-bounds stored hashes without throwing', async () => {
    const malformed = [
      '',
      'plain-text-password',
      '$argon2i$v=19$m=256,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4',
      '$argon2id$v=16$m=256,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4',
      '$argon2id$v=19$m=4194304,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4',
      '$argon2id$v=19$m=256,t=0,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4',
      '$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHQ$c2hvcnQ',
    ];
    for (const stored of malformed) {
      expect(parseHash(stored)).toBeNull();
      expect(await verifyPassword('password', stored)).toBe(false);
    }
  });
});

describe('constantTimeEqual', () => {
  const bytes = (...b: number[]) => new Uint8Array(b);

  it('is true only for identical byte strings, wherever the difference is', () => {
    expect(constantTimeEqual(bytes(1, 2, 3, 4), bytes(1, 2, 3, 4))).toBe(true);
    expect(constantTimeEqual(bytes(9, 2, 3, 4), bytes(1, 2, 3, 4))).toBe(false);
    expect(constantTimeEqual(bytes(1, 2, 3, 4), bytes(1, 2, 3, 5))).toBe(false);
    expect(constantTimeEqual(bytes(1, 2, 3), bytes(1, 2, 3, 4))).toBe(false);
    expect(constantTimeEqual(bytes(), bytes())).toBe(true);
  });
});

// The numbers in docs/decisions/0001-admin-password-hashing.md come from this test's output.
// It logs durations inside workerd; it asserts correctness, never speed.
describe('cost measured inside workerd', () => {
  const timed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
    const started = performance.now();
    const value = await run();
    return [value, performance.now() - started];
  };

  it('derives argon2id at the OWASP minimum and PBKDF2-SHA256 at the Workers cap, logging each time', async () => {
    const argonRuns: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [stored, ms] = await timed(() => hashPassword('measure-me-please'));
      expect(parseHash(stored)?.params).toEqual(CURRENT_PARAMS);
      argonRuns.push(ms);
    }
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode('measure-me-please'), 'PBKDF2', false, [
      'deriveBits',
    ]);
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const pbkdf2Runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [bits, ms] = await timed(() =>
        crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: 100_000 }, key, 256),
      );
      expect(bits.byteLength).toBe(32);
      pbkdf2Runs.push(ms);
    }
    const fmt = (runs: number[]) => runs.map((ms) => `${ms.toFixed(0)} ms`).join(', ');
    console.log(`argon2id m=19456 t=2 p=1 (@noble/hashes): ${fmt(argonRuns)}`);
    console.log(`PBKDF2-SHA256 100,000 iterations (WebCrypto): ${fmt(pbkdf2Runs)}`);
  }, 60_000);
});
