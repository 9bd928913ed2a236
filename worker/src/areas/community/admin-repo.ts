// The console's post list (GET /admin/api/posts): every live post, filtered, sorted and sliced,
// with the total for react-admin's Content-Range.
import { and, asc, count, desc, eq, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { communityPosts, memberImages, members } from '../../db/schema';
import type { AdminPostSortField } from '../../contract/community';
import type { PostCategory } from '../../contract/enums';
import type { Db } from '../../lib/env';
import { postColumns, type PostListRow } from './repo';

export type AdminPostQuery = {
  category?: PostCategory;
  q?: string;
  sort: AdminPostSortField;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
};

const SORT_COLUMNS = {
  id: communityPosts.id,
  createdAt: communityPosts.createdAt,
  views: communityPosts.views,
  likes: communityPosts.likes,
  commentsCount: communityPosts.commentsCount,
} as const;

/** LIKE with the admin's text taken literally (its own % and _ are not wildcards). */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const likeLiteral = (column: AnyColumn, pattern: string) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;

function filters(q: AdminPostQuery): SQL | undefined {
  const where: SQL[] = [isNull(communityPosts.deletedAt)];
  if (q.category) where.push(eq(communityPosts.category, q.category));
  if (q.q) {
    const pattern = contains(q.q);
    const text = or(
      likeLiteral(communityPosts.title, pattern),
      likeLiteral(communityPosts.content, pattern),
      likeLiteral(members.name, pattern),
    );
    if (text) where.push(text);
  }
  return and(...where);
}

export async function adminListPosts(db: Db, q: AdminPostQuery): Promise<{ rows: PostListRow[]; total: number }> {
  const where = filters(q);
  const column = SORT_COLUMNS[q.sort];
  const direction = q.order === 'ASC' ? asc : desc;
  // Two plain queries, not a D1 batch: batched results come back keyed by column name, and the
  // joined tables' same-named columns (id) would collide.
  const [rows, totals] = await Promise.all([
    db
      .select(postColumns)
      .from(communityPosts)
      .innerJoin(members, eq(members.id, communityPosts.memberId))
      .leftJoin(memberImages, and(eq(memberImages.memberId, members.id), eq(memberImages.slot, 0)))
      .where(where)
      .orderBy(direction(column), direction(communityPosts.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: count() })
      .from(communityPosts)
      .innerJoin(members, eq(members.id, communityPosts.memberId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
