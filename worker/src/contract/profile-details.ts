// Rich profile details (issue 13 §1), two-way matching preferences (§2), hearts received (§3)
// and the "why this card" reasons (§4). Imported by the Worker and both SPAs; docs/matching.md
// and docs/api-extensions.md explain the rules in plain words.
import { z } from 'zod';
import { optionalTextField } from './text-schema';

export const PROFILE_DETAIL_LIMITS = {
  bioMax: 500,
  jobTitleMax: 20,
  promptAnswerMax: 150,
  promptsMax: 3,
  heightMin: 140,
  heightMax: 220,
  /** Preferences: the distance a member may ask for (null = 전국). */
  distanceMinKm: 5,
  distanceMaxKm: 100,
  /** Hearts received per page. */
  receivedPageSize: 24,
  /** Reasons on one card. */
  reasonsMax: 3,
  /** Admin hide reason. */
  hideReasonMax: 200,
} as const;

const labelled = <T extends string>(labels: Readonly<Record<T, string>>) => Object.keys(labels) as [T, ...T[]];

export const JOB_CATEGORY_LABELS = {
  OFFICE: '회사원',
  PUBLIC: '공무원',
  PROFESSIONAL: '전문직',
  MEDICAL: '의료·보건',
  EDUCATION: '교육',
  IT: 'IT·개발',
  RESEARCH: '연구·엔지니어',
  FINANCE: '금융',
  SALES: '영업·마케팅',
  DESIGN: '디자인',
  ARTS: '예술·방송',
  MEDIA: '미디어·출판',
  SERVICE: '서비스',
  FOOD: '요리·외식',
  BUSINESS: '자영업·사업',
  MANUFACTURING: '생산·기술',
  LOGISTICS: '물류·운송',
  SPORTS: '스포츠·레저',
  FREELANCE: '프리랜서',
  STUDENT: '학생',
  PREPARING: '취업 준비 중',
  OTHER: '기타',
} as const;
export type JobCategory = keyof typeof JOB_CATEGORY_LABELS;
export const JOB_CATEGORIES = labelled(JOB_CATEGORY_LABELS);

export const EDUCATION_LABELS = {
  HIGH_SCHOOL: '고등학교',
  COLLEGE: '전문대',
  UNIVERSITY: '대학교',
  GRADUATE: '대학원',
  OTHER: '기타',
} as const;
export type Education = keyof typeof EDUCATION_LABELS;
export const EDUCATIONS = labelled(EDUCATION_LABELS);

/** 종교: a sensitive item (PIPA art. 23), accepted only with the SENSITIVE_INFO consent. */
export const RELIGION_LABELS = {
  NONE: '무교',
  CHRISTIAN: '기독교',
  CATHOLIC: '천주교',
  BUDDHIST: '불교',
  OTHER: '기타',
} as const;
export type Religion = keyof typeof RELIGION_LABELS;
export const RELIGIONS = labelled(RELIGION_LABELS);

export const SMOKING_LABELS = {
  NO: '비흡연',
  SOMETIMES: '가끔 피워요',
  YES: '흡연',
  QUITTING: '금연 중',
} as const;
export type Smoking = keyof typeof SMOKING_LABELS;
export const SMOKING_ANSWERS = labelled(SMOKING_LABELS);

export const DRINKING_LABELS = {
  NO: '마시지 않아요',
  SOMETIMES: '가끔 마셔요',
  OFTEN: '자주 마셔요',
} as const;
export type Drinking = keyof typeof DRINKING_LABELS;
export const DRINKING_ANSWERS = labelled(DRINKING_LABELS);

export const MBTI_TYPES = [
  'ISTJ',
  'ISFJ',
  'INFJ',
  'INTJ',
  'ISTP',
  'ISFP',
  'INFP',
  'INTP',
  'ESTP',
  'ESFP',
  'ENFP',
  'ENTP',
  'ESTJ',
  'ESFJ',
  'ENFJ',
  'ENTJ',
  'UNKNOWN',
] as const;
export type Mbti = (typeof MBTI_TYPES)[number];
export const mbtiLabel = (m: Mbti): string => (m === 'UNKNOWN' ? '모름' : m);

/**
 * 찾는 관계. Tied to the two matching toggles (docs/matching.md "찾는 관계와 매칭 토글"):
 * saving SERIOUS sets romance on / friend off, FRIENDS romance off / friend on, UNSURE both on.
 * Changing the toggles updates a lookingFor the member already answered: (on, off) → SERIOUS,
 * (off, on) → FRIENDS, (on, on) → UNSURE; (off, off) pauses matching and leaves it as it was.
 */
export const RELATIONSHIP_GOAL_LABELS = {
  SERIOUS: '진지한 연애',
  FRIENDS: '편한 친구',
  UNSURE: '아직 모르겠어요',
} as const;
export type RelationshipGoal = keyof typeof RELATIONSHIP_GOAL_LABELS;
export const RELATIONSHIP_GOALS = labelled(RELATIONSHIP_GOAL_LABELS);

export function togglesForGoal(goal: RelationshipGoal): { romanceMatching: boolean; friendMatching: boolean } {
  if (goal === 'SERIOUS') return { romanceMatching: true, friendMatching: false };
  if (goal === 'FRIENDS') return { romanceMatching: false, friendMatching: true };
  return { romanceMatching: true, friendMatching: true };
}

/** The goal the toggles say, or null for (off, off): then the stored goal stays. */
export function goalForToggles(t: { romanceMatching: boolean; friendMatching: boolean }): RelationshipGoal | null {
  if (t.romanceMatching && t.friendMatching) return 'UNSURE';
  if (t.romanceMatching) return 'SERIOUS';
  if (t.friendMatching) return 'FRIENDS';
  return null;
}

/** The fixed prompt list: a member picks up to 3 distinct questions and answers each (≤ 150). */
export const PROFILE_PROMPTS = [
  { id: 'into_lately', text: '요즘 빠져 있는 것' },
  { id: 'perfect_weekend', text: '나의 완벽한 주말은' },
  { id: 'happy_moment', text: '요즘 가장 행복했던 순간' },
  { id: 'favorite_food', text: '이 음식이라면 언제든 좋아요' },
  { id: 'travel_wish', text: '꼭 한번 가 보고 싶은 여행지' },
  { id: 'comfort_song', text: '마음이 편해지는 노래' },
  { id: 'friends_say', text: '친구들이 말하는 나는' },
  { id: 'small_luxury', text: '나를 위한 작은 사치' },
  { id: 'first_date', text: '첫 만남에 함께하고 싶은 것' },
  { id: 'green_flag', text: '이런 사람에게 끌려요' },
  { id: 'learning', text: '요즘 배우고 있는 것' },
  { id: 'recommend_movie', text: '추천하고 싶은 영화나 드라마' },
  { id: 'morning_or_night', text: '나는 아침형? 저녁형?' },
  { id: 'proud_of', text: '요즘 스스로 뿌듯했던 일' },
  { id: 'stress_relief', text: '스트레스를 푸는 나만의 방법' },
  { id: 'hometown_spot', text: '우리 동네 최고의 장소' },
  { id: 'bucket_list', text: '올해 꼭 해 보고 싶은 것' },
  { id: 'simple_joy', text: '사소하지만 확실한 행복' },
  { id: 'talk_all_night', text: '밤새 이야기할 수 있는 주제' },
  { id: 'relationship_value', text: '연애에서 가장 중요하게 생각하는 것' },
  { id: 'rainy_day', text: '비 오는 날 하고 싶은 것' },
  { id: 'life_motto', text: '나의 좌우명' },
] as const;
export type PromptId = (typeof PROFILE_PROMPTS)[number]['id'];
export const PROMPT_IDS = PROFILE_PROMPTS.map((p) => p.id) as [PromptId, ...PromptId[]];
export const promptText = (id: string): string | null => PROFILE_PROMPTS.find((p) => p.id === id)?.text ?? null;

export const PROFILE_DETAILS_KO = {
  bioTooLong: `자기소개는 ${PROFILE_DETAIL_LIMITS.bioMax}자까지 쓸 수 있어요.`,
  jobTitleTooLong: `직업 이름은 ${PROFILE_DETAIL_LIMITS.jobTitleMax}자까지 쓸 수 있어요.`,
  answerTooLong: `답변은 ${PROFILE_DETAIL_LIMITS.promptAnswerMax}자까지 쓸 수 있어요.`,
  answerRequired: '질문에 답을 적어 주세요.',
  heightRange: `키는 ${PROFILE_DETAIL_LIMITS.heightMin}~${PROFILE_DETAIL_LIMITS.heightMax}cm 사이로 적어 주세요.`,
  promptsTooMany: `질문 카드는 ${PROFILE_DETAIL_LIMITS.promptsMax}개까지 고를 수 있어요.`,
  promptsDistinct: '같은 질문은 한 번만 고를 수 있어요.',
  promptUnknown: '목록에 있는 질문을 골라 주세요.',
  religionNeedsConsent: '종교는 민감정보 수집·이용에 동의한 경우에만 저장할 수 있어요.',
  jobTitleNeedsCategory: '직업 분야를 먼저 골라 주세요.',
  ageRangeOrder: '최소 나이가 최대 나이보다 클 수 없어요.',
  ageRangeOutside: '고를 수 있는 나이 범위를 벗어났어요.',
  distanceRange: `거리는 ${PROFILE_DETAIL_LIMITS.distanceMinKm}~${PROFILE_DETAIL_LIMITS.distanceMaxKm}km 사이로 골라 주세요.`,
  hiddenNotice: '운영 정책에 맞지 않아 숨겨진 내용이 있어요. 내용을 고쳐 다시 저장해 주세요.',
} as const;

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
    prompts: z
      .array(promptAnswerSchema)
      .max(PROFILE_DETAIL_LIMITS.promptsMax, PROFILE_DETAILS_KO.promptsTooMany)
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

export const HIDEABLE_FIELDS = ['bio', 'jobTitle', 'prompt'] as const;
export type HideableField = (typeof HIDEABLE_FIELDS)[number];

/** A text an admin hid: others no longer see it; the member sees it with the reason until they change it. */
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
  })
  .refine((p) => p.ageMin === null || p.ageMax === null || p.ageMin <= p.ageMax, {
    message: PROFILE_DETAILS_KO.ageRangeOrder,
    path: ['ageMin'],
  });
export type MatchingPreferencesBody = z.infer<typeof matchingPreferencesBody>;
export type MatchingPreferences = MatchingPreferencesBody & { allowedAgeMin: number; allowedAgeMax: number };

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
