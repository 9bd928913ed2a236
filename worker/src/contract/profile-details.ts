// Rich profile details, two-way matching preferences, hearts received and the "why this card"
// reasons. Imported by the Worker and both SPAs; docs/matching.md
// and docs/api-extensions.md explain the rules in plain words.
import { z } from 'zod';
import type { Verified } from './photo-verification';
import { boundedArray } from './bounded-array';
import { optionalTextField } from './text-schema';

import {
  PROFILE_DETAIL_LIMITS,
  type JobCategory,
  JOB_CATEGORIES,
  type Education,
  EDUCATIONS,
  type Religion,
  RELIGIONS,
  type Smoking,
  SMOKING_ANSWERS,
  type Drinking,
  DRINKING_ANSWERS,
  MBTI_TYPES,
  type Mbti,
  type RelationshipGoal,
  RELATIONSHIP_GOALS,
  type PromptId,
  PROMPT_IDS,
  PROFILE_DETAILS_KO,
} from './profile-details-core';

export * from './profile-details-core';

const nullableEnum = <T extends [string, ...string[]]>(values: T) =>
  z
    .enum(values)
    .nullish()
    .transform((v) => v ?? null);

export const promptAnswerSchema = z.strictObject({
  questionId: z.enum(PROMPT_IDS, { error: PROFILE_DETAILS_KO.promptUnknown }),
  answer: optionalTextField({
    max: PROFILE_DETAIL_LIMITS.promptAnswerMax,
    tooLong: PROFILE_DETAILS_KO.answerTooLong,
  }).refine((a): a is string => a !== null, { message: PROFILE_DETAILS_KO.answerRequired }),
});

/**
 * PUT /api/on/mypage/profile-details (and the same body at signup's details step): the whole set
 * of details, every field optional; a missing or null field is cleared. Free text is normalised
 * (text.ts) and counted in characters as a person counts them.
 */
export const profileDetailsBody = z
  .strictObject({
    bio: optionalTextField({ max: PROFILE_DETAIL_LIMITS.bioMax, tooLong: PROFILE_DETAILS_KO.bioTooLong }),
    heightCm: z
      .number({ error: PROFILE_DETAILS_KO.heightRange })
      .int(PROFILE_DETAILS_KO.heightRange)
      .min(PROFILE_DETAIL_LIMITS.heightMin, PROFILE_DETAILS_KO.heightRange)
      .max(PROFILE_DETAIL_LIMITS.heightMax, PROFILE_DETAILS_KO.heightRange)
      .nullish()
      .transform((v) => v ?? null),
    job: z
      .strictObject({
        category: nullableEnum(JOB_CATEGORIES),
        title: optionalTextField({
          max: PROFILE_DETAIL_LIMITS.jobTitleMax,
          tooLong: PROFILE_DETAILS_KO.jobTitleTooLong,
        }),
      })
      .refine((j) => j.title === null || j.category !== null, {
        message: PROFILE_DETAILS_KO.jobTitleNeedsCategory,
        path: ['category'],
      })
      .nullish()
      .transform((v) => v ?? { category: null, title: null }),
    education: nullableEnum(EDUCATIONS),
    religion: nullableEnum(RELIGIONS),
    religionVisible: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    smoking: nullableEnum(SMOKING_ANSWERS),
    drinking: nullableEnum(DRINKING_ANSWERS),
    mbti: nullableEnum([...MBTI_TYPES]),
    lookingFor: nullableEnum(RELATIONSHIP_GOALS),
    prompts: boundedArray(promptAnswerSchema, PROFILE_DETAIL_LIMITS.promptsMax, PROFILE_DETAILS_KO.promptsTooMany)
      .refine((ps) => new Set(ps.map((p) => p.questionId)).size === ps.length, {
        message: PROFILE_DETAILS_KO.promptsDistinct,
      })
      .nullish()
      .transform((v) => v ?? []),
  })
  .partial();
export type ProfileDetailsInput = z.input<typeof profileDetailsBody>;

export type PromptAnswer = { questionId: PromptId; answer: string };

/** What a member's details hold (every field nullable). */
export type ProfileDetails = {
  bio: string | null;
  heightCm: number | null;
  job: { category: JobCategory | null; title: string | null };
  education: Education | null;
  religion: Religion | null;
  religionVisible: boolean;
  smoking: Smoking | null;
  drinking: Drinking | null;
  mbti: Mbti | null;
  lookingFor: RelationshipGoal | null;
  prompts: PromptAnswer[];
};

/** `voice`: the 목소리 소개 (docs/voice.md "A voice on the profile"), hidden like the texts. */
export const HIDEABLE_FIELDS = ['bio', 'jobTitle', 'prompt', 'voice'] as const;
export type HideableField = (typeof HIDEABLE_FIELDS)[number];

/** A text an admin hid: others no longer see it, whatever the member writes there, until an operator lifts the hide; the member sees it with the reason. */
export type HiddenDetail = { field: HideableField; questionId: PromptId | null; reason: string };

/**
 * GET / PUT /api/on/mypage/profile-details: my own details as stored (hidden texts included, so I
 * can fix them), what an admin hid, and whether I may save a religion (SENSITIVE_INFO consent).
 */
export type MyProfileDetails = ProfileDetails & {
  hidden: HiddenDetail[];
  sensitiveConsent: boolean;
};

/**
 * What others see (profile modal `details`): hidden texts dropped, religion only when visible and
 * consented; `religionVisible` is not sent.
 */
export type PublicProfileDetails = Omit<ProfileDetails, 'religionVisible'>;

/** Short summary on recommend/nearby cards: visible fields only, null when not answered. */
export type CardSummary = {
  heightCm: number | null;
  jobCategory: JobCategory | null;
  mbti: Mbti | null;
  lookingFor: RelationshipGoal | null;
};

/** GET /api/on/profile/prompts. */
export type ProfilePrompt = { id: PromptId; text: string };

export const adminHideDetailBody = z
  .strictObject({
    field: z.enum(HIDEABLE_FIELDS),
    questionId: z.enum(PROMPT_IDS).nullish(),
    reason: z
      .string()
      .transform((s) => s.normalize('NFC').trim())
      .pipe(z.string().min(1, '숨기는 이유를 적어 주세요.').max(PROFILE_DETAIL_LIMITS.hideReasonMax)),
  })
  .refine((b) => (b.field === 'prompt') === (b.questionId != null), {
    message: '질문 카드를 숨길 때만 questionId를 보내 주세요.',
    path: ['questionId'],
  });
export type AdminHideDetailBody = z.infer<typeof adminHideDetailBody>;

/** POST /admin/users/{id}/profile-details/unhide: an operator lifts a hide after reviewing the text. */
export const adminUnhideDetailBody = z
  .strictObject({
    field: z.enum(HIDEABLE_FIELDS),
    questionId: z.enum(PROMPT_IDS).nullish(),
  })
  .refine((b) => (b.field === 'prompt') === (b.questionId != null), {
    message: '질문 카드를 다시 보일 때만 questionId를 보내 주세요.',
    path: ['questionId'],
  });
export type AdminUnhideDetailBody = z.infer<typeof adminUnhideDetailBody>;

// ---- §2 preferences ----------------------------------------------------------------------

/**
 * GET / PUT /api/on/mypage/matching-preferences. Ages are 만 나이; null = no limit of my own
 * beyond the hard rules. The range must lie inside `allowedAgeMin`…`allowedAgeMax` (the ±10
 * window and the adult/minor rule, sent by GET). maxDistanceKm null = 전국.
 */
export const matchingPreferencesBody = z
  .strictObject({
    ageMin: z.number().int().min(14).max(120).nullable(),
    ageMax: z.number().int().min(14).max(120).nullable(),
    maxDistanceKm: z
      .number({ error: PROFILE_DETAILS_KO.distanceRange })
      .int(PROFILE_DETAILS_KO.distanceRange)
      .min(PROFILE_DETAIL_LIMITS.distanceMinKm, PROFILE_DETAILS_KO.distanceRange)
      .max(PROFILE_DETAIL_LIMITS.distanceMaxKm, PROFILE_DETAILS_KO.distanceRange)
      .nullable(),
    /** 인증된 회원만 보기 (docs/trust.md "Verified photos"); left out = keep the current setting. */
    verifiedOnly: z.boolean().optional(),
  })
  .refine((p) => p.ageMin === null || p.ageMax === null || p.ageMin <= p.ageMax, {
    message: PROFILE_DETAILS_KO.ageRangeOrder,
    path: ['ageMin'],
  });
export type MatchingPreferencesBody = z.infer<typeof matchingPreferencesBody>;
export type MatchingPreferences = Omit<MatchingPreferencesBody, 'verifiedOnly'> & {
  verifiedOnly: boolean;
  allowedAgeMin: number;
  allowedAgeMax: number;
};

// ---- §3 hearts received -----------------------------------------------------------------

export const receivedHeartsQuery = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(PROFILE_DETAIL_LIMITS.receivedPageSize),
});

/** GET /api/on/hearts/received: newest first; `mutual` = I hearted them too. */
export type ReceivedHeart = {
  memberId: number;
  name: string;
  age: number;
  mainImageUrl: string | null;
  heartedAt: string;
  mutual: boolean;
  /** 본인확인 / 사진 인증 (docs/trust.md "Identity (본인확인)", "Verified photos"). Always sent by the server. */
  verified?: Verified;
};
export type ReceivedHeartsPage = { content: ReceivedHeart[]; last: boolean };
/** GET /api/on/hearts/received/unseen-count and POST /api/on/hearts/received/seen (→ 0). */
export type UnseenCount = { count: number };

// ---- §4 reasons --------------------------------------------------------------------------

export const CARD_REASON_CODES = [
  'HEARTED_ME',
  'SHARED_INTERESTS',
  'NEARBY',
  'SAME_REGION',
  'CLOSE_AGE',
  'SAME_MBTI',
  'SAME_LIFESTYLE',
  'SAME_GOAL',
  'RECENTLY_ACTIVE',
] as const;
export type CardReasonCode = (typeof CARD_REASON_CODES)[number];
/** Up to 3 per card, in plain Korean (e.g. "영화·여행을 함께 좋아해요"). */
export type CardReason = { code: CardReasonCode; text: string };
