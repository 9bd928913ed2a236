// Community post rows: bulk insert and the newest-first list with each writer's name and
// main photo key.
import { and, desc, eq, isNull, lt, type SQL } from 'drizzle-orm';
import { communityPosts, memberImages, members } from '../../db/schema';
import type { PostCategory } from '../../contract';
import type { Db } from '../../lib/env';
import { chunkForInsert, runBatch } from '../demo/batch';

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
};

/** Inserts many posts in one transaction (demo data, imports). */
export async function insertPosts(db: Db, rows: readonly NewPost[]): Promise<void> {
  await runBatch(
    db,
    chunkForInsert(rows).map((chunk) => db.insert(communityPosts).values(chunk)),
  );
}

export type PostListQuery = { category?: PostCategory; beforeId?: number; limit: number };

/** Live posts, newest first by id; `beforeId` continues a previous page. */
export async function listPosts(db: Db, q: PostListQuery): Promise<PostListRow[]> {
  const where: SQL[] = [isNull(communityPosts.deletedAt)];
  if (q.category) where.push(eq(communityPosts.category, q.category));
  if (q.beforeId !== undefined) where.push(lt(communityPosts.id, q.beforeId));
  return db
    .select({
      id: communityPosts.id,
      category: communityPosts.category,
      title: communityPosts.title,
      content: communityPosts.content,
      imageKey: communityPosts.imageKey,
      views: communityPosts.views,
      likes: communityPosts.likes,
      commentsCount: communityPosts.commentsCount,
      createdAt: communityPosts.createdAt,
      writerId: members.id,
      writerName: members.name,
      writerImageKey: memberImages.objectKey,
    })
    .from(communityPosts)
    .innerJoin(members, eq(members.id, communityPosts.memberId))
    .leftJoin(memberImages, and(eq(memberImages.memberId, members.id), eq(memberImages.slot, 0)))
    .where(and(...where))
    .orderBy(desc(communityPosts.id))
    .limit(q.limit);
}
