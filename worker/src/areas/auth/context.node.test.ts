import { describe, expect, it } from 'vitest';
import type { Env } from '../../lib/env';
import { AUTH_LIMITS, signupLimit } from './context';

const env = (v?: string) => ({ SIGNUP_LIMIT_PER_HOUR: v }) as Env;

describe('signup budget per address', () => {
  it('is 30 an hour unless configured', () => {
    expect(signupLimit(env())).toEqual({ max: 30, windowSeconds: 3600 });
    expect(signupLimit(env())).toBe(AUTH_LIMITS.signup);
  });
  it('takes a positive whole number from SIGNUP_LIMIT_PER_HOUR and ignores anything else', () => {
    expect(signupLimit(env('1000'))).toEqual({ max: 1000, windowSeconds: 3600 });
    for (const bad of ['0', '-5', '2.5', 'many', '']) expect(signupLimit(env(bad))).toBe(AUTH_LIMITS.signup);
  });
});
