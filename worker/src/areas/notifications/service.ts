// The member's own notifications: the list (cursor pages that never repeat a row), the unread
// count and marking read. Another member's ids match nothing: "not yours" looks like "not there".
import {
  NOTIFICATION_KO,
  NOTIFICATION_LIMITS,
  type NotificationPage,
  type NotificationReadBody,
  type UnreadCount,
} from '../../contract/notifications';
import { iso } from '../../lib/clock';
import { Invalid } from '../../lib/errors';
import { publishUnread } from './live';
import { countUnread, listNotifications, markReadAndCount, type Cursor, type ListRow } from './repo';
import type { RequestContext } from '../../lib/context';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** Opaque to clients: the last row's (latest event, id), base64url. */
export function encodeCursor(row: Pick<ListRow, 'updatedAt' | 'id'>): string {
  return btoa(`${row.updatedAt}|${row.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (raw === undefined || raw === '') return null;
  const invalid = () =>
    new Invalid(NOTIFICATION_KO.cursorInvalid, { cursor: NOTIFICATION_KO.cursorInvalid }, 'INVALID_CURSOR');
  let text: string;
  try {
    text = atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw invalid();
  }
  const [at = '', idText = '', ...rest] = text.split('|');
  const id = /^\d{1,15}$/.test(idText) ? Number(idText) : NaN;
  if (rest.length > 0 || !ISO.test(at) || !Number.isSafeInteger(id)) throw invalid();
  return { at, id };
}

export async function notificationPage(
  ctx: RequestContext,
  memberId: number,
  cursor: string | undefined,
): Promise<NotificationPage> {
  const size = NOTIFICATION_LIMITS.pageSize;
  // One row more than a page says whether another page exists.
  const rows = await listNotifications(ctx.db, memberId, decodeCursor(cursor), size + 1, ctx.now);
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return {
    content: page.map((r) => ({
      id: r.id,
      kind: r.kind,
      text: r.text,
      link: r.link,
      createdAt: r.updatedAt,
      read: r.readAt !== null,
    })),
    nextCursor: rows.length > size && last ? encodeCursor(last) : null,
  };
}

export async function unreadCount(ctx: RequestContext, memberId: number): Promise<UnreadCount> {
  return { count: await countUnread(ctx.db, memberId, ctx.now) };
}

/** Marks read and tells the member's other open pages the new count. */
export async function readNotifications(
  ctx: RequestContext,
  memberId: number,
  body: NotificationReadBody,
): Promise<UnreadCount> {
  const answer = {
    count: await markReadAndCount(ctx.db, memberId, 'all' in body ? 'all' : body.ids, iso(ctx.now), ctx.now),
  };
  await publishUnread(ctx.env, memberId, answer.count);
  return answer;
}
