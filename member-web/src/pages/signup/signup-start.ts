// What /signup needs before it can show the form: the temp token (readable) and the agreements.
import { agreementsSchema, type Agreements, type SignupTokenPayload } from '@contract/auth';
import type { VerifiedIdentity } from '@contract/identity';
import { STORAGE_KEYS } from '@contract/limits';
import { verifiedIdentityStore } from '../../lib/identity-verification';
import { ko } from '../../i18n/ko';
import { readSignupToken } from '../../lib/signup-token';
import { localValue, sessionValue } from '../../lib/storage';

export type SignupStart =
  | { ok: true; payload: SignupTokenPayload; agreements: Agreements; verified: VerifiedIdentity | null }
  | { ok: false; message: string; redirectTo: string };

const TOKEN_PROBLEMS = {
  missing: ko.signup.noTempToken,
  invalid: ko.signup.badTempToken,
  expired: ko.signup.expiredTempToken,
} as const;

export function readSignupStart(now: number = Date.now()): SignupStart {
  const token = readSignupToken(sessionValue.get(STORAGE_KEYS.tempSignupToken), now);
  if (!token.ok) return { ok: false, message: TOKEN_PROBLEMS[token.reason], redirectTo: '/' };

  let saved: unknown = null;
  try {
    saved = JSON.parse(localValue.get(STORAGE_KEYS.agreements) ?? 'null');
  } catch {
    saved = null;
  }
  const agreements = agreementsSchema.safeParse(saved);
  if (!agreements.success) return { ok: false, message: ko.signup.noAgreements, redirectTo: '/member/termsAgree' };
  return { ok: true, payload: token.payload, agreements: agreements.data, verified: verifiedIdentityStore.get() };
}
