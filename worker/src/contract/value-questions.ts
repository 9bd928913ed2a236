// 가치관 질문 (docs/values.md): the question catalogue, shared by the Worker and the SPAs. Zod-free.
//
// Ids are stable and NEVER reused: a question's id is its number; an answer's id is the question's
// id × 10 + its position (1–4), so answer ids are unique across the catalogue. A question that is
// retired is removed from this list; its ids stay taken (RETIRED_VALUE_QUESTION_IDS) and stored
// answers to it are ignored by 궁합.
//
// Written with care: no question about religion, politics, health, origin, sexuality, disability or
// any other protected trait; every answer is a fair choice, none is "the right one".

export const VALUE_CATEGORIES = ['LOVE', 'LIFESTYLE', 'FAMILY', 'MONEY', 'CONFLICT', 'TASTE'] as const;
export type ValueCategory = (typeof VALUE_CATEGORIES)[number];

export const VALUE_CATEGORY_KO: Record<ValueCategory, string> = {
  LOVE: '연애관',
  LIFESTYLE: '생활 습관',
  FAMILY: '가족·미래',
  MONEY: '돈',
  CONFLICT: '갈등',
  TASTE: '취향',
};

export type ValueQuestion = {
  id: number;
  category: ValueCategory;
  text: string;
  answers: { id: number; text: string }[];
};

/** Ids of questions taken out of the catalogue: never given to a new question. */
export const RETIRED_VALUE_QUESTION_IDS: readonly number[] = [];

const q = (id: number, category: ValueCategory, text: string, answers: string[]): ValueQuestion => ({
  id,
  category,
  text,
  answers: answers.map((a, i) => ({ id: id * 10 + i + 1, text: a })),
});

export const VALUE_QUESTIONS: readonly ValueQuestion[] = [
  // 연애관
  q(1, 'LOVE', '연인과 연락은 얼마나 자주 하고 싶어요?', [
    '틈날 때마다 자주 해요',
    '하루에 몇 번이면 충분해요',
    '하루 한 번 정도가 편해요',
    '필요할 때만 해도 괜찮아요',
  ]),
  q(2, 'LOVE', '연인과는 얼마나 자주 만나고 싶어요?', [
    '거의 매일',
    '일주일에 두세 번',
    '주말에 한 번',
    '서로 여유 있을 때',
  ]),
  q(3, 'LOVE', '연인의 이성 친구와 단둘이 만나는 건 어때요?', [
    '전혀 괜찮아요',
    '미리 말해 주면 괜찮아요',
    '가능하면 피해 줬으면 해요',
  ]),
  q(4, 'LOVE', '기념일은 어떻게 챙기고 싶어요?', [
    '작은 기념일까지 꼼꼼히 챙겨요',
    '생일과 큰 기념일만 챙겨요',
    '특별한 날보다 평소가 더 중요해요',
  ]),
  q(5, 'LOVE', '연애를 주변에 알리는 건 어때요?', [
    'SNS에도 자연스럽게 올려요',
    '가까운 사람들에게만 알려요',
    '조용히 우리끼리 지내고 싶어요',
  ]),
  q(6, 'LOVE', '좋아하는 마음은 어떻게 표현하는 편이에요?', [
    '말로 자주 표현해요',
    '행동과 챙김으로 보여줘요',
    '함께 시간을 보내는 걸로 표현해요',
    '작은 선물로 마음을 전해요',
  ]),
  q(7, 'LOVE', '연인과 휴대폰 비밀번호를 공유하는 건 어때요?', [
    '공유해도 괜찮아요',
    '필요하면 알려줄 수 있어요',
    '서로의 휴대폰은 각자의 영역이에요',
  ]),
  q(8, 'LOVE', '연애할 때 각자의 시간은 얼마나 필요해요?', [
    '대부분의 시간을 함께하고 싶어요',
    '반반 정도가 좋아요',
    '혼자만의 시간이 꼭 필요해요',
  ]),
  // 생활 습관
  q(11, 'LIFESTYLE', '주말 아침은 보통 어떻게 보내요?', [
    '일찍 일어나 하루를 시작해요',
    '늦잠을 푹 자요',
    '그때그때 달라요',
  ]),
  q(12, 'LIFESTYLE', '방이나 집은 얼마나 정돈하며 지내요?', [
    '늘 깔끔하게 정리해요',
    '적당히 치우며 지내요',
    '조금 어질러져도 편해요',
  ]),
  q(13, 'LIFESTYLE', '쉬는 날엔 주로 어디에 있어요?', ['밖에 나가야 충전돼요', '집에서 쉬어야 충전돼요', '반반이에요']),
  q(14, 'LIFESTYLE', '운동은 생활에서 어느 정도예요?', [
    '거의 매일 해요',
    '일주일에 몇 번 해요',
    '가끔 생각날 때 해요',
    '운동과는 거리가 있어요',
  ]),
  q(15, 'LIFESTYLE', '여행 계획은 어떻게 세우는 편이에요?', [
    '일정을 꼼꼼히 짜요',
    '큰 틀만 정하고 가요',
    '즉흥적으로 떠나요',
  ]),
  q(16, 'LIFESTYLE', '반려동물과 함께 사는 건 어때요?', [
    '꼭 함께 살고 싶어요',
    '함께해도 좋아요',
    '지금은 어려울 것 같아요',
  ]),
  q(17, 'LIFESTYLE', '연락 없이 친구가 갑자기 놀러 오면 어때요?', [
    '반가워요',
    '미리 말해 주면 좋겠어요',
    '조금 부담스러워요',
  ]),
  q(18, 'LIFESTYLE', '하루를 마무리하는 시간은 보통 언제예요?', [
    '자정 전에 자요',
    '자정 무렵에 자요',
    '새벽까지 깨어 있는 편이에요',
  ]),
  // 가족·미래
  q(21, 'FAMILY', '결혼에 대해선 어떻게 생각해요?', [
    '좋은 사람을 만나면 꼭 하고 싶어요',
    '인연이 닿으면 하고 싶어요',
    '아직은 잘 모르겠어요',
    '꼭 하지 않아도 괜찮아요',
  ]),
  q(22, 'FAMILY', '아이에 대해선 어떻게 생각해요?', ['갖고 싶어요', '상황에 따라 생각해 볼래요', '갖지 않고 싶어요']),
  q(23, 'FAMILY', '양가 부모님과는 얼마나 자주 만나고 싶어요?', [
    '자주 찾아뵙고 싶어요',
    '명절과 특별한 날에 만나요',
    '서로 부담 없는 만큼만 만나요',
  ]),
  q(24, 'FAMILY', '결혼하면 집안일은 어떻게 나누고 싶어요?', [
    '똑같이 반반 나눠요',
    '각자 잘하는 걸 맡아요',
    '시간 여유가 있는 사람이 더 해요',
  ]),
  q(25, 'FAMILY', '명절은 어떻게 보내고 싶어요?', [
    '양가를 번갈아 찾아가요',
    '양가를 모두 들러요',
    '우리끼리 쉬거나 여행 가고 싶어요',
  ]),
  q(26, 'FAMILY', '살고 싶은 곳은 어디에 더 가까워요?', ['활기찬 도심', '조용한 교외', '어디든 괜찮아요']),
  q(27, 'FAMILY', '일과 삶의 균형은 어때요?', [
    '지금은 일에 집중하고 싶어요',
    '일과 삶의 균형이 가장 중요해요',
    '삶이 먼저예요',
  ]),
  // 돈
  q(31, 'MONEY', '데이트 비용은 어떻게 나누고 싶어요?', [
    '번갈아 가며 내요',
    '데이트 통장을 만들어요',
    '여유 있는 사람이 조금 더 내요',
    '그때그때 자연스럽게 내요',
  ]),
  q(32, 'MONEY', '돈은 어떻게 쓰는 편이에요?', [
    '계획을 세워 모으는 편이에요',
    '모을 땐 모으고 쓸 땐 써요',
    '지금의 행복에 쓰는 편이에요',
  ]),
  q(33, 'MONEY', '결혼하면 돈 관리는 어떻게 하고 싶어요?', [
    '한 통장으로 합쳐요',
    '생활비만 합치고 나머지는 각자 해요',
    '각자 관리해요',
  ]),
  q(34, 'MONEY', '큰 물건을 살 때 연인과 상의하고 싶어요?', [
    '금액과 상관없이 이야기해요',
    '큰 금액일 때만 상의해요',
    '각자 알아서 해도 괜찮아요',
  ]),
  q(35, 'MONEY', '연인과 선물은 어느 정도가 좋아요?', [
    '마음이 담긴 작은 선물이 좋아요',
    '특별한 날엔 근사한 선물도 좋아요',
    '선물보다 함께하는 경험이 좋아요',
  ]),
  q(36, 'MONEY', '친구나 가족에게 돈을 빌려주는 건 어때요?', [
    '필요하면 기꺼이 빌려줘요',
    '작은 금액만 빌려줘요',
    '돈거래는 하지 않아요',
  ]),
  q(37, 'MONEY', '재테크나 투자에 대해선 어때요?', [
    '적극적으로 공부하고 해요',
    '안전한 방법만 조금 해요',
    '저축이 제일 편해요',
  ]),
  // 갈등
  q(41, 'CONFLICT', '다툼이 생기면 어떻게 풀고 싶어요?', [
    '바로 이야기해서 풀어요',
    '잠깐 마음을 가라앉히고 이야기해요',
    '시간이 좀 지나야 이야기할 수 있어요',
  ]),
  q(42, 'CONFLICT', '서운한 일이 있으면 어떻게 해요?', [
    '그때그때 솔직하게 말해요',
    '쌓아두지 않을 만큼만 말해요',
    '웬만하면 넘어가요',
  ]),
  q(43, 'CONFLICT', '다툰 날에도 연락은 이어가야 할까요?', [
    '싸워도 연락은 해야 해요',
    '짧게라도 안부는 전해요',
    '마음이 풀릴 때까지 잠시 쉬어도 돼요',
  ]),
  q(44, 'CONFLICT', '먼저 사과하는 건 어때요?', [
    '잘못한 사람이 먼저 해요',
    '누구든 먼저 하면 좋아요',
    '제가 먼저 하는 편이에요',
  ]),
  q(45, 'CONFLICT', '연인의 조언이 필요할 때는 언제예요?', [
    '고민을 들어주기만 해도 돼요',
    '해결책을 같이 찾고 싶어요',
    '상황에 따라 달라요',
  ]),
  q(46, 'CONFLICT', '약속 시간에 늦는 건 어떻게 생각해요?', [
    '10분 정도는 괜찮아요',
    '미리 알려주면 괜찮아요',
    '약속 시간은 꼭 지켰으면 해요',
  ]),
  q(47, 'CONFLICT', '연인과의 고민을 친구에게 이야기하는 건 어때요?', [
    '친구에게 조언을 구해도 괜찮아요',
    '가볍게만 이야기해요',
    '둘 사이의 일은 둘만 알았으면 해요',
  ]),
  // 취향
  q(51, 'TASTE', '가장 좋아하는 데이트는 어떤 거예요?', [
    '맛집 탐방',
    '전시나 공연 보기',
    '산책이나 야외 활동',
    '집에서 영화 보기',
  ]),
  q(52, 'TASTE', '음식은 어느 쪽이에요?', [
    '새로운 음식에 도전해요',
    '익숙하고 좋아하는 음식이 좋아요',
    '함께 먹는 사람 따라가요',
  ]),
  q(53, 'TASTE', '여행은 어떤 스타일이 좋아요?', ['휴양하며 푹 쉬어요', '구석구석 관광해요', '둘 다 섞어요']),
  q(54, 'TASTE', '함께 보는 영화나 드라마는 어떤 장르가 좋아요?', [
    '로맨스나 코미디',
    '스릴러나 액션',
    '다큐멘터리나 잔잔한 이야기',
    '가리지 않아요',
  ]),
  q(55, 'TASTE', '술자리는 어때요?', ['분위기를 즐겨요', '가볍게 한두 잔이 좋아요', '술 없이 만나는 게 편해요']),
  q(56, 'TASTE', '계절 중엔 언제가 좋아요?', ['봄', '여름', '가을', '겨울']),
  q(57, 'TASTE', '사진 찍는 건 어때요?', ['순간마다 남기고 싶어요', '특별한 날에만 찍어요', '눈으로 담는 게 좋아요']),
  q(58, 'TASTE', '새로운 취미를 함께 시작하는 건 어때요?', [
    '같이 배우면 즐거워요',
    '각자 취미가 있는 게 좋아요',
    '가끔 함께하면 좋아요',
  ]),
];

/** Suggested after signup, one from each of five categories (docs/values.md "After signup"). */
export const SUGGESTED_VALUE_QUESTION_IDS: readonly number[] = [1, 13, 21, 31, 41];

const byId = new Map(VALUE_QUESTIONS.map((x) => [x.id, x]));

/** The question with this id, or undefined (unknown or retired). */
export const valueQuestion = (id: number): ValueQuestion | undefined => byId.get(id);

/** The question an answer id belongs to (answer id = question id × 10 + position). */
export const questionOfAnswer = (answerId: number): number => Math.floor(answerId / 10);
