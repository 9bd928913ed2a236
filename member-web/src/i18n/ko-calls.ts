// In-app calls (docs/voice.md "Calls"): the call button, the incoming sheet and the call screen.
import { CALL_MESSAGES, type CallErrorCode } from '@contract/calls';
import type { CallKind } from '@contract/voice';

const kindWord: Record<CallKind, string> = { VOICE: '음성 통화', VIDEO: '영상 통화' };

export const callsKo = {
  button: '통화하기',
  menu: { VOICE: '음성 통화', VIDEO: '영상 통화' } as Record<CallKind, string>,
  kind: kindWord,
  incomingTitle: (name: string, kind: CallKind) => `${name}님의 ${kindWord[kind]}`,
  incomingBody: '받기 전에는 내 목소리와 화면이 전해지지 않아요.',
  accept: '받기',
  decline: '거절',
  screenLabel: (name: string, kind: CallKind) => `${name}님과 ${kindWord[kind]}`,
  phase: {
    outgoing: '상대가 받기를 기다리는 중…',
    connecting: '연결 중…',
    reconnecting: '다시 연결하는 중…',
    connected: '통화 중',
    ended: '통화가 끝났어요',
  },
  mute: '마이크 끄기',
  unmute: '마이크 켜기',
  cameraOff: '카메라 끄기',
  cameraOn: '카메라 켜기',
  switchCamera: '카메라 전환',
  speaker: '스피커 바꾸기',
  hangUp: '통화 끊기',
  cancel: '통화 취소',
  report: '신고하기',
  close: '닫기',
  escapeHint: '통화를 끝내려면 통화 끊기를 눌러 주세요.',
  timer: (text: string) => `통화 시간 ${text}`,
  myVideo: '내 화면',
  theirVideo: (name: string) => `${name}님 화면`,
  elsewhere: '다른 창에서 통화 중이에요.',
  errors: {
    ...CALL_MESSAGES,
    MEDIA_DENIED: '마이크나 카메라를 쓸 수 없어요. 브라우저 설정에서 권한을 허용해 주세요.',
  } as Record<CallErrorCode | 'MEDIA_DENIED', string>,
  privacy: '통화 내용은 서버를 거치지 않고, 저장되지 않아요.',
} as const;
