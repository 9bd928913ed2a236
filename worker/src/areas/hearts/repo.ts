// Heart rows (a member's 관심 for another member's profile).
import { and, eq, exists, isNull, sql, type SQL } from 'drizzle-orm';
import { hearts, members } from '../../db/schema';
import { rawRead } from '../../lib/db';
import type { Db } from '../../lib/env';

/** Adds the heart; hearting twice keeps the first time. Whether this call added it (the benches' simulated days). */
export async function insertHeart(db: Db, memberId: number, targetId: number, at: string): Promise<boolean> {
  const added = await db
    .insert(hearts)
    .values({ memberId, targetId, createdAt: at })
    .onConflictDoNothing()
    .returning({ memberId: hearts.memberId });
  return added.length > 0;
}

/**
 * Adds the heart (hearting twice keeps the first time) when `onlyIf` SQL holds: for the heart's
 * own batch (rawRead). Whether it was this call that added it: `heartAddedAt`.
 */
export const heartInsert = (db: Db, memberId: number, targetId: number, at: string, onlyIf: SQL) =>
  rawRead<never>(
    db,
    sql`INSERT INTO hearts (member_id, target_id, created_at) SELECT ${memberId}, ${targetId}, ${at} WHERE ${onlyIf}
      ON CONFLICT DO NOTHING`,
  );

/** SQL, later in the same batch: the heart from `memberId` to `targetId` was added at `at` (by heartInsert). */
export const heartAddedAt = (memberId: number, targetId: number, at: string): SQL =>
  sql`EXISTS (SELECT 1 FROM hearts WHERE member_id = ${memberId} AND target_id = ${targetId} AND created_at = ${at})`;

/** The hearts between two members, for a heart's first batch: `mine` (I have one on them), `theirs` (they on me). */
export const heartsBetweenRead = (db: Db, me: number, them: number) =>
  rawRead<{ mine: number; theirs: number }>(
    db,
    sql`SELECT ${heartExists(me, them)} AS mine, ${heartExists(them, me)} AS theirs`,
  );

/**
 * Takes the heart back, and answers whether the target is a member at all (not withdrawn): one D1
 * batch. The delete itself is guarded by the same condition, so an unknown target changes nothing.
 */
export async function deleteHeartOfMember(db: Db, memberId: number, targetId: number): Promise<boolean> {
  const live = and(eq(members.id, targetId), isNull(members.deletedAt));
  const [found] = await db.batch([
    db.select({ id: members.id }).from(members).where(live).limit(1),
    db.delete(hearts).where(
      and(
        eq(hearts.memberId, memberId),
        eq(hearts.targetId, targetId),
        exists(
          db
            .select({ one: sql`1` })
            .from(members)
            .where(live),
        ),
      ),
    ),
  ]);
  return found.length > 0;
}

/**
 * The one "has hearted" rule as SQL, for other areas' queries: whether `from` has a heart on `to`
 * (each an id or a column such as sql`c.id`). Both ways — each has hearted the other — is
 * 서로 마음 (docs/notifications.md "Kinds").
 */
export const heartExists = (from: number | SQL, to: number | SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM hearts WHERE member_id = ${from} AND target_id = ${to})`;
