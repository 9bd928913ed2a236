// Heart rows (a member's 관심 for another member's profile).
import { and, eq } from 'drizzle-orm';
import { hearts } from '../../db/schema';
import type { Db } from '../../lib/env';

/** Adds the heart; hearting twice keeps the first time. Whether this call added it. */
export async function insertHeart(db: Db, memberId: number, targetId: number, at: string): Promise<boolean> {
  const added = await db
    .insert(hearts)
    .values({ memberId, targetId, createdAt: at })
    .onConflictDoNothing()
    .returning({ memberId: hearts.memberId });
  return added.length > 0;
}

export async function deleteHeart(db: Db, memberId: number, targetId: number): Promise<void> {
  await db.delete(hearts).where(and(eq(hearts.memberId, memberId), eq(hearts.targetId, targetId)));
}
