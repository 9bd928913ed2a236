// Push subscriptions: one row per endpoint, owned by one member at a time.
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema';
import type { Db } from '../../lib/env';

export type PushSubscriptionRow = { id: number; endpoint: string; p256dh: string; auth: string };

export type NewPushSubscription = { endpoint: string; p256dh: string; auth: string };

/**
 * Stores the endpoint for `memberId` (taking it over from whoever had it, with the new keys) and
 * keeps only the member's `keep` most recently registered devices.
 */
export async function upsertSubscription(
  db: Db,
  memberId: number,
  sub: NewPushSubscription,
  at: string,
  keep: number,
): Promise<void> {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, memberId))
    .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db.batch([
    db
      .insert(pushSubscriptions)
      .values({ memberId, ...sub, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { memberId, p256dh: sub.p256dh, auth: sub.auth, updatedAt: at },
      }),
    db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.memberId, memberId), notInArray(pushSubscriptions.id, newest))),
  ]);
}

/** Removes the endpoint if it is the member's; whether a row went. */
export async function deleteOwnSubscription(db: Db, memberId: number, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.memberId, memberId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

export async function deleteSubscriptionsOf(db: Db, memberId: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId));
}

export type TakenSubscription = PushSubscriptionRow & { tries: number };

/**
 * The member's subscriptions (or only `ids`) about to be tried, each with one more try counted in
 * the hour starting at `windowStart` (epoch seconds): listing and counting are one statement.
 */
export async function takeSubscriptionsOf(
  db: Db,
  memberId: number,
  ids: number[] | null,
  windowStart: number,
  exclude: readonly number[] = [],
): Promise<TakenSubscription[]> {
  if (ids && ids.length === 0) return [];
  const list = (xs: readonly number[]) =>
    sql.join(
      xs.map((id) => sql`${id}`),
      sql`, `,
    );
  const only = ids ? sql`AND id IN (${list(ids)})` : sql``;
  const not = exclude.length > 0 ? sql`AND id NOT IN (${list(exclude)})` : sql``;
  const rows = await db.all<TakenSubscription>(sql`
    UPDATE push_subscriptions
    SET tries = CASE WHEN tries_window = ${windowStart} THEN tries + 1 ELSE 1 END, tries_window = ${windowStart}
    WHERE member_id = ${memberId} ${only} ${not}
    RETURNING id, endpoint, p256dh, auth, tries`);
  return rows.sort((a, b) => a.id - b.id);
}

/** Forgets subscriptions a push service answered 404/410 for. */
export async function deleteSubscriptionsById(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}
