// Rich profile details, two-way preferences and hearts received (docs/api-extensions.md "profile-details").
// docs/matching.md and docs/api-extensions.md describe the rules.
import { ADULT_AGE_BY_YEAR, ageOn } from '../../contract/age';
import { MATCHING_LIMITS } from '../../contract/matching';
import {
  PROFILE_DETAILS_KO,
  PROFILE_PROMPTS,
  togglesForGoal,
  type HiddenDetail,
  type MatchingPreferences,
  type MatchingPreferencesBody,
  type MyProfileDetails,
  type ProfileDetails,
  type ProfilePrompt,
  type PromptId,
  type PublicProfileDetails,
  type ReceivedHeartsPage,
  type AdminHideDetailBody,
  type AdminUnhideDetailBody,
} from '../../contract/profile-details';
import { profileDetailsBody } from '../../contract/profile-details';
import type { Db } from '../../lib/env';
import { Invalid, NotFound } from '../../lib/errors';
import { maskProfanity } from '../community/profanity';
import { imageUrl } from '../media/service';
import { findProfile } from '../mypage/repo';
import { parseWith } from '../../lib/validation';
import { refuseContact } from '../safety/service';
import {
  countUnseen,
  hideText,
  listReceived,
  markSeen,
  readDetails,
  readPreferences,
  writeDetails,
  writePreferences,
  type PromptRow,
  type StoredDetails,
  unhideText,
} from './repo';
import { hideVoice } from './voice';

const mask = (text: string | null): string | null => (text === null ? null : maskProfanity(text));

type Enum<T> = T | null;

function detailsOf({ details: d, prompts }: StoredDetails): ProfileDetails {
  return {
    bio: d?.bio ?? null,
    heightCm: d?.heightCm ?? null,
    job: { category: (d?.jobCategory ?? null) as ProfileDetails['job']['category'], title: d?.jobTitle ?? null },
    education: (d?.education ?? null) as Enum<ProfileDetails['education']>,
    religion: (d?.religion ?? null) as Enum<ProfileDetails['religion']>,
    religionVisible: d?.religionVisible ?? false,
    smoking: (d?.smoking ?? null) as Enum<ProfileDetails['smoking']>,
    drinking: (d?.drinking ?? null) as Enum<ProfileDetails['drinking']>,
    mbti: (d?.mbti ?? null) as Enum<ProfileDetails['mbti']>,
    lookingFor: (d?.lookingFor ?? null) as Enum<ProfileDetails['lookingFor']>,
    prompts: prompts.map((p) => ({ questionId: p.questionId as PromptId, answer: p.answer })),
  };
}

function hiddenOf({ details: d, prompts, voice }: StoredDetails): HiddenDetail[] {
  const hidden: HiddenDetail[] = [];
  if (d?.bio && d.bioHiddenReason) hidden.push({ field: 'bio', questionId: null, reason: d.bioHiddenReason });
  if (d?.jobTitle && d.jobTitleHiddenReason)
    hidden.push({ field: 'jobTitle', questionId: null, reason: d.jobTitleHiddenReason });
  for (const p of prompts)
    if (p.hiddenReason) hidden.push({ field: 'prompt', questionId: p.questionId as PromptId, reason: p.hiddenReason });
  if (voice?.hiddenReason) hidden.push({ field: 'voice', questionId: null, reason: voice.hiddenReason });
  return hidden;
}

/** My own details: as stored (hidden texts included, so I can fix them) with what was hidden and why. */
export async function myDetails(db: Db, memberId: number): Promise<MyProfileDetails> {
  const stored = await readDetails(db, memberId);
  return { ...detailsOf(stored), hidden: hiddenOf(stored), sensitiveConsent: stored.sensitiveConsent };
}

/**
 * What others see: hidden texts left out, religion only when the member shows it and still
 * consents to sensitive information; free texts masked by the community's profanity rules.
 */
export function publicDetails(stored: StoredDetails): PublicProfileDetails {
  const d = stored.details;
  const all = detailsOf(stored);
  const { religionVisible: _, ...rest } = all;
  return {
    ...rest,
    bio: d?.bioHiddenReason ? null : mask(all.bio),
    job: { category: all.job.category, title: d?.jobTitleHiddenReason ? null : mask(all.job.title) },
    religion: all.religionVisible && stored.sensitiveConsent ? all.religion : null,
    prompts: stored.prompts
      .filter((p) => !p.hiddenReason)
      .map((p) => ({ questionId: p.questionId as PromptId, answer: maskProfanity(p.answer) })),
  };
}

export async function publicDetailsOf(db: Db, memberId: number): Promise<PublicProfileDetails> {
  return publicDetails(await readDetails(db, memberId));
}

/**
 * Replaces my details (PUT; also the signup flow's skippable step, called right after signup).
 * Religion needs the SENSITIVE_INFO consent. A hide sticks to its place (bio, job title, a
 * prompt's question) until an operator lifts it: an edited, cleared and rewritten, or removed and
 * re-answered text stays hidden from others (docs/admin.md). Saving lookingFor sets
 * the matching toggles.
 */
export async function saveMyDetails(db: Db, memberId: number, raw: unknown, now: Date): Promise<MyProfileDetails> {
  const input = parseWith(profileDetailsBody, raw);
  refuseContact({
    bio: input.bio,
    'job.title': input.job?.title,
    ...Object.fromEntries((input.prompts ?? []).map((p, i) => [`prompts.${i}.answer`, p.answer])),
  });
  const stored = await readDetails(db, memberId);
  const religion = input.religion ?? null;
  if (religion !== null && !stored.sensitiveConsent) {
    throw new Invalid(PROFILE_DETAILS_KO.religionNeedsConsent, { religion: PROFILE_DETAILS_KO.religionNeedsConsent });
  }
  const bio = mask(input.bio ?? null);
  const job = input.job ?? { category: null, title: null };
  const jobTitle = mask(job.title);
  const old = stored.details;
  const hides = new Map([...stored.prompts, ...stored.heldHides].map((p) => [p.questionId, p.hiddenReason]));
  const answered: PromptRow[] = (input.prompts ?? []).map((p) => ({
    questionId: p.questionId,
    answer: maskProfanity(p.answer),
    hiddenReason: hides.get(p.questionId) ?? null,
  }));
  const given = new Set(answered.map((p) => p.questionId));
  const held: PromptRow[] = [...hides].flatMap(([questionId, hiddenReason]) =>
    hiddenReason && !given.has(questionId) ? [{ questionId, answer: '', hiddenReason }] : [],
  );
  const prompts = [...answered, ...held];
  const lookingFor = input.lookingFor ?? null;
  await writeDetails(
    db,
    memberId,
    {
      bio,
      bioHiddenReason: old?.bioHiddenReason ?? null,
      heightCm: input.heightCm ?? null,
      jobCategory: job.category,
      jobTitle,
      jobTitleHiddenReason: old?.jobTitleHiddenReason ?? null,
      education: input.education ?? null,
      religion,
      religionVisible: religion !== null && (input.religionVisible ?? false),
      smoking: input.smoking ?? null,
      drinking: input.drinking ?? null,
      mbti: input.mbti ?? null,
      lookingFor,
    },
    prompts,
    now.toISOString(),
    lookingFor ? togglesForGoal(lookingFor) : null,
  );
  return myDetails(db, memberId);
}

export const promptList = (): ProfilePrompt[] => PROFILE_PROMPTS.map((p) => ({ id: p.id, text: p.text }));

/** Admin: hides one text of a member's details (others stop seeing it; the member sees why). */
export async function hideDetail(db: Db, memberId: number, body: AdminHideDetailBody): Promise<MyProfileDetails> {
  const done =
    body.field === 'voice'
      ? await hideVoice(db, memberId, body.reason)
      : await hideText(db, memberId, body.field, body.questionId ?? null, body.reason);
  if (!done) throw new NotFound('숨길 내용을 찾을 수 없어요.', 'DETAIL_NOT_FOUND');
  return myDetails(db, memberId);
}

/** Admin: lifts a hide after reviewing the text (others see it again). */
export async function unhideDetail(db: Db, memberId: number, body: AdminUnhideDetailBody): Promise<MyProfileDetails> {
  const done =
    body.field === 'voice'
      ? await hideVoice(db, memberId, null)
      : await unhideText(db, memberId, body.field, body.questionId ?? null);
  if (!done) throw new NotFound('숨긴 내용을 찾을 수 없어요.', 'DETAIL_NOT_FOUND');
  return myDetails(db, memberId);
}

// ---- §2 -------------------------------------------------------------------------------------

/**
 * The ages a member may ask for: the ±10 window, never below the youngest adult (adults only,
 * docs/trust.md "Adults only"; a member born in the adult year can still be 만 18 until their birthday).
 */
export function allowedAges(age: number): { min: number; max: number } {
  const window = MATCHING_LIMITS.ageWindowYears;
  return { min: Math.max(ADULT_AGE_BY_YEAR - 1, age - window), max: age + window };
}

async function ageOf(db: Db, memberId: number, now: Date): Promise<number> {
  const row = await findProfile(db, memberId);
  if (!row) throw new NotFound('회원 정보를 찾을 수 없어요.', 'MEMBER_NOT_FOUND');
  return ageOn(row.birthday, now);
}

export async function myPreferences(db: Db, memberId: number, now: Date): Promise<MatchingPreferences> {
  const [prefs, age] = await Promise.all([readPreferences(db, memberId), ageOf(db, memberId, now)]);
  const allowed = allowedAges(age);
  return { ...prefs, allowedAgeMin: allowed.min, allowedAgeMax: allowed.max };
}

/**
 * Saves my preferences. The age range must lie inside what the hard filters allow me; the day's
 * list is re-ranked on the next call (the preferences are part of the ranking's fingerprint).
 */
export async function saveMyPreferences(
  db: Db,
  memberId: number,
  body: MatchingPreferencesBody,
  now: Date,
): Promise<MatchingPreferences> {
  const allowed = allowedAges(await ageOf(db, memberId, now));
  const outside = (n: number | null) => n !== null && (n < allowed.min || n > allowed.max);
  if (outside(body.ageMin) || outside(body.ageMax)) {
    throw new Invalid(PROFILE_DETAILS_KO.ageRangeOutside, { ageMin: PROFILE_DETAILS_KO.ageRangeOutside });
  }
  const verifiedOnly = body.verifiedOnly ?? (await readPreferences(db, memberId)).verifiedOnly;
  await writePreferences(db, memberId, { ...body, verifiedOnly }, now.toISOString());
  return myPreferences(db, memberId, now);
}

// ---- §3 -------------------------------------------------------------------------------------

export async function receivedHearts(
  db: Db,
  memberId: number,
  q: { page: number; size: number },
  now: Date,
): Promise<ReceivedHeartsPage> {
  const rows = await listReceived(db, memberId, now, q.page * q.size, q.size + 1);
  return {
    content: rows.slice(0, q.size).map((r) => ({
      memberId: r.memberId,
      name: r.name,
      age: ageOn(r.birthday, now),
      mainImageUrl: r.mainImageKey ? imageUrl(r.mainImageKey) : null,
      heartedAt: r.heartedAt,
      mutual: Boolean(r.mutual),
      verified: { identity: Boolean(r.identityVerified), photo: Boolean(r.photoVerified) },
    })),
    last: rows.length <= q.size,
  };
}

export const unseenHearts = async (db: Db, memberId: number, now: Date) => ({
  count: await countUnseen(db, memberId, now),
});

export async function markHeartsSeen(db: Db, memberId: number, now: Date) {
  await markSeen(db, memberId, now.toISOString());
  return { count: 0 };
}
