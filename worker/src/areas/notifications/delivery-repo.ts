// What the queue consumer reads and writes: one notification with its member's push settings,
// the claim that it has been announced, and a notice's rows for a batch of members.
import { sql } from 'drizzle-orm';
import type { NotificationKind } from '../../contract/notifications';
import type { Db } from '../../lib/env';
import { inGoodStanding, visibleSql } from './repo';
import type { SettingsRow } from './settings-repo';

export type DeliveryRow = {
  id: number;
  memberId: number;
  kind: NotificationKind;
  groupKey: string;
  text: string;
  link: string;
  updatedAt: string;
  readAt: string | null;
  settings: SettingsRow | undefined;
  /** Devices this event was already pushed to (push_deliveries): a retry or a sweep skips them. */
  pushedTo: number[];
};

type RawRow = Omit<DeliveryRow, 'settings' | 'pushedTo'> & {
  pushedTo: string;
  pushOff: string | null;
  quietEnabled: number | null;
  quietStart: string | null;
  quietEnd: string | null;
};

/** The notification if its member may still see it (member in good standing, actor not hidden). */
export async function findForDelivery(db: Db, id: number, now: string): Promise<DeliveryRow | undefined> {
  const rows = await db.all<RawRow>(sql`
    SELECT n.id, n.member_id AS memberId, n.kind, n.group_key AS groupKey, n.text, n.link,
      n.updated_at AS updatedAt, n.read_at AS readAt, s.push_off AS pushOff, s.quiet_enabled AS quietEnabled,
      s.quiet_start AS quietStart, s.quiet_end AS quietEnd,
      (SELECT json_group_array(d.subscription_id) FROM push_deliveries d
        WHERE d.notification_id = n.id AND d.event_at = n.updated_at) AS pushedTo
    FROM notifications n JOIN members r ON r.id = n.member_id
      LEFT JOIN notification_settings s ON s.member_id = n.member_id
    WHERE n.id = ${id} AND ${inGoodStanding('r', now)} AND ${visibleSql(new Date(now))}`);
  const row = rows[0];
  if (!row) return undefined;
  const { pushOff, quietEnabled, quietStart, quietEnd, pushedTo, ...rest } = row;
  const settings =
    pushOff === null || quietEnabled === null || quietStart === null || quietEnd === null
      ? undefined
      : { pushOff, quietEnabled: quietEnabled === 1, quietStart, quietEnd };
  return { ...rest, settings, pushedTo: JSON.parse(pushedTo) as number[] };
}

/**
 * Records that the event `eventAt` of notification `id` reached these devices (their push services
 * accepted it). Devices or a row deleted meanwhile are skipped (no foreign-key failure).
 */
export async function recordPushed(db: Db, id: number, subscriptionIds: number[], eventAt: string): Promise<void> {
  if (subscriptionIds.length === 0) return;
  await db.run(sql`
    INSERT INTO push_deliveries (notification_id, subscription_id, event_at)
    SELECT n.id, p.id, ${eventAt} FROM notifications n JOIN push_subscriptions p
      ON p.member_id = n.member_id AND p.id IN (SELECT value FROM json_each(${JSON.stringify(subscriptionIds)}))
    WHERE n.id = ${id}
    ON CONFLICT (notification_id, subscription_id) DO UPDATE SET event_at = excluded.event_at`);
}

/**
 * Rows still to announce whose latest event is between `oldest` and `youngest` (exclusive, inclusive),
 * oldest first, at most `limit`, that their member may still see: what the sweep re-enqueues.
 * Notices are left out (their fan-out message is retried by the queue until its rows are announced).
 */
export async function findStranded(
  db: Db,
  r: { oldest: string; youngest: string; now: string; limit: number },
): Promise<number[]> {
  // The predicate `delivered_at IS NULL AND kind <> 'NOTICE'` is the partial index's
  // (notifications_undelivered), so only rows still to announce are read.
  const rows = await db.all<{ id: number }>(sql`
    SELECT n.id FROM notifications n JOIN members r ON r.id = n.member_id
    WHERE n.delivered_at IS NULL AND n.kind <> 'NOTICE' AND n.updated_at > ${r.oldest} AND n.updated_at <= ${r.youngest}
      AND n.read_at IS NULL AND ${inGoodStanding('r', r.now)} AND ${visibleSql(new Date(r.now))}
    ORDER BY n.updated_at LIMIT ${r.limit}`);
  return rows.map((x) => x.id);
}

/** Marks the row announced; false when another delivery already did (or it is gone). */
export async function claimDelivery(db: Db, id: number, at: string): Promise<boolean> {
  const rows = await db.all<{ id: number }>(
    sql`UPDATE notifications SET delivered_at = ${at} WHERE id = ${id} AND delivered_at IS NULL RETURNING id`,
  );
  return rows.length > 0;
}

export type NoticeRow = { id: number; title: string; createdAt: string };

export async function findLiveNotice(db: Db, id: number): Promise<NoticeRow | undefined> {
  const rows = await db.all<NoticeRow>(
    sql`SELECT id, title, created_at AS createdAt FROM notices WHERE id = ${id} AND deleted_at IS NULL`,
  );
  return rows[0];
}

/**
 * Writes the notice's row for the members with ids in (`after`, the `batch`-th id after it],
 * skipping withdrawn, banned and dormant members, those who joined after the notice and those
 * who already have it (a retried batch adds nothing). Answers the batch's last member id (null:
 * this was the last batch) and the new rows of members with a push device, to announce.
 */
export async function writeNoticeBatch(
  db: Db,
  n: { notice: NoticeRow; text: string; link: string; after: number; batch: number; now: string },
): Promise<{ lastMemberId: number | null; toAnnounce: number[] }> {
  const group = `notice:${n.notice.id}`;
  const upTo = sql`(SELECT max(id) FROM (SELECT id FROM members WHERE id > ${n.after} ORDER BY id LIMIT ${n.batch}))`;
  // Three statements, in order (off the request path: one more round trip each is fine).
  await db.run(sql`
    INSERT INTO notifications (member_id, kind, group_key, actor_id, text, link, count, created_at, updated_at)
    SELECT m.id, 'NOTICE', ${group}, NULL, ${n.text}, ${n.link}, 1, ${n.notice.createdAt}, ${n.notice.createdAt}
    FROM members m
    WHERE m.id > ${n.after} AND m.id <= ${upTo} AND m.status <> 'INACTIVE' AND ${inGoodStanding('m', n.now)}
      AND m.created_at <= ${n.notice.createdAt}
    ON CONFLICT (member_id, group_key) DO NOTHING`);
  const last = await db.all<{ last: number | null; full: number }>(sql`
    SELECT max(id) AS last, count(*) AS full FROM (SELECT id FROM members WHERE id > ${n.after} ORDER BY id LIMIT ${n.batch})`);
  const fresh = await db.all<{ id: number }>(sql`
    SELECT n.id FROM notifications n
    WHERE n.member_id > ${n.after} AND n.member_id <= ${upTo} AND n.group_key = ${group} AND n.delivered_at IS NULL
      AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.member_id = n.member_id)`);
  const batchInfo = last[0];
  const lastMemberId = batchInfo && batchInfo.full >= n.batch ? batchInfo.last : null;
  return { lastMemberId, toAnnounce: fresh.map((r) => r.id) };
}
