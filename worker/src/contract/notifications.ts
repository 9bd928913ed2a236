// Notifications (docs/notifications.md, docs/api-extensions.md): the kinds, the list and its
// paging, unread count, marking read, and the member's push settings (per kind + quiet hours).
import { z } from 'zod';
import { boundedArray } from './bounded-array';

export const NOTIFICATION_KINDS = [
  'CHAT_REQUEST',
  'REQUEST_ACCEPTED',
  'MESSAGE',
  'HEART',
  'MUTUAL_HEART',
  'COMMENT',
  'POST_LIKE',
  'NOTICE',
  'REPORT_RESULT',
  'REQUEST_EXPIRED',
  'PHOTO_VERIFICATION',
  'SAFETY_WARNING',
  'TODAY',
  'DATE_SHARE',
  /** A call ringing (docs/voice.md "Ringing on any screen"): pushed only, never a row of the list. */
  'CALL',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What each kind is called: the push title and the settings toggle's label. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  CHAT_REQUEST: '채팅 요청이 왔어요',
  REQUEST_ACCEPTED: '요청을 수락했어요',
  MESSAGE: '새 메시지',
  HEART: '마음을 받았어요',
  MUTUAL_HEART: '서로 마음이에요',
  COMMENT: '내 글에 댓글',
  POST_LIKE: '내 글에 좋아요',
  NOTICE: '새 공지',
  REPORT_RESULT: '신고 처리 결과',
  REQUEST_EXPIRED: '요청이 만료됐어요',
  PHOTO_VERIFICATION: '사진 인증 결과',
  SAFETY_WARNING: '운영팀 안내',
  TODAY: '오늘의 인연',
  DATE_SHARE: '안전한 만남 공유',
  CALL: '걸려 온 통화',
};

export const NOTIFICATION_LIMITS = {
  pageSize: 20,
  /** Notifications older than this are deleted by the daily clean-up. */
  keepDays: 30,
  /** Ids per `POST /api/on/notifications/read`. */
  readIdsMax: 100,
  /** Characters of a message or comment quoted in a notification. */
  previewChars: 40,
} as const;

export const NOTIFICATION_KO = {
  cursorInvalid: '목록 위치 정보가 올바르지 않아요.',
  readBody: '읽음으로 표시할 알림을 골라 주세요.',
  readIdsMax: `한 번에 ${NOTIFICATION_LIMITS.readIdsMax}개까지 읽음으로 표시할 수 있어요.`,
  timeFormat: '시간은 00:00부터 23:59 사이로, 22:00처럼 입력해 주세요.',
  quietSame: '방해 금지 시작과 끝 시간이 같을 수 없어요.',
  pushFlag: '알림 종류마다 켜기/끄기를 골라 주세요.',
} as const;

/** One row of the notification list; `createdAt` is when its latest event happened. */
export type NotificationItem = {
  id: number;
  kind: NotificationKind;
  text: string;
  link: string;
  createdAt: string;
  read: boolean;
};

/** `GET /api/on/notifications?cursor=`: newest first; `nextCursor` null on the last page. */
export type NotificationPage = { content: NotificationItem[]; nextCursor: string | null };

/** `GET /api/on/notifications/unread-count` and the answer of `POST …/read`. */
export type UnreadCount = { count: number };

export const notificationReadBody = z.union(
  [
    z.strictObject({
      ids: boundedArray(
        z.number().int().positive(),
        NOTIFICATION_LIMITS.readIdsMax,
        NOTIFICATION_KO.readIdsMax,
        NOTIFICATION_KO.readBody,
      ).refine((ids) => ids.length >= 1, { message: NOTIFICATION_KO.readBody }),
    }),
    z.strictObject({ all: z.literal(true, { error: NOTIFICATION_KO.readBody }) }),
  ],
  { error: NOTIFICATION_KO.readBody },
);
export type NotificationReadBody = z.infer<typeof notificationReadBody>;

/** 24-hour "HH:MM", Korea time. */
export const QUIET_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export type QuietHours = { enabled: boolean; start: string; end: string };
export type NotificationSettings = { push: Record<NotificationKind, boolean>; quietHours: QuietHours };

export const DEFAULT_QUIET_HOURS: QuietHours = { enabled: true, start: '22:00', end: '08:00' };

const quietTime = z
  .string({ error: NOTIFICATION_KO.timeFormat })
  .regex(QUIET_TIME, { message: NOTIFICATION_KO.timeFormat });

/** `PUT /api/on/notifications/settings`: kinds left out of `push` keep their current setting. */
export const notificationSettingsBody = z.strictObject({
  push: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean({ error: NOTIFICATION_KO.pushFlag }), {
    error: NOTIFICATION_KO.pushFlag,
  }),
  quietHours: z
    .strictObject({ enabled: z.boolean({ error: NOTIFICATION_KO.timeFormat }), start: quietTime, end: quietTime })
    .refine((q) => q.start !== q.end, { message: NOTIFICATION_KO.quietSame, path: ['end'] }),
});
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBody>;
