// Phone navigation: the bottom tab bar and the 받은 마음 page (해요체).

export const tabBarKo = {
  label: '하단 메뉴',
  home: '홈',
  recommend: '추천',
  chat: '채팅',
  received: '받은 마음',
  my: '마이',
  chatUnread: (n: number) => `안 읽은 메시지 ${n}개`,
  receivedUnseen: (n: number) => `새로 받은 마음 ${n}개`,
  badge: (n: number) => (n > 99 ? '99+' : String(n)),
  receivedPage: {
    title: '받은 마음',
    lead: '나에게 마음을 보낸 분들이에요. 마음이 가면 채팅을 신청해 보세요.',
  },
} as const;
