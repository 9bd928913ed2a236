// Demo profile details (docs/api-extensions.md "profile-details"): believable Korean bios, jobs, lifestyle answers and prompt
// cards, put together from templates with the demo's seeded random source (nothing downloaded).
// About one member in five stays sparse (a field or two, or nothing), as real profiles do.
import {
  EDUCATIONS,
  JOB_CATEGORIES,
  MBTI_TYPES,
  PROFILE_PROMPTS,
  type JobCategory,
  type PromptId,
  type RelationshipGoal,
} from '../../worker/src/contract';
import type { NewMember } from '../../worker/src/areas/demo/repo';
import type { Random } from './random';

export type DemoDetailRow = {
  memberId: number;
  bio: string | null;
  heightCm: number | null;
  jobCategory: string | null;
  jobTitle: string | null;
  education: string | null;
  religion: string | null;
  religionVisible: boolean;
  smoking: string | null;
  drinking: string | null;
  mbti: string | null;
  lookingFor: string | null;
  updatedAt: string;
};
export type DemoPromptRow = { memberId: number; questionId: string; position: number; answer: string };

const TITLES: Partial<Record<JobCategory, string[]>> = {
  OFFICE: ['인사팀 대리', '총무 담당', '기획팀 사원'],
  PUBLIC: ['구청 주무관', '우체국 직원'],
  PROFESSIONAL: ['세무사', '변리사'],
  MEDICAL: ['간호사', '물리치료사', '약사'],
  EDUCATION: ['초등학교 교사', '영어 강사'],
  IT: ['백엔드 개발자', '데이터 분석가', 'QA 엔지니어'],
  RESEARCH: ['연구원', '품질 엔지니어'],
  FINANCE: ['은행원', '보험 설계사'],
  SALES: ['마케터', '영업 담당'],
  DESIGN: ['UX 디자이너', '그래픽 디자이너'],
  ARTS: ['방송 작가', '사진작가'],
  FOOD: ['파티시에', '바리스타'],
  BUSINESS: ['카페 운영', '꽃집 운영'],
  STUDENT: ['대학원생', '대학생'],
};

const BIO_OPENINGS = [
  '안녕하세요, {place}에 사는 {age}살이에요.',
  '평일엔 일하고 주말엔 좋아하는 {interest}에 시간을 써요.',
  '{interest} 좋아하는 사람이에요.',
  '처음엔 조금 낯을 가리지만 금방 편해지는 편이에요.',
  '웃음이 많다는 이야기를 자주 들어요.',
];
const BIO_MIDDLES = [
  '요즘은 {interest}에 푹 빠져 있어요.',
  '맛있는 밥 한 끼 같이 먹으면서 이야기 나누는 걸 좋아해요.',
  '퇴근하고 동네 산책하는 시간이 제일 좋아요.',
  '새로운 곳에 가 보는 걸 좋아해서 주말마다 어딘가 가요.',
  '집에서 조용히 쉬는 것도, 밖에서 노는 것도 다 좋아해요.',
];
const BIO_CLOSINGS = [
  '편하게 말 걸어 주세요!',
  '대화가 잘 통하는 분을 만나고 싶어요.',
  '{interest} 이야기 같이 나눌 사람 찾고 있어요 :)',
  '천천히 알아 가요.',
  '',
];

const ANSWERS: Record<PromptId, string[]> = {
  into_lately: ['{interest}요. 시간 가는 줄 몰라요.', '필름 카메라로 동네 찍기', '홈카페 만들기'],
  perfect_weekend: [
    '늦잠 자고 브런치 먹고 산책하기',
    '낮엔 {interest}, 저녁엔 맛집 가기',
    '하루 종일 집에서 영화 보기',
  ],
  happy_moment: ['친구들이랑 밤새 수다 떨었던 날', '처음으로 혼자 여행 갔던 날', '퇴근길에 본 노을'],
  favorite_food: ['떡볶이는 언제나 옳아요', '엄마가 끓여 준 된장찌개', '비 오는 날 칼국수'],
  travel_wish: ['제주도 한 달 살기', '겨울에 삿포로', '포르투갈 리스본'],
  comfort_song: ['아이유 - 밤편지', '잔잔한 재즈 플레이리스트', '비 오는 날엔 검정치마'],
  friends_say: ['생각보다 엉뚱하대요', '리액션 부자래요', '은근히 계획형이래요'],
  small_luxury: ['퇴근길 케이크 한 조각', '좋은 원두 사기', '주말 아침 꽃 한 다발'],
  first_date: ['조용한 카페에서 이야기 나누기', '한강 산책', '맛있는 파스타 먹기'],
  green_flag: ['작은 것에도 고맙다고 말하는 사람', '약속 시간 잘 지키는 사람', '잘 웃는 사람'],
  learning: ['요즘 수영 배우고 있어요', '기타 독학 중이에요', '일본어 공부해요'],
  recommend_movie: ['이터널 선샤인', '리틀 포레스트', '비포 선라이즈'],
  morning_or_night: ['완전 아침형이에요', '밤에 더 힘이 나요', '주말엔 저녁형이 돼요'],
  proud_of: ['한 달 동안 매일 운동했어요', '처음으로 빵을 구워 봤어요', '책 한 권을 끝까지 읽었어요'],
  stress_relief: ['땀 흘리며 운동하기', '매운 음식 먹기', '노래방에서 소리 지르기'],
  hometown_spot: ['동네 작은 서점', '강이 보이는 산책로', '단골 국밥집'],
  bucket_list: ['마라톤 10km 완주', '혼자 캠핑 가 보기', '요리 자격증 따기'],
  simple_joy: ['갓 구운 빵 냄새', '이불 빨래한 날', '버스 타자마자 출발할 때'],
  talk_all_night: ['좋아하는 영화 이야기', '어릴 때 추억', '여행 이야기'],
  relationship_value: ['솔직한 대화', '서로의 시간을 존중하는 것', '작은 배려'],
  rainy_day: ['창가에서 책 읽기', '부침개에 막걸리', '빗소리 들으며 낮잠'],
  life_motto: ['오늘 할 일은 내일의 내가', '천천히 그래도 꾸준히', '웃으면 복이 와요'],
};

const fill = (template: string, slots: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => slots[key] ?? '');

const ageNow = (birthday: string, now: Date) => {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  const kst = new Date(now.getTime() + 9 * 3600_000);
  let age = kst.getUTCFullYear() - y;
  if (kst.getUTCMonth() + 1 < m || (kst.getUTCMonth() + 1 === m && kst.getUTCDate() < d)) age -= 1;
  return age;
};

const goalOf = (m: NewMember): RelationshipGoal | null =>
  m.romanceMatching && m.friendMatching
    ? 'UNSURE'
    : m.romanceMatching
      ? 'SERIOUS'
      : m.friendMatching
        ? 'FRIENDS'
        : null;

export function planDetails(
  rng: Random,
  members: readonly NewMember[],
  interestsOf: (id: number) => string[],
  now: Date,
): { details: DemoDetailRow[]; prompts: DemoPromptRow[] } {
  const details: DemoDetailRow[] = [];
  const prompts: DemoPromptRow[] = [];
  const updatedAt = now.toISOString();
  for (const m of members) {
    const sparse = rng.chance(0.2);
    if (sparse && rng.chance(0.5)) continue; // nothing filled in at all
    const interest = rng.pick(interestsOf(m.id).concat('산책'));
    const slots = {
      interest,
      place: m.district ?? m.city ?? '서울',
      age: String(ageNow(m.birthday, now)),
    };
    const category = rng.pick(JOB_CATEGORIES);
    const titles = TITLES[category];
    const bio = [rng.pick(BIO_OPENINGS), rng.pick(BIO_MIDDLES), rng.pick(BIO_CLOSINGS)]
      .map((t) => fill(t, slots))
      .filter(Boolean)
      .join(' ');
    const female = m.gender === 'F';
    // Every demo member gave the sensitive-information consent (it is required at signup).
    const religion =
      sparse || rng.chance(0.5)
        ? null
        : rng.weighted(['NONE', 'CHRISTIAN', 'CATHOLIC', 'BUDDHIST'], (r) => (r === 'NONE' ? 5 : 1));
    details.push({
      memberId: m.id,
      bio: sparse ? null : bio,
      heightCm: rng.chance(0.8) ? Math.round((female ? 162 : 175) + (rng.next() + rng.next() - 1) * 10) : null,
      jobCategory: category,
      jobTitle: !sparse && titles && rng.chance(0.6) ? rng.pick(titles) : null,
      education: sparse || rng.chance(0.3) ? null : rng.pick(EDUCATIONS),
      religion,
      religionVisible: religion !== null && rng.chance(0.5),
      smoking: sparse ? null : rng.weighted(['NO', 'SOMETIMES', 'YES', 'QUITTING'], (s) => (s === 'NO' ? 8 : 1)),
      drinking: sparse ? null : rng.pick(['NO', 'SOMETIMES', 'SOMETIMES', 'OFTEN']),
      mbti: rng.chance(0.75) ? rng.pick(MBTI_TYPES) : null,
      lookingFor: rng.chance(0.7) ? goalOf(m) : null,
      updatedAt,
    });
    if (sparse) continue;
    const count = rng.weighted([0, 1, 2, 3], (n) => [1, 2, 3, 3][n] ?? 1);
    rng.sample(PROFILE_PROMPTS, count).forEach((p, position) => {
      prompts.push({ memberId: m.id, questionId: p.id, position, answer: fill(rng.pick(ANSWERS[p.id]), slots) });
    });
  }
  return { details, prompts };
}
