// Likes and views. Each write and the recount of the post's counter run in one D1 batch (one
// transaction), and the counter is derived from the rows, so it never drifts under concurrency.
import { and, eq, sql } from 'drizzle-orm';
import { communityPosts, postLikes, postViews } from '../../db/schema';
import type { Db } from '../../lib/env';

function recountLikes(db: Db, postId: number) {
  return db
    .update(communityPosts)
    .set({ likes: sql`(SELECT count(*) FROM post_likes WHERE post_likes.post_id = ${postId})` })
    .where(eq(communityPosts.id, postId))
    .returning({ likes: communityPosts.likes });
}

export type LikeChange = { changed: boolean; likes: number };

/** Adds the like if absent; `changed` says whether this call added it. */
export async function addLike(db: Db, postId: number, memberId: number, at: string): Promise<LikeChange> {
  const [inserted, counted] = await db.batch([
    db
      .insert(postLikes)
      .values({ postId, memberId, createdAt: at })
      .onConflictDoNothing()
      .returning({ postId: postLikes.postId }),
    recountLikes(db, postId),
  ]);
  return { changed: inserted.length > 0, likes: counted[0]?.likes ?? 0 };
}

/** Removes the like if present; `changed` says whether this call removed it. */
export async function removeLike(db: Db, postId: number, memberId: number): Promise<LikeChange> {
  const [deleted, counted] = await db.batch([
    db
      .delete(postLikes)
      .where(and(eq(postLikes.postId, postId), eq(postLikes.memberId, memberId)))
      .returning({ postId: postLikes.postId }),
    recountLikes(db, postId),
  ]);
  return { changed: deleted.length > 0, likes: counted[0]?.likes ?? 0 };
}

export async function hasLiked(db: Db, postId: number, memberId: number): Promise<boolean> {
  const rows = await db
    .select({ postId: postLikes.postId })
    .from(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.memberId, memberId)))
    .limit(1);
  return rows.length > 0;
}

export async function countLikes(db: Db, postId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)` })
    .from(postLikes)
    .where(eq(postLikes.postId, postId));
  return rows[0]?.n ?? 0;
}

/** Records one view per member per post per day (`day` is the Korean date); answers the new total. */
export async function recordView(
  db: Db,
  postId: number,
  memberId: number,
  day: string,
): Promise<{ counted: boolean; views: number }> {
  const [inserted, counted] = await db.batch([
    db.insert(postViews).values({ postId, memberId, day }).onConflictDoNothing().returning({ day: postViews.day }),
    db
      .update(communityPosts)
      // Demo posts start with views but no view rows, so the counter is incremented rather than
      // recounted: changes() is the insert's row count (0 or 1) within this same transaction.
      .set({ views: sql`${communityPosts.views} + changes()` })
      .where(eq(communityPosts.id, postId))
      .returning({ views: communityPosts.views }),
  ]);
  return { counted: inserted.length > 0, views: counted[0]?.views ?? 0 };
}
