// Notices (api-contract "Feedback and notices"): read by anyone, written by admins.
import { z } from 'zod';
import { formatDateTime } from './dates';
import { LIMITS } from './limits';
import { textField } from './text-schema';

export const NOTICE_LIMITS = { title: 100, content: LIMITS.noticeContent } as const;

export const NOTICE_KO = {
  titleRequired: '제목을 입력해 주세요.',
  titleMax: `제목은 ${NOTICE_LIMITS.title}자를 넘을 수 없어요.`,
  contentRequired: '내용을 입력해 주세요.',
  contentMax: `내용은 ${NOTICE_LIMITS.content}자를 넘을 수 없어요.`,
  notFound: '공지사항을 찾을 수 없어요.',
} as const;

export const noticeBody = z.strictObject({
  title: textField({ max: NOTICE_LIMITS.title, required: NOTICE_KO.titleRequired, tooLong: NOTICE_KO.titleMax }),
  content: textField({
    max: NOTICE_LIMITS.content,
    required: NOTICE_KO.contentRequired,
    tooLong: NOTICE_KO.contentMax,
  }),
});
export type NoticeBody = z.infer<typeof noticeBody>;

export type NoticeListItem = { id: number; title: string; createdAt: string };
export type Notice = { id: number; title: string; content: string; createdAt: string };

/** A notice's values in the notices page's prerendered list item (contract/shell-list.ts). */
export const noticeListValues = (n: NoticeListItem): Record<string, string> => ({
  id: String(n.id),
  title: n.title,
  createdAt: n.createdAt,
  date: formatDateTime(n.createdAt),
});
