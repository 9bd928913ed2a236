// Post comments: oldest first (the newest sits at the bottom), with each writer's name and main
// photo key. The post's comment counter is recounted in the same batch as every write.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { communityPosts, memberImages, members, postComments } from '../../db/schema';
import type { Db } from '../../lib/env';
import { authorShownTo } from '../visibility/repo';

export type CommentRow = {
  id: number;
  content: string;
  createdAt: string;
  writerId: number;
  writerName: string;
  writerImageKey: string | null;
  writerDeletedAt: string | null;
};

const commentColumns = {
  id: postComments.id,
  content: postComments.content,
  createdAt: postComments.createdAt,
  writerId: members.id,
  writerName: members.name,
  writerImageKey: memberImages.objectKey,
  writerDeletedAt: members.deletedAt,
};

function recountComments(db: Db, postId: number) {
  return db
    .update(communityPosts)
    .set({
      commentsCount: sql`(SELECT count(*) FROM post_comments WHERE post_comments.post_id = ${postId} AND post_comments.deleted_at IS NULL)`,
    })
    .where(eq(communityPosts.id, postId));
}

/** Live comments of a post, oldest first, without those of authors the visibility module hides. */
export async function listComments(db: Db, postId: number, viewerId: number, now: Date): Promise<CommentRow[]> {
  return db
    .select(commentColumns)
    .from(postComments)
    .innerJoin(members, eq(members.id, postComments.memberId))
    .leftJoin(memberImages, and(eq(memberImages.memberId, members.id), eq(memberImages.slot, 0)))
    .where(
      and(
        eq(postComments.postId, postId),
        isNull(postComments.deletedAt),
        authorShownTo(postComments.memberId, viewerId, now),
      ),
    )
    .orderBy(asc(postComments.id));
}

export async function findComment(db: Db, postId: number, commentId: number): Promise<CommentRow | undefined> {
  const rows = await db
    .select(commentColumns)
    .from(postComments)
    .innerJoin(members, eq(members.id, postComments.memberId))
    .leftJoin(memberImages, and(eq(memberImages.memberId, members.id), eq(memberImages.slot, 0)))
    .where(and(eq(postComments.id, commentId), eq(postComments.postId, postId), isNull(postComments.deletedAt)))
    .limit(1);
  return rows[0];
}

export async function insertComment(
  db: Db,
  row: { postId: number; memberId: number; content: string; at: string },
): Promise<number> {
  const [inserted] = await db.batch([
    db
      .insert(postComments)
      .values({ postId: row.postId, memberId: row.memberId, content: row.content, createdAt: row.at })
      .returning({ id: postComments.id }),
    recountComments(db, row.postId),
  ]);
  const id = inserted[0]?.id;
  if (id === undefined) throw new Error('comment insert returned no id');
  return id;
}

/** Soft-deletes a live comment; `writerId` (when given) must be its author. */
export async function softDeleteComment(
  db: Db,
  postId: number,
  commentId: number,
  at: string,
  writerId?: number,
): Promise<number | null> {
  const where = [eq(postComments.id, commentId), eq(postComments.postId, postId), isNull(postComments.deletedAt)];
  if (writerId !== undefined) where.push(eq(postComments.memberId, writerId));
  const [deleted] = await db.batch([
    db
      .update(postComments)
      .set({ deletedAt: at })
      .where(and(...where))
      .returning({ id: postComments.id, memberId: postComments.memberId }),
    recountComments(db, postId),
  ]);
  return deleted[0]?.memberId ?? null;
}
