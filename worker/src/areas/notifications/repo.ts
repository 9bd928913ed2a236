// Notification rows: the guarded insert-or-collapse, the member's list and unread count (rows whose
// actor the visibility module hides never show), marking read, the clean-up.
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '../../contract/notifications';
import { notifications } from '../../db/schema';
import type { Db } from '../../lib/env';
import { rawRead } from '../../lib/db';
import { visibleRowTo, visibleTo } from '../visibility/repo';

export type NewNotification = {
  memberId: number;
  kind: NotificationKind;
  groupKey: string;
  /** The member who caused it (null: the service itself — notices, report results). */
  actorId: number | null;
  /** With an actor, what follows their name: the insert puts the name (as it is now) in front. */
  text: string;
  link: string;
  count: number;
  at: string;
  /** A later event of the same group updates the row and makes it unread again; else the first stays. */
  collapse: boolean;
};

/** The row written, and whether the consumer still has to announce it (new, or unread again). */
export type Written = { id: number; announce: boolean };

/** SQL: the member in `alias` has not withdrawn and is not banned at `now` (a lapsed ban counts as lifted). */
export function inGoodStanding(alias: string, now: string): SQL {
  const m = sql.raw(alias);
  return sql`(${m}.deleted_at IS NULL AND NOT (${m}.status = 'BANNED' AND (${m}.banned_until IS NULL OR ${m}.banned_until > ${now})))`;
}

/**
 * SQL over `notifications n`: the row may be shown to its member now — a row naming another
 * member only while the visibility module lets its member see them (areas/visibility).
 */
export const visibleSql = (now: Date): SQL =>
  sql`(n.actor_id IS NULL OR ${visibleTo(sql`n.actor_id`, sql`n.member_id`, now)})`;

/**
 * One statement: writes the notification unless the recipient withdrew or is banned, or the
 * visibility module hides the actor from the recipient (withdrawn, banned, blocked, under 19).
 * Returns the row written, if any.
 */
export async function writeNotification(db: Db, n: NewNotification): Promise<Written | null> {
  return writtenOf(await db.all<WrittenRow>(notificationInsertSql(n)));
}

/** What writeNotification's statement answers: the row written, if any. */
export type WrittenRow = { id: number; delivered_at: string | null };

/** The row written (from writeNotification's statement), and whether it is still to be announced. */
export function writtenOf(rows: WrittenRow[]): Written | null {
  const row = rows[0];
  return row ? { id: row.id, announce: row.delivered_at === null } : null;
}

/**
 * A notification written in the caller's batch, after the statements that decide it: the group
 * key and link may be SQL over what those statements wrote (a request's or room's new id), and
 * `onlyIf` is SQL that must hold too (the heart is new, the call was within its rate limit).
 */
export type BatchedNotification = Omit<NewNotification, 'groupKey' | 'link'> & {
  groupKey: string | SQL;
  link: string | SQL;
  onlyIf?: SQL;
};

/** writeNotification as a `db.batch` item (rows: WrittenRow[]). */
export function notificationInsert(db: Db, n: BatchedNotification) {
  return rawRead<WrittenRow>(db, notificationInsertSql(n));
}

function notificationInsertSql(n: BatchedNotification): SQL {
  const onConflict = n.collapse
    ? sql`DO UPDATE SET text = excluded.text, link = excluded.link, actor_id = excluded.actor_id,
        count = excluded.count, updated_at = excluded.updated_at,
        delivered_at = CASE WHEN notifications.read_at IS NULL THEN notifications.delivered_at ELSE NULL END,
        read_at = NULL`
    : sql`DO NOTHING`;
  return sql`
    INSERT INTO notifications (member_id, kind, group_key, actor_id, text, link, count, created_at, updated_at)
    SELECT r.id, ${n.kind}, ${n.groupKey}, a.id, CASE WHEN a.id IS NULL THEN ${n.text} ELSE a.name || ${n.text} END, ${n.link},
      ${n.count}, ${n.at}, ${n.at}
    FROM members r LEFT JOIN members a ON a.id = ${n.actorId}
    WHERE r.id = ${n.memberId} AND ${inGoodStanding('r', n.at)}
      AND (${n.actorId} IS NULL OR (a.id IS NOT NULL AND ${visibleRowTo(sql`a`, sql`r.id`, new Date(n.at))}))
      AND ${n.onlyIf ?? sql`1`}
    ON CONFLICT (member_id, group_key) ${onConflict}
    RETURNING id, delivered_at`;
}

export type ListRow = {
  id: number;
  kind: NotificationKind;
  text: string;
  link: string;
  updatedAt: string;
  readAt: string | null;
};

export type Cursor = { at: string; id: number };

/** Newest first (latest event, then id); `after` continues below the last row of the previous page. */
export async function listNotifications(
  db: Db,
  memberId: number,
  after: Cursor | null,
  limit: number,
  now: Date,
): Promise<ListRow[]> {
  const below = after
    ? sql`AND (n.updated_at < ${after.at} OR (n.updated_at = ${after.at} AND n.id < ${after.id}))`
    : sql``;
  return db.all<ListRow>(sql`
    SELECT n.id, n.kind, n.text, n.link, n.updated_at AS updatedAt, n.read_at AS readAt
    FROM notifications n
    WHERE n.member_id = ${memberId} ${below} AND ${visibleSql(now)}
    ORDER BY n.updated_at DESC, n.id DESC
    LIMIT ${limit}`);
}

const countUnreadSql = (memberId: number, now: Date) => sql`
    SELECT count(*) AS count FROM notifications n
    WHERE n.member_id = ${memberId} AND n.read_at IS NULL AND ${visibleSql(now)}`;

export async function countUnread(db: Db, memberId: number, now: Date): Promise<number> {
  const rows = await db.all<{ count: number }>(countUnreadSql(memberId, now));
  return rows[0]?.count ?? 0;
}

function markReadQuery(db: Db, memberId: number, ids: number[] | 'all', at: string) {
  const mine = and(eq(notifications.memberId, memberId), isNull(notifications.readAt));
  return db
    .update(notifications)
    .set({ readAt: at })
    .where(ids === 'all' ? mine : and(mine, inArray(notifications.id, ids)));
}

/**
 * Marks the member's own rows read (ids of anyone else's rows simply match nothing), then counts
 * the unread left: one D1 batch (one round trip, one transaction).
 */
export async function markReadAndCount(
  db: Db,
  memberId: number,
  ids: number[] | 'all',
  at: string,
  now: Date,
): Promise<number> {
  const [, rows] = await db.batch([
    markReadQuery(db, memberId, ids, at),
    rawRead<{ count: number }>(db, countUnreadSql(memberId, now)),
  ]);
  return rows[0]?.count ?? 0;
}

/** The room's new-message row is read once the member has read the room itself. */
export async function markGroupRead(db: Db, memberId: number, groupKey: string, at: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(eq(notifications.memberId, memberId), eq(notifications.groupKey, groupKey), isNull(notifications.readAt)),
    );
}

/** Deletes up to `limit` rows whose latest event is before `before`; how many went. */
export async function deleteOlderThan(db: Db, before: string, limit: number): Promise<number> {
  const gone = await db.all<{ id: number }>(sql`
    DELETE FROM notifications WHERE id IN (SELECT id FROM notifications WHERE updated_at < ${before} LIMIT ${limit})
    RETURNING id`);
  return gone.length;
}
