// Profile details and prompts, matching preferences, 받은 마음, reasons and swiping (docs/api-extensions.md "profile-details").

/** Whether the word's last syllable ends in a consonant (받침): picks 과/와, 을/를. */
const batchim = (word: string): boolean => {
  const code = word.charCodeAt(word.length - 1) - 0xac00;
  return code >= 0 && code <= 11171 && code % 28 !== 0;
};
const nudgeText = (missing: string[]): string => {
  if (missing.length === 0) return '프로필을 모두 채웠어요. 멋져요!';
  const [a = '', b] = missing;
  const subject = b ? `${a}${batchim(a) ? '과' : '와'} ${b}` : a;
  const last = b ?? a;
  return `${subject}${batchim(last) ? '을' : '를'} 채우면 더 많은 분이 프로필을 읽어요.`;
};

export const profileDetailsKo = {
  details: {
    lead: '나를 조금 더 알려 주세요. 채운 항목만 다른 분께 보여요.',
    bio: '자기소개',
    bioHint: (max: number) => `${max}자까지 쓸 수 있어요.`,
    count: (n: number, max: number) => `${n}/${max}`,
    height: '키 (cm)',
    jobCategory: '직업 분야',
    jobTitle: '하는 일',
    education: '학력',
    religion: '종교',
    religionVisible: '종교를 프로필에 보여 줄게요',
    religionConsent: '종교는 민감정보라서 민감정보 수집에 동의한 뒤에 입력할 수 있어요.',
    smoking: '흡연',
    drinking: '음주',
    mbti: 'MBTI',
    lookingFor: '찾고 있는 만남',
    none: '선택 안 함',
    prompts: '질문 카드',
    promptsLead: (max: number, len: number) => `질문을 ${max}개까지 골라 ${len}자 안으로 답해 주세요.`,
    promptPick: '질문 고르기',
    promptAnswer: (q: string) => `‘${q}’에 대한 답`,
    promptAdd: '질문 카드 추가하기',
    promptRemove: (q: string) => `‘${q}’ 카드 빼기`,
    save: '프로필 정보 저장하기',
    saving: '저장하고 있어요…',
    saved: '프로필 정보를 저장했어요',
    failed: '저장하는 중에 오류가 발생했어요',
    skip: '나중에 할게요',
    signupTitle: '나를 조금 더 소개해요',
    signupLead: '지금 건너뛰어도 마이페이지에서 언제든 채울 수 있어요.',
    tooLong: (max: number) => `${max}자까지 쓸 수 있어요.`,
    heightRange: (min: number, max: number) => `${min}~${max}cm 사이로 적어 주세요.`,
    meterLabel: '프로필 완성도',
    meterValue: (pct: number) => `${pct}% 채웠어요`,
    nudge: nudgeText,
    heightValue: (cm: number) => `${cm}cm`,
    viewTitle: '더 알아보기',
  },
  preferences: {
    title: '추천 조건',
    lead: '추천받고 싶은 나이(만 나이)와 거리를 정해 주세요.',
    ageMin: '최소 나이',
    ageMax: '최대 나이',
    ageValue: (n: number) => `만 ${n}세`,
    anyAge: '제한 없음',
    distance: '최대 거리',
    verifiedOnly: '인증된 회원만 보기',
    verifiedOnlyHint: '켜면 사진 인증을 마친 회원만 추천과 내 주변에 보여요.',
    distanceValue: (km: number) => `${km}km 이내`,
    nationwide: '전국',
    save: '추천 조건 저장하기',
    saved: '추천 조건을 저장했어요',
    failed: '저장하는 중에 오류가 발생했어요',
    ageOrder: '최소 나이가 최대 나이보다 많을 수 없어요.',
  },
  received: {
    tab: '받은 마음',
    lead: '나에게 마음을 보낸 분들이에요. 카드를 누르면 프로필을 볼 수 있어요.',
    empty: '아직 받은 마음이 없어요. 프로필을 채우면 더 많은 분이 찾아와요.',
    mutual: '서로 마음',
    age: (age: number) => `${age}세`,
    at: (date: string) => `${date}에 받은 마음`,
    requestChat: '채팅 신청',
    requestChatLabel: (name: string) => `${name}님에게 채팅 신청하기`,
    requested: '신청했어요',
    requestedLabel: (name: string) => `${name}님에게 채팅 신청했어요`,
    confirmTitle: (name: string) => `${name}님에게 채팅을 신청할까요?`,
    confirmBody: '상대가 수락하면 대화를 시작할 수 있어요.',
    confirmLabel: '신청하기',
    sent: '채팅 신청을 보냈어요',
    failed: '채팅 신청을 보내지 못했어요',
    loadingMore: '더 불러오고 있어요…',
    end: '모두 확인했어요',
    badge: (n: number) => `새로 받은 마음 ${n}개`,
  },
  reasons: {
    label: '추천 이유',
  },
  swipe: {
    next: '다음',
    heart: '마음',
    undo: '되돌리기',
    undoLabel: '방금 넘긴 카드 되돌리기',
    hearted: (name: string) => `${name}님에게 마음을 보냈어요`,
    skipped: (name: string) => `${name}님을 넘겼어요`,
    heartFailed: '마음을 보내지 못했어요',
    hint: '카드를 오른쪽으로 밀면 마음, 왼쪽으로 밀면 다음이에요.',
  },
} as const;
