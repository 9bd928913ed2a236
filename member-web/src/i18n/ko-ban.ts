// The ban screen (a banned member signing in, or banned while using the app).
export const banKo = {
  title: '이용이 정지된 계정이에요',
  lead: '온기 이용 약관(제7조)에 따라 이 계정의 로그인과 서비스 이용이 제한되었어요.',
  reasonLabel: '정지 사유',
  noReason: '따로 적힌 사유가 없어요',
  untilLabel: '정지 기간',
  until: (when: string) => `${when}까지`,
  permanent: '영구 정지',
  appealTitle: '이의 제기',
  appeal: '정지에 동의하기 어려우면 아래 주소로 메일을 보내 주세요. 온기 팀이 다시 검토해서 답변드려요.',
  appealEmail: 'hello@ongi.dev',
  home: '처음 화면으로 가기',
} as const;
