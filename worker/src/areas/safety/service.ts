// The safety shield's Worker-side rules that are not the chat's (docs/safety.md): the check call,
// the one refusal of contact handles in saved texts, and a new account's daily caps.
import { detectSafety } from '../../contract/safety/detector';
import { SAFETY_CHECK_KO, SAFETY_CHECK_LIMITS, type SafetyCheckResponse } from '../../contract/safety/check';
import {
  NEW_ACCOUNT_CAP_CODE,
  NEW_ACCOUNT_CAPS,
  PROFILE_CONTACT_CODE,
  PROFILE_CONTACT_KO,
  newAccountCapMessage,
  type NewAccountCapKind,
} from '../../contract/safety/member-limits';
import type { Db } from '../../lib/env';
import { AppError, Invalid, type FieldErrors } from '../../lib/errors';
import { rawRead } from '../../lib/db';
import { hit } from '../../lib/rate-limit';
import { koreanDayStart } from '../../lib/day';
import { memberGone } from '../members/service';
import * as repo from './repo';

const DAY_MS = 86_400_000;

// ---- the check call ------------------------------------------------------------------------------

/**
 * Counts one check against the member's budgets (per minute and per 24 hours); called before the
 * body is read, so a probe that fails validation still costs one.
 */
export async function spendCheckBudget(db: Db, memberId: number, now: Date): Promise<void> {
  await hit(
    db,
    `safety-check:m:${memberId}`,
    { max: SAFETY_CHECK_LIMITS.perMinute, windowSeconds: 60 },
    now,
    SAFETY_CHECK_KO.tooMany,
  );
  await hit(
    db,
    `safety-check:d:${memberId}`,
    { max: SAFETY_CHECK_LIMITS.perDay, windowSeconds: 86_400 },
    now,
    SAFETY_CHECK_KO.tooManyToday,
  );
}

/** The detector's flags for a text already normalised and length-checked (safetyCheckBody). */
export const checkText = (text: string): SafetyCheckResponse => ({ flags: detectSafety(text).flags });

// ---- contact handles in saved texts --------------------------------------------------------------

/** Whether a text holds a contact handle or URL: the detector's CONTACT kind, nothing else. */
export const holdsContact = (text: string): boolean => detectSafety(text).flags.some((f) => f.kind === 'CONTACT');

/**
 * The one check every save path of a member-written profile or community text runs (bio, job
 * title, prompt answers, nickname, post title and body, comments): each field given (key = the
 * field's path as the form knows it, e.g. `bio`, `job.title`, `prompts.0.answer`) is looked at,
 * and any with a contact handle is refused with 400 CONTACT_IN_TEXT and the friendly reason,
 * at that field.
 */
export function refuseContact(texts: Record<string, string | null | undefined>): void {
  const fields: FieldErrors = {};
  for (const [field, text] of Object.entries(texts)) {
    if (text && holdsContact(text)) fields[field] = PROFILE_CONTACT_KO;
  }
  if (Object.keys(fields).length > 0) throw new Invalid(PROFILE_CONTACT_KO, fields, PROFILE_CONTACT_CODE);
}

// ---- new accounts' daily caps --------------------------------------------------------------------

/** Whether the member is still "new" (NEW_ACCOUNT_CAPS), and when that ends (null: not until verified). */
export function newAccountUntil(
  m: { createdAt: string; identityVerifiedAt: string | null },
  now: Date,
): { isNew: boolean; liftsAt: string | null } {
  const weekOld = new Date(Date.parse(m.createdAt) + NEW_ACCOUNT_CAPS.weekDays * DAY_MS);
  if (m.identityVerifiedAt === null) return { isNew: true, liftsAt: null };
  return weekOld > now ? { isNew: true, liftsAt: weekOld.toISOString() } : { isNew: false, liftsAt: null };
}

/**
 * Refuses (429 NEW_ACCOUNT_CAP) a new member's chat request or room beyond today's cap. Counted
 * from the requests and rooms themselves since midnight Korea time, so a refused or failed
 * attempt costs nothing. Two calls at the same instant can both pass the count: a cap may be
 * passed by one in such a race, which the caps (limits on a scammer's reach, not exact quotas) allow.
 * These are its reads, not yet run, for the call's first batch (requireMemberAnd); the refusal is
 * refuseOverNewAccountCap.
 */
export function newAccountReads(db: Db, memberId: number, kind: NewAccountCapKind, now: Date) {
  const since = koreanDayStart(now).toISOString();
  return [
    repo.accountStandingQuery(db, memberId),
    rawRead<{ n: number }>(
      db,
      kind === 'REQUEST' ? repo.requestsSentSinceSql(memberId, since) : repo.roomsOpenedSinceSql(memberId, since),
    ),
  ] as const;
}

/** The cap over newAccountReads' rows: the member's standing, and their requests or rooms of today. */
export function refuseOverNewAccountCap(
  standing: { createdAt: string; identityVerifiedAt: string | null }[],
  done: { n: number }[],
  kind: NewAccountCapKind,
  now: Date,
): void {
  const member = standing[0];
  if (!member) throw memberGone();
  const { isNew, liftsAt } = newAccountUntil(member, now);
  if (!isNew) return;
  const cap = kind === 'REQUEST' ? NEW_ACCOUNT_CAPS.requestsPerDay : NEW_ACCOUNT_CAPS.roomsPerDay;
  if ((done[0]?.n ?? 0) >= cap) throw new AppError(429, NEW_ACCOUNT_CAP_CODE, newAccountCapMessage(kind, liftsAt));
}
