import { describe, expect, it } from 'vitest';
import { decodeSignupToken, readSignupToken } from './signup-token';
import { makeSignupToken } from '../test/factories';

describe('reading the temporary signup token', () => {
  it('decodes a Korean name sent as ASCII JSON with \\u escapes', () => {
    const token = makeSignupToken({ name: '김온기' });
    // The wire form really is ASCII: the escapes, not the Hangul bytes.
    expect(atob(token.split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? '')).toContain('\\uae40');
    expect(decodeSignupToken(token).name).toBe('김온기');
  });

  it('also reads a payload encoded as raw UTF-8', () => {
    const token = makeSignupToken({ name: '이하늘' }, { asciiEscapes: false });
    expect(decodeSignupToken(token).name).toBe('이하늘');
  });

  it('reports a missing token', () => {
    expect(readSignupToken(null)).toEqual({ ok: false, reason: 'missing' });
    expect(readSignupToken('')).toEqual({ ok: false, reason: 'missing' });
  });

  it('reports an unparsable token', () => {
    expect(readSignupToken('garbage')).toEqual({ ok: false, reason: 'invalid' });
    expect(readSignupToken('a.!!!.c')).toEqual({ ok: false, reason: 'invalid' });
    expect(readSignupToken(`a.${btoa('{"name":1}')}.c`)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('reports an expired token', () => {
    const token = makeSignupToken({ exp: 1000 });
    expect(readSignupToken(token, 2_000_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('returns the payload of a valid token', () => {
    const read = readSignupToken(makeSignupToken({ email: 'a@b.kr' }));
    expect(read.ok && read.payload.email).toBe('a@b.kr');
  });
});
