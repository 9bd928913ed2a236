// The operator's second factor (docs/safety.md "Operator sign-in"): a password-only session
// enrols an authenticator app on first sign-in (secret → QR code → a first code → 10 recovery
// codes shown once), or proves a code from the app (each time step once: no replay) or spends
// one recovery code. Failed attempts are limited per session and per operator; sign-in,
// enrolment and recovery-code use land in the audit log with the session's change.
import { renderSVG } from 'uqr';
import {
  ADMIN_MESSAGES,
  SECOND_FACTOR_LIMITS,
  TOTP_ISSUER,
  type SecondFactorConfirmed,
  type SecondFactorEnrolment,
  type SecondFactorVerified,
  type SecondFactorVerifyBody,
} from '../../contract/admin';
import { iso } from '../../lib/clock';
import { sha256Hex } from '../../lib/crypto';
import type { Db } from '../../lib/env';
import { Conflict, Unauthorized } from '../../lib/errors';
import { hit, refund } from '../../lib/rate-limit';
import { matchTotp, newTotpSecret, otpauthUri } from '../../lib/totp';
import { auditInsert, type AuditActor } from '../audit/repo';
import { markSecondFactor } from './repo';
import {
  enrolmentStatements,
  setPendingSecret,
  spendRecoveryCode,
  spendTotpStep,
  totpStateOf,
  unusedRecoveryCodes,
} from './second-factor-repo';
import type { AdminSession } from '../../lib/admin-session';

const wrongCode = () => new Unauthorized(ADMIN_MESSAGES.secondFactorWrongCode, 'SECOND_FACTOR_FAILED');
const wrongRecoveryCode = () => new Unauthorized(ADMIN_MESSAGES.secondFactorWrongRecoveryCode, 'SECOND_FACTOR_FAILED');
const alreadyDone = () => new Conflict(ADMIN_MESSAGES.secondFactorAlreadyDone, 'SECOND_FACTOR_ALREADY_DONE');

const actorOf = (session: AdminSession): AuditActor => ({
  id: session.admin.id,
  name: session.admin.name,
  role: session.admin.role,
});
const identityOf = (session: AdminSession) => ({
  id: session.admin.id,
  name: session.admin.name,
  email: session.admin.email,
  role: session.admin.role,
});

/**
 * Counts an attempt against both budgets before any work; `succeeded` gives both back, so only
 * failed guesses spend them (as the password step does).
 */
async function attempt(db: Db, session: AdminSession, now: Date) {
  const keys = [
    [`admin-2fa:session:${session.id}`, SECOND_FACTOR_LIMITS.perSession],
    [`admin-2fa:admin:${session.admin.id}`, SECOND_FACTOR_LIMITS.perAdmin],
  ] as const;
  for (const [key, limit] of keys) await hit(db, key, limit, now, ADMIN_MESSAGES.secondFactorTooManyAttempts);
  return {
    async succeeded() {
      for (const [key, limit] of keys) await refund(db, key, limit, now);
    },
  };
}

// Recovery codes: no 0/O, 1/I/L look-alikes; 10 characters (~50 bits), shown as XXXXX-XXXXX.
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newRecoveryCode(): string {
  const n = SECOND_FACTOR_LIMITS.recoveryCodeChars;
  const bytes = crypto.getRandomValues(new Uint8Array(n * 2));
  let code = '';
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 31).
  const limit = 256 - (256 % RECOVERY_ALPHABET.length);
  for (const b of bytes) {
    if (code.length === n) break;
    if (b < limit) code += RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length];
  }
  return code.length === n ? `${code.slice(0, 5)}-${code.slice(5)}` : newRecoveryCode();
}

/** What is compared: upper case, separators and spaces dropped. */
export const normalizeRecoveryCode = (code: string): string => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

const recoveryCodeHash = (adminId: number, code: string) =>
  sha256Hex(`ongi-admin-recovery:${adminId}:${normalizeRecoveryCode(code)}`);

/** A new secret for an operator who has not enrolled yet (each call replaces the pending one). */
export async function startEnrolment(db: Db, session: AdminSession): Promise<SecondFactorEnrolment> {
  if (session.secondFactor === 'DONE') throw alreadyDone();
  const secret = newTotpSecret();
  if (session.secondFactor === 'VERIFY' || !(await setPendingSecret(db, session.admin.id, secret))) {
    throw new Conflict(ADMIN_MESSAGES.secondFactorAlreadyEnrolled, 'SECOND_FACTOR_ALREADY_ENROLLED');
  }
  const uri = otpauthUri({ issuer: TOTP_ISSUER, account: session.admin.email, secret });
  return { secret, otpauthUri: uri, qrSvg: renderSVG(uri, { ecc: 'M', border: 2, pixelSize: 6 }) };
}

/** The first code from the app: enrolment done, the session signed in, the recovery codes (once). */
export async function confirmEnrolment(
  db: Db,
  session: AdminSession,
  code: string,
  now: Date,
): Promise<SecondFactorConfirmed> {
  if (session.secondFactor === 'DONE') throw alreadyDone();
  const limits = await attempt(db, session, now);
  const state = await totpStateOf(db, session.admin.id);
  if (state?.enrolledAt) {
    throw new Conflict(ADMIN_MESSAGES.secondFactorAlreadyEnrolled, 'SECOND_FACTOR_ALREADY_ENROLLED');
  }
  if (!state?.secret) {
    throw new Conflict(ADMIN_MESSAGES.secondFactorNoPendingEnrolment, 'SECOND_FACTOR_NO_PENDING_ENROLMENT');
  }
  const step = await matchTotp(state.secret, code, now.getTime());
  if (step === null) throw wrongCode();

  const at = iso(now);
  const recoveryCodes = Array.from({ length: SECOND_FACTOR_LIMITS.recoveryCodes }, newRecoveryCode);
  const codeHashes = await Promise.all(recoveryCodes.map((c) => recoveryCodeHash(session.admin.id, c)));
  const actor = actorOf(session);
  await db.batch([
    ...enrolmentStatements(db, { adminId: session.admin.id, secret: state.secret, step, at, codeHashes }),
    markSecondFactor(db, session.id, at),
    auditInsert(db, actor, { action: 'SECOND_FACTOR_ENROLLED', subjectType: 'ADMIN', subjectId: session.admin.id }),
    auditInsert(db, actor, {
      action: 'SIGN_IN',
      subjectType: 'ADMIN',
      subjectId: session.admin.id,
      detail: { method: 'TOTP' },
    }),
  ]);
  await limits.succeeded();
  return { ...identityOf(session), recoveryCodes };
}

/** A code from the app (each step once) or one unused recovery code: the session is signed in. */
export async function verifySecondFactor(
  db: Db,
  session: AdminSession,
  body: SecondFactorVerifyBody,
  now: Date,
): Promise<SecondFactorVerified> {
  if (session.secondFactor === 'DONE') throw alreadyDone();
  if (session.secondFactor === 'ENROL') {
    throw new Conflict(ADMIN_MESSAGES.secondFactorNotEnrolled, 'SECOND_FACTOR_NOT_ENROLLED');
  }
  const limits = await attempt(db, session, now);
  const at = iso(now);
  const actor = actorOf(session);
  const subject = { subjectType: 'ADMIN', subjectId: session.admin.id } as const;

  if ('code' in body) {
    const state = await totpStateOf(db, session.admin.id);
    const step = state?.secret ? await matchTotp(state.secret, body.code, now.getTime()) : null;
    // A code already used (or older than one used) fails like a wrong one: no replay.
    if (step === null || !(await spendTotpStep(db, session.admin.id, step))) throw wrongCode();
    await db.batch([
      markSecondFactor(db, session.id, at),
      auditInsert(db, actor, { action: 'SIGN_IN', ...subject, detail: { method: 'TOTP' } }),
    ]);
  } else {
    const hash = await recoveryCodeHash(session.admin.id, body.recoveryCode);
    if (!(await spendRecoveryCode(db, session.admin.id, hash, at))) throw wrongRecoveryCode();
    await db.batch([
      markSecondFactor(db, session.id, at),
      auditInsert(db, actor, { action: 'RECOVERY_CODE_USED', ...subject }),
      auditInsert(db, actor, { action: 'SIGN_IN', ...subject, detail: { method: 'RECOVERY_CODE' } }),
    ]);
  }
  await limits.succeeded();
  return { ...identityOf(session), recoveryCodesLeft: await unusedRecoveryCodes(db, session.admin.id) };
}
