// Hearts: PUT and DELETE are idempotent; never to oneself (400), and a member the visibility
// module hides (withdrawn, banned, blocked, under 19) answers 404 like any profile one cannot see.
// A heart is two D1 round trips (docs/performance.md "Round trips"): its checks' reads with the
// member check (heartReads), then the counter, the heart, the 오늘의 인연 mark and the notification
// rows in one batch, each write guarded in SQL by the rate limit, so a refused heart writes
// nothing but its count.
import { sql } from 'drizzle-orm';
import type { BatchResponse } from 'drizzle-orm/batch';
import { PROFILE_KO, type HeartResponse } from '../../contract/profiles';
import { iso } from '../../lib/clock';
import type { RequestContext } from '../../lib/context';
import { rawRead } from '../../lib/db';
import type { Db } from '../../lib/env';
import { Invalid } from '../../lib/errors';
import { hitStatement, refuseOverCount, countedWithinLimit } from '../../lib/rate-limit';
import { identityRead, refuseUnverified } from '../identity/service';
import { announceWritten, heartNotifications, requestsBetweenRead } from '../notifications/producers';
import { notificationInsert } from '../notifications/repo';
import { todayMarkStatement } from '../today/service';
import { profileNotFound } from '../profiles/service';
import { visibleQuery, visibleTo } from '../visibility/repo';
import { memberNotFound } from '../visibility/service';
import { deleteHeartOfMember, heartAddedAt, heartInsert, heartsBetweenRead } from './repo';

/** Enough for eager browsing, too few to spam the popular ranking. */
export const HEART_LIMIT = { max: 300, windowSeconds: 3600 } as const;

const notToSelf = () => new Invalid(PROFILE_KO.heartSelf, undefined, 'HEART_SELF');

/**
 * What giving a heart checks, read with the member check (requireMemberAnd): my 본인확인, whether
 * the target is visible to me, the hearts between us (mine: not news again; theirs: 서로 마음) and
 * the requests between us (what 서로 마음이에요 says next).
 */
export const heartReads = (db: Db, memberId: number, targetId: number, now: Date) =>
  [
    identityRead(db, memberId),
    rawRead<{ visible: number }>(db, visibleQuery(memberId, targetId, now)),
    heartsBetweenRead(db, memberId, targetId),
    requestsBetweenRead(db, memberId, targetId),
  ] as const;

export type HeartReadRows = BatchResponse<ReturnType<typeof heartReads>>;

export async function giveHeart(
  ctx: RequestContext,
  memberId: number,
  targetId: number,
  reads: HeartReadRows,
): Promise<HeartResponse> {
  if (targetId === memberId) throw notToSelf();
  const [identity, visible, [between], requests] = reads;
  refuseUnverified(identity);
  if (visible.length === 0) throw memberNotFound();
  const { db, now } = ctx;
  const at = iso(now);
  const key = `heart:${memberId}`;
  const allowed = countedWithinLimit(key, HEART_LIMIT, now);
  // Only a new heart is news for them (a second PUT changes nothing): not when mine was there
  // already, nor when this batch did not add it (a block since the first read, a limit).
  const news = between?.mine
    ? []
    : heartNotifications({
        from: memberId,
        to: targetId,
        theirs: between?.theirs === 1,
        requests,
        at,
        onlyIf: heartAddedAt(memberId, targetId, at),
      });
  const [counted, , , ...written] = (await db.batch([
    hitStatement(db, key, HEART_LIMIT, now),
    // The target's visibility again, in the statement itself: a block since the first read wins.
    heartInsert(db, memberId, targetId, at, sql`${allowed} AND ${visibleTo(targetId, memberId, now)}`),
    // 오늘의 인연 (docs/today.md): a heart to a card of my current set marks it 좋아요.
    todayMarkStatement(db, memberId, targetId, 'LIKED', now, allowed),
    ...news.map((n) => notificationInsert(db, n)),
  ])) as unknown as [{ count: number }[], unknown, unknown, ...{ id: number; delivered_at: string | null }[][]];
  refuseOverCount(counted, HEART_LIMIT);
  for (const [i, rows] of written.entries()) await announceWritten(ctx, news[i]!.kind, rows);
  return { memberId: targetId, hearted: true };
}

/** Taking a heart back works even when the other member is banned or blocked now. */
export async function takeHeart(db: Db, memberId: number, targetId: number): Promise<HeartResponse> {
  if (targetId === memberId) throw notToSelf();
  // The target's existence and the delete in one round trip (the delete is guarded by it).
  if (!(await deleteHeartOfMember(db, memberId, targetId))) throw profileNotFound();
  return { memberId: targetId, hearted: false };
}
