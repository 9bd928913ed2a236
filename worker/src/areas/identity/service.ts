// Identity verification (본인확인, docs/trust.md "Identity"): the Worker asks PortOne about a
// verification id and trusts only that answer (status VERIFIED, name, birth date, gender, CI).
// Of the person it keeps an HMAC of the CI, the name, birth date, gender and the time, and a keyed
// hash of the phone for 아는 사람 피하기 (docs/privacy.md); never the phone number, the DI or the CI
// itself. One person holds one account.
import { IDENTITY_KO, IDENTITY_LIMITS, type VerifiedIdentity } from '../../contract/identity';
import { isAdultByYearRule } from '../../contract/age';
import type { Gender } from '../../contract/enums';
import { iso } from '../../lib/clock';
import type { Db, Env } from '../../lib/env';
import { AlreadyMember, AppError, Conflict, Forbidden, Invalid, NotFound, under19 } from '../../lib/errors';
import type { AuthContext } from '../auth/context';
import { openSignupSession } from '../auth/signup-session';
import { phoneHashOfRaw } from '../privacy/phone-hash';
import { getIdentityVerification } from './portone';
import * as repo from './repo';

/** What a confirmed verification gives the Worker. */
export type ConfirmedIdentity = VerifiedIdentity & {
  id: string;
  ciHash: string;
  verifiedAt: string;
  /** Keyed hash of the verified mobile number (privacy/phone-hash.ts), or null when the provider gave none. */
  phoneHash: string | null;
};

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

// ---- the rules ---------------------------------------------------------------------------------

export const identityRequired = () => new Forbidden(IDENTITY_KO.required, 'IDENTITY_REQUIRED');

/** The one gate for hearts, chat requests, accepting one, and chat messages (HTTP and socket). */
export async function requireVerifiedIdentity(db: Db, memberId: number): Promise<void> {
  if (!(await repo.identityVerifiedAtOf(db, memberId))) throw identityRequired();
}

/** requireVerifiedIdentity's read, not yet run: for a call's first batch (requireMemberAnd). */
export const identityRead = (db: Db, memberId: number) => repo.identityVerifiedAtQuery(db, memberId);

/** requireVerifiedIdentity over identityRead's rows. */
export function refuseUnverified(rows: { identityVerifiedAt: string | null }[]): void {
  if (!rows[0]?.identityVerifiedAt) throw identityRequired();
}

/** Same rule for a member row already read (the chat socket's connect read). */
export const mayTalk = (m: { identityVerifiedAt: string | null }): boolean => m.identityVerifiedAt !== null;

/** `ab***@naver.com`: enough for the person to recognise their account, not for others to learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${shown}***${email.slice(at)}`;
}

const PORTAL_KO = { NAVER: '네이버', KAKAO: '카카오' } as const;

function kstDate(ms: number): string {
  return new Intl.DateTimeFormat('ko-KR', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(ms));
}

/**
 * Whether this person may hold the account they are making (or verifying): a permanently banned
 * person never again; a person with another live account not a second one; a person who left
 * only after the cooling-off period. `self` is the member verifying an existing account.
 */
async function checkPersonStanding(db: Db, ciHash: string, now: Date, self?: number): Promise<void> {
  const holders = (await repo.findCiHolders(db, ciHash)).filter((h) => h.memberId !== self);
  if (holders.some((h) => h.status === 'BANNED' && h.bannedUntil === null)) {
    throw new Forbidden(IDENTITY_KO.banned, 'IDENTITY_BANNED');
  }
  const live = holders.find((h) => h.deletedAt === null);
  if (live) {
    if (self !== undefined) throw new Conflict(IDENTITY_KO.otherMember, 'ALREADY_MEMBER');
    throw new AlreadyMember(IDENTITY_KO.alreadyMember, {
      portal: live.providerType,
      portalName: PORTAL_KO[live.providerType],
      maskedEmail: maskEmail(live.email),
    });
  }
  if (self !== undefined) return;
  const lastLeft = Math.max(...holders.map((h) => (h.deletedAt ? Date.parse(h.deletedAt) : 0)), 0);
  const until = lastLeft + IDENTITY_LIMITS.rejoinCoolingOffDays * DAY_MS;
  if (lastLeft > 0 && until > now.getTime()) {
    throw new Forbidden(IDENTITY_KO.coolingOff(kstDate(until)), 'IDENTITY_COOLING_OFF');
  }
}

// ---- asking the provider -----------------------------------------------------------------------

export async function ciHashOf(env: Env, ci: string): Promise<string> {
  const secret = env.IDENTITY_CI_KEY;
  if (!secret) throw notConfigured();
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const sig = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(ci)));
  return [...sig].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const notConfigured = () => new AppError(503, 'IDENTITY_UNAVAILABLE', IDENTITY_KO.notConfigured);
const GENDER_OF: Record<string, Gender> = { MALE: 'M', FEMALE: 'F' };

/** Asks PortOne and checks its answer; nothing is stored here. */
export async function confirmWithProvider(ctx: AuthContext, id: string): Promise<ConfirmedIdentity> {
  const { env } = ctx;
  if (!env.PORTONE_API_SECRET || !env.PORTONE_STORE_ID || !env.IDENTITY_CI_KEY) throw notConfigured();
  const answer = await getIdentityVerification(env, ctx.origin, id);
  if (answer.kind === 'NOT_FOUND') throw new NotFound(IDENTITY_KO.notFound, 'IDENTITY_VERIFICATION_NOT_FOUND');
  if (answer.kind === 'FAILED') {
    console.error(JSON.stringify({ level: 'error', message: 'portone identity read failed', detail: answer.detail }));
    throw new AppError(502, 'IDENTITY_PROVIDER_FAILED', IDENTITY_KO.providerFailed);
  }
  const v = answer.verification;
  // Only the provider's own record of this id counts.
  if (!('id' in v) || v.id !== id) throw new NotFound(IDENTITY_KO.notFound, 'IDENTITY_VERIFICATION_NOT_FOUND');
  if (v.status !== 'VERIFIED' || !('verifiedCustomer' in v)) {
    throw new Invalid(IDENTITY_KO.notVerified, undefined, 'IDENTITY_NOT_VERIFIED');
  }
  const c = v.verifiedCustomer;
  const gender = c.gender ? GENDER_OF[c.gender] : undefined;
  const birthDate = c.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(c.birthDate) ? c.birthDate : undefined;
  const name = c.name?.trim();
  if (!name || !birthDate || !gender || !c.ci) {
    throw new Invalid(IDENTITY_KO.incomplete, undefined, 'IDENTITY_INCOMPLETE');
  }
  const verifiedMs = Date.parse(v.verifiedAt);
  if (!Number.isFinite(verifiedMs) || ctx.now.getTime() - verifiedMs > IDENTITY_LIMITS.freshMinutes * MINUTE_MS) {
    throw new Invalid(IDENTITY_KO.expired, undefined, 'IDENTITY_VERIFICATION_EXPIRED');
  }
  return {
    id,
    name,
    birthDate,
    gender,
    ciHash: await ciHashOf(env, c.ci),
    verifiedAt: iso(new Date(verifiedMs)),
    phoneHash: await phoneHashOfRaw(env, c.phoneNumber),
  };
}

const used = () => new Invalid(IDENTITY_KO.used, undefined, 'IDENTITY_VERIFICATION_USED');
const shown = (v: Pick<ConfirmedIdentity, 'name' | 'birthDate' | 'gender'>): VerifiedIdentity => ({
  name: v.name,
  birthDate: v.birthDate,
  gender: v.gender,
});

// ---- signup: POST /api/member/identity ---------------------------------------------------------

/**
 * Binds a verification to the signup session in the cookie. A minor, a banned person, a person
 * with an account or in the cooling-off period is refused and nothing is stored.
 */
export async function verifyForSignup(
  ctx: AuthContext,
  cookie: string | undefined,
  id: string,
): Promise<VerifiedIdentity> {
  const session = await openSignupSession(ctx, cookie);
  const existing = await repo.findVerification(ctx.db, id);
  if (existing) {
    // The same browser sending the same answer again (a reload of the return page) is fine.
    if (existing.signupSessionId === session.id && existing.memberId === null) return shown(existing);
    throw used();
  }
  const confirmed = await confirmWithProvider(ctx, id);
  if (!isAdultByYearRule(confirmed.birthDate, ctx.now)) throw under19();
  await checkPersonStanding(ctx.db, confirmed.ciHash, ctx.now);
  const stored = await repo.insertVerification(ctx.db, {
    id,
    ciHash: confirmed.ciHash,
    name: confirmed.name,
    birthDate: confirmed.birthDate,
    gender: confirmed.gender,
    verifiedAt: confirmed.verifiedAt,
    phoneHash: confirmed.phoneHash,
    signupSessionId: session.id,
    memberId: null,
  });
  if (!stored) throw used();
  return shown(confirmed);
}

/** The verification a signup uses: bound to this session, fresh, unused; else 403 IDENTITY_REQUIRED. */
export async function boundIdentity(ctx: AuthContext, signupSessionId: string): Promise<ConfirmedIdentity> {
  const since = iso(new Date(ctx.now.getTime() - IDENTITY_LIMITS.freshMinutes * MINUTE_MS));
  const row = await repo.findBoundToSession(ctx.db, signupSessionId, since);
  if (!row) throw new Forbidden(IDENTITY_KO.signupRequired, 'IDENTITY_REQUIRED');
  return {
    id: row.id,
    name: row.name,
    birthDate: row.birthDate,
    gender: row.gender,
    ciHash: row.ciHash,
    verifiedAt: row.verifiedAt,
    phoneHash: row.phoneHash,
  };
}

/** Checked again when the member row is made: another account of this person may exist by now. */
export async function checkStillAllowed(ctx: AuthContext, identity: ConfirmedIdentity): Promise<void> {
  if (!isAdultByYearRule(identity.birthDate, ctx.now)) throw under19();
  await checkPersonStanding(ctx.db, identity.ciHash, ctx.now);
}

// ---- an existing member: POST /api/on/identity -------------------------------------------------

/**
 * An existing member verifies: the verified birthday and gender become theirs. A minor is stored
 * as verified (so the adults-only rule hides them) and answered 403 UNDER_19.
 */
export async function verifyForMember(ctx: AuthContext, memberId: number, id: string): Promise<VerifiedIdentity> {
  if (await repo.identityVerifiedAtOf(ctx.db, memberId)) {
    throw new Conflict('이미 본인확인을 마쳤어요.', 'IDENTITY_ALREADY_VERIFIED');
  }
  if (await repo.findVerification(ctx.db, id)) throw used();
  const confirmed = await confirmWithProvider(ctx, id);
  await checkPersonStanding(ctx.db, confirmed.ciHash, ctx.now, memberId);
  const stored = await repo.insertVerification(ctx.db, {
    id,
    ciHash: confirmed.ciHash,
    name: confirmed.name,
    birthDate: confirmed.birthDate,
    gender: confirmed.gender,
    verifiedAt: confirmed.verifiedAt,
    phoneHash: confirmed.phoneHash,
    signupSessionId: null,
    memberId,
  });
  if (!stored) throw used();
  await repo.markMemberVerified(ctx.db, memberId, {
    birthDate: confirmed.birthDate,
    gender: confirmed.gender,
    phoneHash: confirmed.phoneHash,
    at: iso(ctx.now),
  });
  if (!isAdultByYearRule(confirmed.birthDate, ctx.now)) throw under19();
  return shown(confirmed);
}

/** The daily clean-up (index.ts scheduled): see repo.purgeExpiredVerifications. */
export async function purgeVerifications(db: Db, now: Date): Promise<void> {
  await repo.purgeExpiredVerifications(
    db,
    iso(new Date(now.getTime() - IDENTITY_LIMITS.rejoinCoolingOffDays * DAY_MS)),
    iso(new Date(now.getTime() - DAY_MS)),
  );
}
