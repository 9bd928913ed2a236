// 음성 메시지와 목소리 소개 (docs/voice.md): the recorder, the player, the chat's voice bubbles and
// my page's 목소리 소개. Messages the Worker sends come from the contract (VOICE_MESSAGES).

/** 0:07, 1:00: minutes and seconds as a player or a timer shows them. */
export const clock = (ms: number): string => {
  const total = Math.max(0, Math.floor(ms / 1_000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
};

/** 12초, 1분 5초: a length as a screen reader says it. */
const spoken = (ms: number): string => {
  const total = Math.max(0, Math.floor(ms / 1_000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return m > 0 ? (s > 0 ? `${m}분 ${s}초` : `${m}분`) : `${s}초`;
};

export const voiceKo = {
  recorder: {
    start: '녹음 시작',
    /** The mic button on a phone: hold it to record. */
    holdHint: '누르고 있는 동안 녹음돼요',
    recording: (ms: number) => `녹음 중 ${clock(ms)}`,
    stop: '녹음 끝내기',
    send: '보내기',
    cancel: '취소',
    slideToCancel: '밀어서 취소',
    releaseToCancel: '손을 떼면 취소돼요',
    processing: '녹음을 정리하고 있어요…',
    preview: '보내기 전에 들어 보세요',
    limitReached: (maxMs: number) => `${spoken(maxMs)}까지 녹음했어요.`,
    tooShort: '1초 이상 녹음해 주세요.',
    level: '입력 소리 크기',
    errors: {
      denied: '마이크 권한이 꺼져 있어요. 브라우저 설정에서 온기의 마이크 사용을 허용해 주세요.',
      noDevice: '마이크를 찾을 수 없어요. 마이크가 연결되어 있는지 확인해 주세요.',
      busy: '다른 앱이 마이크를 쓰고 있어요. 그 앱을 닫고 다시 시도해 주세요.',
      unsupported: '이 브라우저에서는 녹음할 수 없어요. 최신 Chrome이나 Safari에서 시도해 주세요.',
      failed: '녹음하지 못했어요. 다시 시도해 주세요.',
    },
  },
  player: {
    play: (label: string) => `${label} 재생`,
    pause: (label: string) => `${label} 일시정지`,
    position: (label: string) => `${label} 재생 위치`,
    positionText: (at: number, total: number) => `${spoken(at)} / ${spoken(total)}`,
    /** Visible as `1×` (the name holds the visible text, WCAG 2.5.3). */
    speed: (rate: number) => `재생 속도 ${rate}×`,
    failed: '음성을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.',
  },
  chat: {
    myNote: '내 음성 메시지',
    /** A voice note still uploading (or failed): it plays from the phone until the stored one replaces it. */
    myNoteSending: '보내는 중인 내 음성 메시지',
    theirNote: (name: string) => `${name}님의 음성 메시지`,
    sending: '음성 메시지 보내는 중',
    failed: '음성 메시지를 보내지 못했어요',
  },
  intro: {
    title: '목소리 소개',
    lead: '질문 카드 하나를 골라 30초 안에 목소리로 답해 보세요. 만나기 전에 목소리를 들으면 훨씬 편해져요.',
    pickPrompt: '답할 질문 카드',
    record: '녹음하기',
    reRecord: '다시 녹음하기',
    save: '저장하기',
    saving: '저장하는 중…',
    saved: '목소리 소개를 저장했어요.',
    saveFailed: '목소리 소개를 저장하지 못했어요. 다시 시도해 주세요.',
    remove: '삭제하기',
    removeTitle: '목소리 소개를 삭제할까요?',
    removeBody: '삭제하면 다른 분들이 더 이상 내 목소리를 들을 수 없어요.',
    removeConfirm: '삭제하기',
    removed: '목소리 소개를 삭제했어요.',
    removeFailed: '목소리 소개를 삭제하지 못했어요. 다시 시도해 주세요.',
    none: '아직 목소리 소개가 없어요.',
    mine: '내 목소리 소개',
    hidden: (reason: string) =>
      `운영 정책에 맞지 않아 다른 회원에게 숨겨졌어요. 사유: ${reason}. 다시 녹음해도 운영팀이 확인하기 전까지는 숨겨져 있어요.`,
    loadFailed: '목소리 소개를 불러오지 못했어요.',
    retry: '다시 불러오기',
    /** On someone's profile. */
    theirs: (name: string) => `${name}님의 목소리 소개`,
    heading: '목소리 소개',
  },
} as const;
