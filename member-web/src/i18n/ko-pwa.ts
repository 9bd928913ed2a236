// The installable app (docs/notifications.md "The installable app"): manifest, offline page,
// 홈 화면에 추가 prompt and the push opt-in sheet. The build (build/pwa.ts) reads the manifest and
// offline texts from here too.
export const pwaKo = {
  manifest: {
    name: '온기',
    shortName: '온기',
    description: '인증된 회원과 취향으로 이어지는 따뜻한 만남, 온기예요. 새 메시지와 채팅 요청을 바로 받아 보세요.',
  },
  offline: {
    title: '인터넷 연결이 끊겼어요',
    body: '와이파이나 모바일 데이터가 켜져 있는지 확인해 주세요. 연결되면 아래 버튼을 눌러 다시 열어 보세요.',
    retry: '다시 시도',
  },
  install: {
    title: '온기를 홈 화면에 추가해 보세요',
    body: '앱처럼 바로 열 수 있고, 새 메시지도 더 빨리 확인할 수 있어요.',
    add: '홈 화면에 추가',
    later: '다음에 할게요',
    close: '홈 화면 추가 안내 닫기',
    iosTitle: '홈 화면에 추가하는 방법',
    iosSteps: [
      'Safari 아래쪽의 공유 버튼을 눌러 주세요.',
      '‘홈 화면에 추가’를 골라 주세요.',
      '오른쪽 위의 ‘추가’를 누르면 끝이에요.',
    ],
  },
  optIn: {
    title: '알림을 받아 볼까요?',
    body: '새 메시지와 요청을 놓치지 않게 알려드릴까요?',
    accept: '좋아요',
    decline: '괜찮아요',
    subscribed: '알림을 켰어요. 새 메시지와 요청을 바로 알려 드릴게요.',
    denied: '브라우저에서 알림이 차단되어 있어요. 브라우저 설정에서 허용할 수 있어요.',
    failed: '알림을 켜지 못했어요. 잠시 후 다시 시도해 주세요.',
  },
} as const;
