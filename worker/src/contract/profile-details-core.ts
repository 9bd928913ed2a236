// Profile details' limits, labels, prompts and messages (docs/api-extensions.md "profile-details"), free of zod so the member
// SPA's pages can show them without loading the validator (it comes with the forms that need it).
// profile-details.ts re-exports everything here with the schemas.

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
  hiddenNotice:
    '운영 정책에 맞지 않아 다른 회원에게 숨겨진 내용이 있어요. 고쳐서 저장해도 운영팀이 확인하기 전까지는 숨겨져 있어요.',
} as const;
