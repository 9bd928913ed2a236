// Blocks: rows, and the SQL pieces every area uses to keep two members who blocked each other
// apart (recommendations, nearby, popular, community authorship, chat, profiles).
import { and, desc, eq, or, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { blocks, chatRequests, hearts, memberImages, members } from '../../db/schema';
import type { Db } from '../../lib/env';

/**
 * `NOT EXISTS` fragment: true when neither the viewer blocked the member in `memberIdColumn`
 * nor that member blocked the viewer. Two primary-key probes, so it stays cheap in big scans.
 *   db.select().from(communityPosts).where(and(..., notBlockedEitherWay(communityPosts.memberId, viewerId)))
 */
export function notBlockedEitherWay(memberIdColumn: AnyColumn | SQL, viewerId: number | Placeholder): SQL {
  return sql`(NOT EXISTS (SELECT 1 FROM ${blocks} WHERE ${blocks.memberId} = ${viewerId} AND ${blocks.targetId} = ${memberIdColumn})
    AND NOT EXISTS (SELECT 1 FROM ${blocks} WHERE ${blocks.memberId} = ${memberIdColumn} AND ${blocks.targetId} = ${viewerId}))`;
}

/** The opposite of `notBlockedEitherWay`: true when a block exists in either direction. */
export function blockedEitherWay(memberIdColumn: AnyColumn | SQL, viewerId: number): SQL {
  return sql`NOT ${notBlockedEitherWay(memberIdColumn, viewerId)}`;
}

/** Whether `a` blocked `b` or `b` blocked `a`. */
export async function isBlockedEitherWay(db: Db, a: number, b: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(
      sql`(${blocks.memberId} = ${a} AND ${blocks.targetId} = ${b}) OR (${blocks.memberId} = ${b} AND ${blocks.targetId} = ${a})`,
    )
    .limit(1);
  return rows.length > 0;
}

const between = (a: AnyColumn, b: AnyColumn, x: number, y: number) =>
  or(and(eq(a, x), eq(b, y)), and(eq(a, y), eq(b, x)));

/**
 * Records that `memberId` blocked `targetId` (blocking twice keeps the first time) and, in the
 * same transaction, removes hearts both ways and cancels chat requests still pending either way.
 */
export async function insertBlock(db: Db, memberId: number, targetId: number, at: string): Promise<void> {
  await db.batch([
    db.insert(blocks).values({ memberId, targetId, createdAt: at }).onConflictDoNothing(),
    db.delete(hearts).where(between(hearts.memberId, hearts.targetId, memberId, targetId)),
    db
      .update(chatRequests)
      .set({ status: 'CANCELLED', answeredAt: at })
      .where(
        and(
          eq(chatRequests.status, 'PENDING'),
          between(chatRequests.requesterId, chatRequests.targetId, memberId, targetId),
        ),
      ),
  ]);
}

export async function deleteBlock(db: Db, memberId: number, targetId: number): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.memberId, memberId), eq(blocks.targetId, targetId)));
}

export type BlockedRow = {
  memberId: number;
  name: string;
  deletedAt: string | null;
  mainImageKey: string | null;
  blockedAt: string;
};

/** The members `memberId` blocked, most recent first, with their main photo key. */
export async function listBlocksOf(db: Db, memberId: number): Promise<BlockedRow[]> {
  return db
    .select({
      memberId: blocks.targetId,
      name: members.name,
      deletedAt: members.deletedAt,
      mainImageKey: memberImages.objectKey,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(members, eq(members.id, blocks.targetId))
    .leftJoin(memberImages, and(eq(memberImages.memberId, blocks.targetId), eq(memberImages.slot, 0)))
    .where(eq(blocks.memberId, memberId))
    .orderBy(desc(blocks.createdAt), desc(blocks.targetId));
}
