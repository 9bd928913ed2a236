// Blocks: rows. Keeping two members who blocked each other apart on every surface is the
// visibility module's job (areas/visibility/repo.ts), with the rest of who-sees-whom.
import { and, desc, eq, or, type AnyColumn } from 'drizzle-orm';
import { blocks, chatRequests, hearts, memberImages, members } from '../../db/schema';
import type { Db } from '../../lib/env';

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
