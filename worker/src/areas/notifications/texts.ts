// The Korean text of each notification and where it leads (existing member SPA routes). Texts of
// notifications with an actor follow the actor's name, which the insert puts in front (repo.ts),
// so a stored text never carries a stale or guessed name.
import { CALL_KIND_WORD } from '../../contract/calls';
import { NOTIFICATION_LIMITS } from '../../contract/notifications';
import type { CallKind } from '../../contract/voice';
import { quoteLine } from '../../contract/text';

/** A quoted message or comment: one line, cut at `previewChars` characters with '…'. */
export function preview(raw: string): string {
  return quoteLine(raw, NOTIFICATION_LIMITS.previewChars);
}

const KST_OFFSET_MS = 9 * 3_600_000;

/** "11월 24일" on the Korean calendar. */
export function koreanMonthDay(at: string): string {
  const d = new Date(new Date(at).getTime() + KST_OFFSET_MS);
  return `${d.getUTCMonth() + 1}월 ${d.getUTCDate()}일`;
}

/** After the actor's name. */
export const AFTER_NAME = {
  chatRequest: (intro: string | null) =>
    intro ? `님이 채팅을 요청했어요: “${preview(intro)}”` : '님이 채팅을 요청했어요. 수락하면 대화를 시작할 수 있어요',
  requestAccepted: '님이 채팅 요청을 수락했어요. 지금 대화를 시작해 보세요',
  message: (unread: number, last: string | null) => {
    const head = unread > 1 ? `님이 메시지 ${unread}개를 보냈어요` : '님이 메시지를 보냈어요';
    return last === null ? head : `${head}: ${preview(last)}`;
  },
  heart: '님이 마음을 보냈어요',
  /** The ring push's text (pushed only, no row: the name is put in front by ring-push.ts). */
  callRinging: (kind: CallKind) => `님이 ${CALL_KIND_WORD[kind]}를 걸었어요`,
  mutualHeart: '님과 서로 마음이에요. 먼저 채팅을 요청해 보세요',
  /** Never "먼저 요청해 보세요" when a request between the two already exists (docs/notifications.md "Kinds"). */
  mutualHeartRequestWaiting: '님과 서로 마음이에요. 도착한 채팅 요청을 확인해 보세요',
  mutualHeartRequestSent: '님과 서로 마음이에요. 보낸 채팅 요청의 답을 기다리고 있어요',
  mutualHeartTalking: '님과 서로 마음이에요. 채팅방에서 이야기를 이어 가 보세요',
  comment: (content: string) => `님이 내 글에 댓글을 남겼어요: “${preview(content)}”`,
  postLike: (others: number) => (others > 0 ? `님 외 ${others}명이 내 글을 좋아해요` : '님이 내 글을 좋아해요'),
  requestExpired: '님에게 보낸 채팅 요청이 답을 받지 못하고 만료됐어요',
  /** Only that a share exists, never its contents (docs/privacy.md "데이트 공유"). */
  dateShare:
    '님이 안전한 만남을 위해 약속 시간과 장소를 믿을 만한 사람에게 공유했어요. 온기에서 흔히 쓰는 안전 수칙이에요',
} as const;

/** Notifications without an actor. The report result never says what happened to the reported member. */
export const SERVICE_TEXT = {
  notice: (title: string) => `새 공지가 올라왔어요: ${preview(title)}`,
  reportAccepted: (reportedAt: string) =>
    `${koreanMonthDay(reportedAt)}에 보내 주신 신고를 검토하고 운영 정책에 따라 조치했어요. 알려 주셔서 고마워요.`,
  reportRejected: (reportedAt: string) =>
    `${koreanMonthDay(reportedAt)}에 보내 주신 신고를 검토했지만 운영 정책 위반을 확인하지 못했어요. 다른 문제가 있으면 다시 알려 주세요.`,
  today: (cards: number) => `오늘의 인연 ${cards}명이 도착했어요. 어떤 분들인지 만나 보세요`,
} as const;

/** A room's link before its id (LINKS.room; SQL builds it when the id is written in the same batch). */
export const ROOM_LINK_PREFIX = '/chatting?room=';

export const LINKS = {
  requests: '/chatting?tab=requests',
  room: (roomId: number) => `${ROOM_LINK_PREFIX}${roomId}`,
  profile: (memberId: number) => `/profile/${memberId}`,
  post: (postId: number) => `/communityList?post=${postId}`,
  notice: (noticeId: number) => `/notices/${noticeId}`,
  notifications: '/notifications',
  chatting: '/chatting',
  verifyPhoto: '/mypage/verify-photo',
  home: '/main',
} as const;
