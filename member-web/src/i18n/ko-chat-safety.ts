// The safety shield in chat and chat requests (docs/safety.md "In chat"), in calm 해요체:
// a notice is information, never an accusation of the other member.
import type { SafetyKind } from '@contract/safety/kinds';

export const chatSafetyKo = {
  /** The receiver's notice under a message, one sentence per warned kind. */
  notice: {
    CONTACT:
      '대화를 외부 메신저로 옮기자고 하는 건 로맨스 스캠의 흔한 수법이에요. 만나기 전까지는 온기 안에서 대화해 주세요.',
    MONEY: '투자·송금·코인 이야기를 권하는 건 로맨스 스캠의 흔한 수법이에요. 돈 이야기는 조심해 주세요.',
  } as Partial<Record<SafetyKind, string>>,
  noticeLabel: '온기의 안전 안내',
  report: '신고하기',
  block: '차단하기',
  reportLabel: (name: string) => `${name}님 신고하기`,
  blockLabel: (name: string) => `${name}님 차단하기`,
  /** The sender's nudge before sending. */
  nudgeTitle: '정말 보낼까요?',
  nudgeReason: {
    ABUSE: '상대에게 상처가 될 수 있는 표현이 있어요.',
    SEXUAL: '성적인 표현은 상대를 불편하게 할 수 있어요.',
  } as Partial<Record<SafetyKind, string>>,
  nudgeHint: '조금 다듬어서 보내면 대화가 더 편안해질 거예요.',
  nudgeEdit: '수정하기',
  nudgeSend: '보내기',
  /** A photo from someone the receiver has not replied to three times. */
  blurredNote: '아직 대화를 많이 나누지 않은 분이 보낸 사진이라 흐리게 보여 드려요.',
  blurredLabel: (name: string) => `${name}님이 보낸 흐린 사진`,
  reveal: '사진 보기',
  revealLabel: (name: string) => `${name}님이 보낸 사진 보기`,
  reportPhotoLabel: (name: string) => `${name}님이 보낸 사진 신고하기`,
  /** The report form, opened from a notice or a blurred photo. */
  reportPrefill: (text: string) => `이 메시지를 신고해요: "${text}"`,
  reportPhotoPrefill: '대화 중에 받은 사진을 신고해요.',
} as const;
