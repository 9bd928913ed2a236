// Notices: anyone reads live notices; admins create, edit and soft-delete them.
import { NOTICE_KO, type Notice, type NoticeBody, type NoticeListItem } from '../../contract/notices';
import { iso } from '../../lib/clock';
import type { Db, Env } from '../../lib/env';
import { NotFound } from '../../lib/errors';
import { announceNotice } from '../notifications/producers';
import { findNotice, insertNotice, listNotices, softDeleteNotice, updateNotice } from './repo';

const noticeNotFound = () => new NotFound(NOTICE_KO.notFound, 'NOTICE_NOT_FOUND');

export async function noticeList(db: Db): Promise<NoticeListItem[]> {
  return listNotices(db);
}

export async function noticeDetail(db: Db, id: number): Promise<Notice> {
  const row = await findNotice(db, id);
  if (!row) throw noticeNotFound();
  return row;
}

/** A new notice reaches every active member's notifications through the queue (not an edit). */
export async function createNotice(db: Db, adminId: number, body: NoticeBody, now: Date, env: Env): Promise<Notice> {
  const notice = await insertNotice(db, { ...body, adminId, at: iso(now) });
  await announceNotice({ env }, notice.id);
  return notice;
}

export async function editNotice(db: Db, id: number, body: NoticeBody, now: Date): Promise<Notice> {
  const row = await updateNotice(db, id, { ...body, at: iso(now) });
  if (!row) throw noticeNotFound();
  return row;
}

export async function deleteNotice(db: Db, id: number, now: Date): Promise<Notice> {
  const row = await softDeleteNotice(db, id, iso(now));
  if (!row) throw noticeNotFound();
  return row;
}

/** A notice id from a path segment; anything else is a notice that does not exist. */
export function noticeIdParam(raw: string): number {
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw noticeNotFound();
  return id;
}
