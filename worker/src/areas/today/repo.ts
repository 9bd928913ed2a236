// today_cards (docs/today.md): who gets a set, the week's exposure, writing a set, reading the
// latest set as one statement, and the action on a card.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { TodayAction } from '../../contract/today-core';
import { members, todayCards } from '../../db/schema';
import type { Db } from '../../lib/env';
import { detailsJson, intLiteral } from '../matching/candidate-repo';
import { visibleRowTo, type VisibilityClock } from '../visibility/repo';

const idList = (ids: readonly number[]): SQL => sql.join(ids.map(intLiteral), sql`, `);

/**
 * The next `limit` members after `afterId` (by id) who get a set: not withdrawn, ACTIVE (not
 * banned, not dormant), a matching kind on, and active since `activeSince`.
 */
export async function activeMembersAfter(
  db: Db,
  afterId: number,
  limit: number,
  activeSince: string,
): Promise<number[]> {
  const rows = await db.all<{ id: number }>(sql`SELECT id FROM members
    WHERE id > ${afterId} AND deleted_at IS NULL AND status = 'ACTIVE'
      AND (romance_matching = 1 OR friend_matching = 1) AND last_active_at >= ${activeSince}
    ORDER BY id LIMIT ${limit}`);
  return rows.map((r) => r.id);
}

/** Those of `memberIds` whose set for `day` is already written (the job's idempotence). */
export async function withSetOn(db: Db, day: string, memberIds: readonly number[]): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db.all<{ id: number }>(
    sql`SELECT DISTINCT member_id AS id FROM today_cards WHERE day = ${day} AND member_id IN (${idList(memberIds)})`,
  );
  return new Set(rows.map((r) => r.id));
}

/** How often each of `candidateIds` was on anyone's set from `fromDay` on (today_cards_day_candidate index). */
export async function exposureSince(
  db: Db,
  fromDay: string,
  candidateIds: readonly number[],
): Promise<Map<number, number>> {
  if (candidateIds.length === 0) return new Map();
  const rows = await db.all<{ id: number; n: number }>(sql`SELECT candidate_id AS id, COUNT(*) AS n FROM today_cards
    WHERE day >= ${fromDay} AND candidate_id IN (${idList(candidateIds)}) GROUP BY candidate_id`);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Whom `memberId` was shown on their sets from `fromDay` on (not shown again that week). */
export async function seenSince(db: Db, memberId: number, fromDay: string): Promise<Set<number>> {
  const rows = await db
    .select({ id: todayCards.candidateId })
    .from(todayCards)
    .where(and(eq(todayCards.memberId, memberId), sql`${todayCards.day} >= ${fromDay}`));
  return new Set(rows.map((r) => r.id));
}

export type NewCard = {
  memberId: number;
  day: string;
  candidateId: number;
  position: number;
  compatibility: number | null;
  reasons: string;
};

/** Writes a set; a set already there for that day stays as it is (a job run twice). */
export async function insertSet(db: Db, cards: readonly NewCard[]): Promise<number> {
  if (cards.length === 0) return 0;
  const written = await db
    .insert(todayCards)
    .values([...cards])
    .onConflictDoNothing()
    .returning({ id: todayCards.candidateId });
  return written.length;
}

const c = alias(members, 'c');

/**
 * The member's latest set from `fromDay` to `today` (yesterday's until today's is written), one
 * statement: each card with the candidate's card columns, only while the candidate is still
 * visible to the member (withdrawn, banned, blocked since: left out).
 */
export function latestSetQuery(db: Db, memberId: number, fromDay: string, today: string, clock: VisibilityClock) {
  return db
    .select({
      day: todayCards.day,
      position: todayCards.position,
      compatibility: todayCards.compatibility,
      reasons: todayCards.reasons,
      action: todayCards.action,
      id: c.id,
      name: c.name,
      birthday: c.birthday,
      city: c.city,
      district: c.district,
      interests: sql<string | null>`(SELECT group_concat(tag, '|') FROM member_interests WHERE member_id = c.id)`,
      images: sql<
        string | null
      >`(SELECT group_concat(slot || ':' || object_key, '|') FROM member_images WHERE member_id = c.id)`,
      identityVerified: sql<number>`c.identity_verified_at IS NOT NULL`,
      photoVerified: sql<number>`c.photo_verified_at IS NOT NULL`,
      details: sql<string | null>`${detailsJson(sql`c.id`)}`,
    })
    .from(todayCards)
    .innerJoin(c, eq(c.id, todayCards.candidateId))
    .where(
      and(
        eq(todayCards.memberId, memberId),
        sql`${todayCards.day} = (SELECT MAX(day) FROM today_cards WHERE member_id = ${memberId}
          AND day BETWEEN ${fromDay} AND ${today})`,
        visibleRowTo(sql`c`, memberId, clock),
      ),
    )
    .orderBy(todayCards.position);
}

/**
 * Records `action` on `candidateId`'s card of the member's current set (day in [fromDay, today]).
 * 넘기기 only marks a card not acted on; 좋아요 never replaces 대화 신청; 대화 신청 always wins.
 * Answers whether a card was there to mark (or already carried a stronger action).
 */
export async function markAction(
  db: Db,
  memberId: number,
  candidateId: number,
  action: TodayAction,
  fromDay: string,
  today: string,
): Promise<boolean> {
  const cards = await db
    .select({ day: todayCards.day, action: todayCards.action })
    .from(todayCards)
    .where(
      and(
        eq(todayCards.memberId, memberId),
        eq(todayCards.candidateId, candidateId),
        sql`${todayCards.day} BETWEEN ${fromDay} AND ${today}`,
      ),
    );
  if (cards.length === 0) return false;
  await db.run(markActionSql(memberId, candidateId, action, fromDay, today));
  return true;
}

/** markAction's update alone (no answer), `onlyIf` SQL holds too: for a caller's batch (rawRead). */
export function markActionSql(
  memberId: number,
  candidateId: number,
  action: TodayAction,
  fromDay: string,
  today: string,
  onlyIf: SQL = sql`1`,
): SQL {
  const replaceable: SQL =
    action === 'PASSED'
      ? sql`action IS NULL`
      : action === 'LIKED'
        ? sql`(action IS NULL OR action = 'PASSED')`
        : sql`1`;
  return sql`UPDATE today_cards SET action = ${action}
    WHERE member_id = ${memberId} AND candidate_id = ${candidateId} AND day BETWEEN ${fromDay} AND ${today}
      AND ${replaceable} AND ${onlyIf}`;
}
