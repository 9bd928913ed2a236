// Notices (api-contract "Feedback and notices"): read by anyone, written by admins.
import { z } from 'zod';
import { LIMITS } from './limits';

export const NOTICE_LIMITS = { title: 100, content: LIMITS.noticeContent } as const;

export const NOTICE_KO = {
  titleRequired: '제목을 입력해 주세요.',
  titleMax: `제목은 ${NOTICE_LIMITS.title}자를 넘을 수 없어요.`,
  contentRequired: '내용을 입력해 주세요.',
  contentMax: `내용은 ${NOTICE_LIMITS.content}자를 넘을 수 없어요.`,
  notFound: '공지사항을 찾을 수 없어요.',
} as const;

export const noticeBody = z.strictObject({
  title: z.string().trim().min(1, NOTICE_KO.titleRequired).max(NOTICE_LIMITS.title, NOTICE_KO.titleMax),
  content: z.string().trim().min(1, NOTICE_KO.contentRequired).max(NOTICE_LIMITS.content, NOTICE_KO.contentMax),
});
export type NoticeBody = z.infer<typeof noticeBody>;

export type NoticeListItem = { id: number; title: string; createdAt: string };
export type Notice = { id: number; title: string; content: string; createdAt: string };
