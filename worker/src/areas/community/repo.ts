// Community post rows: bulk insert (demo data), the newest-first lists with each writer's name and
// main photo key, one post as a member may see it, and the author's writes.
import { and, desc, eq, isNull, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { communityPosts, memberImages, members } from '../../db/schema';
import type { PostCategory } from '../../contract';
import type { Db } from '../../lib/env';
import { authorShownTo, type VisibilityClock } from '../visibility/repo';
import { chunkForInsert, runBatch } from '../../lib/batch';
import { rawRead } from '../../lib/db';

export type NewPost = typeof communityPosts.$inferInsert;

export type PostListRow = {
  id: number;
  category: PostCategory;
  title: string;
  content: string;
  imageKey: string | null;
  views: number;
  likes: number;
  commentsCount: number;
  createdAt: string;
  writerId: number;
  writerName: string;
  writerImageKey: string | null;
  writerDeletedAt: string | null;
};

/** Inserts many posts in one transaction (demo data, imports). */
export async function insertPosts(db: Db, rows: readonly NewPost[]): Promise<void> {
  await runBatch(
    db,
    chunkForInsert(rows).map((chunk) => db.insert(communityPosts).values(chunk)),
  );
}

/** Each value may be a `sql.placeholder` (the feed's read is built once: batchRead). */
export type PostListQuery = {
  category?: PostCategory | Placeholder;
  beforeId?: number | Placeholder;
  /** Without it, every live post. */
  limit?: number | Placeholder;
  /** Hides the posts of authors the visibility module hides from this viewer (blocked, banned, under 19). */
  viewer?: CommunityViewer;
};

/** Who reads, and the visibility clock (areas/visibility). */
export type CommunityViewer = { id: number | Placeholder; clock: VisibilityClock };

export const postColumns = {
  id: communityPosts.id,
  category: communityPosts.category,
  title: communityPosts.title,
  content: communityPosts.content,
  imageKey: communityPosts.imageKey,
  views: communityPosts.views,
  likes: communityPosts.likes,
  commentsCount: communityPosts.commentsCount,
  createdAt: communityPosts.createdAt,
  // The join's own column (equal to members.id): no two columns named `id`, so the rows survive a
  // D1 batch, which returns them keyed by column name.
  writerId: communityPosts.memberId,
  writerName: members.name,
  writerImageKey: memberImages.objectKey,
  writerDeletedAt: members.deletedAt,
};

function selectPosts(db: Db, where: SQL[]) {
  return db
    .select(postColumns)
    .from(communityPosts)
    .innerJoin(members, eq(members.id, communityPosts.memberId))
    .leftJoin(memberImages, and(eq(memberImages.memberId, members.id), eq(memberImages.slot, 0)))
    .where(and(...where));
}

/** Live posts, newest first by id; `beforeId` continues a previous page (ids never move). */
/** (A query: it can join a batch. No `limit` is SQLite's LIMIT -1, every row.) */
export function listPosts(db: Db, q: PostListQuery) {
  const where: SQL[] = [isNull(communityPosts.deletedAt)];
  if (q.category) where.push(eq(communityPosts.category, q.category));
  if (q.beforeId !== undefined) where.push(lt(communityPosts.id, q.beforeId));
  if (q.viewer) where.push(authorShownTo(communityPosts.memberId, q.viewer.id, q.viewer.clock));
  return selectPosts(db, where)
    .orderBy(desc(communityPosts.id))
    .limit(q.limit ?? -1);
}

/** findVisiblePost as a query (0 or 1 row), for callers that batch it. */
export function visiblePostQuery(db: Db, id: number | Placeholder | SQL, viewer?: CommunityViewer) {
  const where: SQL[] = [eq(communityPosts.id, id), isNull(communityPosts.deletedAt)];
  if (viewer) where.push(authorShownTo(communityPosts.memberId, viewer.id, viewer.clock));
  return selectPosts(db, where).limit(1);
}

/** SQL: post `id` is live and `viewerId` may see it now (findVisiblePost's rule, as a write's guard). */
export function postVisibleSql(id: number, viewerId: number, now: Date): SQL {
  return sql`EXISTS (SELECT 1 FROM community_posts vp WHERE vp.id = ${id} AND vp.deleted_at IS NULL
    AND ${authorShownTo(sql`vp.member_id`, viewerId, now)})`;
}

/** SQL: the newest post's id — inside a batch that has just inserted one, that post's. */
export const newestPostId: SQL = sql`(SELECT max(id) FROM community_posts)`;

/** One live post as `viewer` may see it (undefined when deleted, missing or its author hidden). */
export async function findVisiblePost(db: Db, id: number, viewer?: CommunityViewer): Promise<PostListRow | undefined> {
  const rows = await visiblePostQuery(db, id, viewer);
  return rows[0];
}

export type PostOwnership = { id: number; memberId: number; imageKey: string | null };

/** Who wrote a live post and its picture key, for permission checks and clean-up. */
export async function findPostOwnership(db: Db, id: number): Promise<PostOwnership | undefined> {
  const rows = await db
    .select({ id: communityPosts.id, memberId: communityPosts.memberId, imageKey: communityPosts.imageKey })
    .from(communityPosts)
    .where(and(eq(communityPosts.id, id), isNull(communityPosts.deletedAt)))
    .limit(1);
  return rows[0];
}

export type PostWrite = { category: PostCategory; title: string; content: string };

/** One post, unchecked (bench/capacity's load; members post through postInsert's guarded batch). */
export async function insertPost(
  db: Db,
  row: PostWrite & { memberId: number; imageKey: string | null; at: string },
): Promise<number> {
  const rows = await db
    .insert(communityPosts)
    .values({
      memberId: row.memberId,
      category: row.category,
      title: row.title,
      content: row.content,
      imageKey: row.imageKey,
      createdAt: row.at,
      updatedAt: row.at,
    })
    .returning({ id: communityPosts.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('post insert returned no id');
  return id;
}

/**
 * A new post as a `db.batch` item, inserted only when `guard` (SQL) holds: its rows are the new
 * id, none when the guard was false.
 */
export function postInsert(
  db: Db,
  row: PostWrite & { memberId: number; imageKey: string | null; at: string },
  guard: SQL,
) {
  return rawRead<{ id: number }>(
    db,
    sql`INSERT INTO community_posts (member_id, category, title, content, image_key, created_at, updated_at)
      SELECT ${row.memberId}, ${row.category}, ${row.title}, ${row.content}, ${row.imageKey}, ${row.at}, ${row.at}
      WHERE ${guard}
      RETURNING id`,
  );
}

/**
 * Updates the author's own live post. `imageKey` undefined keeps the picture. The author check
 * is part of the statement, so a post that changed hands or was deleted meanwhile is untouched.
 */
export async function updateOwnPost(
  db: Db,
  id: number,
  memberId: number,
  fields: PostWrite & { imageKey?: string | null; at: string },
): Promise<boolean> {
  const rows = await db
    .update(communityPosts)
    .set({
      category: fields.category,
      title: fields.title,
      content: fields.content,
      ...(fields.imageKey !== undefined ? { imageKey: fields.imageKey } : {}),
      updatedAt: fields.at,
    })
    .where(and(eq(communityPosts.id, id), eq(communityPosts.memberId, memberId), isNull(communityPosts.deletedAt)))
    .returning({ id: communityPosts.id });
  return rows.length > 0;
}

/** Soft delete (likes, views and comments stay for the record); the picture key is cleared. */
export async function softDeletePost(db: Db, id: number, at: string): Promise<boolean> {
  const rows = await db
    .update(communityPosts)
    .set({ deletedAt: at, updatedAt: at, imageKey: null })
    .where(and(eq(communityPosts.id, id), isNull(communityPosts.deletedAt)))
    .returning({ id: communityPosts.id });
  return rows.length > 0;
}
