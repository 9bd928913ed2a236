// Post comments: oldest first (the newest sits at the bottom), with each writer's name and main
// photo key. The post's comment counter is recounted in the same batch as every write.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { sql, type SQL } from 'drizzle-orm';
import { communityPosts, memberImages, members, postComments } from '../../db/schema';
import type { Db } from '../../lib/env';
import { authorShownTo } from '../visibility/repo';
import { rawRead } from '../../lib/db';

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
  // The comment's own column (equal to members.id): no two columns named `id`, so the rows survive
  // a D1 batch, which returns them keyed by column name.
  writerId: postComments.memberId,
  writerName: members.name,
  writerImageKey: memberImages.objectKey,
  writerDeletedAt: members.deletedAt,
};

function recountComments(db: Db, postId: number, guard?: SQL) {
  return db
    .update(communityPosts)
    .set({
      commentsCount: sql`(SELECT count(*) FROM post_comments WHERE post_comments.post_id = ${postId} AND post_comments.deleted_at IS NULL)`,
    })
    .where(guard ? and(eq(communityPosts.id, postId), guard) : eq(communityPosts.id, postId));
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

/** SQL: the newest comment's id — inside a batch that has just inserted one, that comment's. */
export const newestCommentId: SQL = sql`(SELECT max(id) FROM post_comments)`;

/** A live comment of the post with its writer (0 or 1 row); `commentId` may be SQL (newestCommentId). */
export function commentQuery(db: Db, postId: number, commentId: number | SQL) {
  return db
    .select(commentColumns)
    .from(postComments)
    .innerJoin(members, eq(members.id, postComments.memberId))
    .leftJoin(memberImages, and(eq(memberImages.memberId, members.id), eq(memberImages.slot, 0)))
    .where(and(eq(postComments.id, commentId), eq(postComments.postId, postId), isNull(postComments.deletedAt)))
    .limit(1);
}

/**
 * A new comment as a `db.batch` item, inserted only when `guard` (SQL) holds: its rows are the
 * new id, none when the guard was false. `recountCommentsIf` (same guard) goes in the same batch.
 */
export function commentInsert(
  db: Db,
  row: { postId: number; memberId: number; content: string; at: string },
  guard: SQL,
) {
  return rawRead<{ id: number }>(
    db,
    sql`INSERT INTO post_comments (post_id, member_id, content, created_at)
      SELECT ${row.postId}, ${row.memberId}, ${row.content}, ${row.at} WHERE ${guard}
      RETURNING id`,
  );
}

/** The post's comment count recounted when `guard` holds (a batch item). */
export const recountCommentsIf = (db: Db, postId: number, guard: SQL) => recountComments(db, postId, guard);

/** A comment and the post's recount in one batch, unchecked (bench/capacity's load). */
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
