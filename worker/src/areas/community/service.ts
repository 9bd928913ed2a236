// Community posts: who may see, write, edit and delete them, and what is stored (masked text,
// a cleaned picture). Likes, views and comments are in interaction-service.ts.
import { clockOf, clockPlaceholders, clockValues } from '../visibility/repo';
import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import {
  COMMUNITY_KO,
  COMMUNITY_LIMITS,
  type CommunityPost,
  type PostListQuery,
  type PostRequest,
} from '../../contract/community';
import { iso } from '../../lib/clock';
import { batchRead } from '../../lib/db';
import type { Db } from '../../lib/env';
import { NotFound } from '../../lib/errors';
import { countHit, hitsUsedRead, rateLimited, refuseOverLimit, underLimit } from '../../lib/rate-limit';
import { deleteImage, imageUrl, storeImage } from '../media/service';
import { maskProfanity } from './profanity';
import { refuseContact } from '../safety/service';
import {
  findPostOwnership,
  findVisiblePost,
  newestPostId,
  postInsert,
  visiblePostQuery,
  listPosts,
  softDeletePost,
  updateOwnPost,
  type PostListRow,
} from './repo';
import type { RequestContext } from '../../lib/context';

export type CommunityContext = RequestContext & { media: R2Bucket };
/** Who acts: a member (from the bearer token) or an admin (from the console session). */
export type Actor = { kind: 'member'; memberId: number } | { kind: 'admin'; adminId: number };

const RATE_WINDOW = COMMUNITY_LIMITS.rateWindowSeconds;

/** A writer who left shows as '탈퇴한 회원' with the default picture (null). */
export function writerOf(row: {
  writerId: number;
  writerName: string;
  writerImageKey: string | null;
  writerDeletedAt: string | null;
}) {
  const gone = row.writerDeletedAt !== null;
  return {
    writerId: row.writerId,
    writerName: gone ? COMMUNITY_KO.withdrawnWriter : row.writerName,
    writerProfileImageUrl: gone || !row.writerImageKey ? null : imageUrl(row.writerImageKey),
  };
}

export function toPost(row: PostListRow): CommunityPost {
  return {
    id: row.id,
    category: row.category,
    title: row.title,
    content: row.content,
    createdAt: row.createdAt,
    views: row.views,
    likes: row.likes,
    commentsCount: row.commentsCount,
    imageUrl: row.imageKey ? imageUrl(row.imageKey) : null,
    ...writerOf(row),
  };
}

/**
 * Without paging parameters: every post, newest first (the spec's list). With `size` or `cursor`:
 * one page of posts older than the cursor id, so posts written meanwhile never shift a page.
 */
/** The read, not yet run (the route batches it with the auth statement); postsFrom shapes its rows. */
export function postListRead(db: Db, viewerId: number, q: PostListQuery, now: Date) {
  const paged = q.size !== undefined || q.cursor !== undefined;
  const limit = paged ? (q.size ?? COMMUNITY_LIMITS.pageSize) : undefined;
  // Built once per shape (which conditions are there), filled per call.
  const shape = `community-posts:${q.category ? 'c' : ''}${q.cursor !== undefined ? 'b' : ''}${limit !== undefined ? 'l' : ''}`;
  return batchRead(
    db,
    shape,
    () =>
      listPosts(db, {
        viewer: { id: sql.placeholder('viewer'), clock: clockPlaceholders() },
        category: q.category ? sql.placeholder('category') : undefined,
        beforeId: q.cursor !== undefined ? sql.placeholder('before') : undefined,
        limit: limit !== undefined ? sql.placeholder('limit') : undefined,
      }),
    { viewer: viewerId, category: q.category, before: q.cursor, limit, ...clockValues(now) },
  );
}

export const postsFrom = (rows: PostListRow[]): CommunityPost[] => rows.map(toPost);

/** A post the viewer may see; deleted, missing and hidden-author posts are all 404. */
export async function visiblePost(ctx: CommunityContext, viewerId: number, id: number): Promise<PostListRow> {
  return visibleOr404(await findVisiblePost(ctx.db, id, { id: viewerId, clock: clockOf(ctx.now) }));
}

function visibleOr404(row: PostListRow | undefined): PostListRow {
  if (!row) throw new NotFound(COMMUNITY_KO.postNotFound, 'POST_NOT_FOUND');
  return row;
}

export async function getCommunityPost(ctx: CommunityContext, viewerId: number, id: number): Promise<CommunityPost> {
  return toPost(await visiblePost(ctx, viewerId, id));
}

/** getCommunityPost's read, not yet run (the route batches it with the auth statement). */
export const postRead = (db: Db, viewerId: number, id: number, now: Date) =>
  batchRead(
    db,
    'community-post',
    () => visiblePostQuery(db, sql.placeholder('id'), { id: sql.placeholder('viewer'), clock: clockPlaceholders() }),
    { id, viewer: viewerId, ...clockValues(now) },
  );

/** getCommunityPost from postRead's rows. */
export const postFrom = (rows: PostListRow[]): CommunityPost => toPost(visibleOr404(rows[0]));

/** Titles and contents are stored as typed (never rendered as HTML), with profanity masked. */
function cleanDraft(req: PostRequest) {
  return { category: req.category, title: maskProfanity(req.title), content: maskProfanity(req.content) };
}

/** The post rate limit: posts per window, per member. */
const POST_LIMIT = { max: COMMUNITY_LIMITS.postsPerWindow, windowSeconds: RATE_WINDOW };
const postLimitKey = (memberId: number) => `community:post:${memberId}`;

/** createCommunityPost's read, with the auth statement (routes.ts): the posts used in the rate window. */
export const postHitsRead = (db: Db, memberId: number, now: Date) =>
  hitsUsedRead(db, postLimitKey(memberId), POST_LIMIT, now);

/**
 * A new post: refused before anything is stored when its text gives contact details or the
 * member's posts in the window (`used`: postHitsRead's rows) are spent; then the post, the
 * rate-limit count and the post as its author sees it in one D1 batch, the writes guarded by the
 * limit in SQL (a limit reached meanwhile writes nothing and answers the same 429).
 */
export async function createCommunityPost(
  ctx: CommunityContext,
  memberId: number,
  req: PostRequest,
  image: Blob | null,
  used: { used: number }[],
): Promise<CommunityPost> {
  refuseContact({ title: req.title, content: req.content });
  refuseOverLimit(used, POST_LIMIT, COMMUNITY_KO.tooManyPosts);
  const stored = image ? await storeImage(ctx.media, image, 'posts') : null;
  const key = postLimitKey(memberId);
  const guard = underLimit(key, POST_LIMIT, ctx.now);
  const statements: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] = [
    postInsert(ctx.db, { ...cleanDraft(req), memberId, imageKey: stored?.key ?? null, at: iso(ctx.now) }, guard),
    visiblePostQuery(ctx.db, newestPostId, { id: memberId, clock: clockOf(ctx.now) }),
    // Last: it changes what the guard answers.
    countHit(ctx.db, key, POST_LIMIT, ctx.now, guard),
  ];
  let inserted: { id: number }[];
  let rows: PostListRow[];
  try {
    [inserted, rows] = (await ctx.db.batch(statements)) as unknown as [{ id: number }[], PostListRow[]];
  } catch (err) {
    if (stored) await deleteImage(ctx.media, stored.key);
    throw err;
  }
  if (!inserted[0]) {
    if (stored) await deleteImage(ctx.media, stored.key);
    throw rateLimited(COMMUNITY_KO.tooManyPosts);
  }
  return postFrom(rows);
}

/**
 * The author edits their own post; anyone else gets the same 404 as for a missing post. A new
 * `image` replaces the picture, `removeImage` drops it; the old object leaves R2 after the update.
 */
export async function updateCommunityPost(
  ctx: CommunityContext,
  memberId: number,
  id: number,
  req: PostRequest,
  image: Blob | null,
): Promise<CommunityPost> {
  const owned = await findPostOwnership(ctx.db, id);
  if (!owned || owned.memberId !== memberId) throw new NotFound(COMMUNITY_KO.postNotFound, 'POST_NOT_FOUND');
  refuseContact({ title: req.title, content: req.content });
  const stored = image ? await storeImage(ctx.media, image, 'posts') : null;
  const imageKey = stored ? stored.key : req.removeImage ? null : undefined;
  let updated: boolean;
  try {
    updated = await updateOwnPost(ctx.db, id, memberId, { ...cleanDraft(req), imageKey, at: iso(ctx.now) });
  } catch (err) {
    if (stored) await deleteImage(ctx.media, stored.key);
    throw err;
  }
  if (!updated) {
    // Deleted between the check and the update.
    if (stored) await deleteImage(ctx.media, stored.key);
    throw new NotFound(COMMUNITY_KO.postNotFound, 'POST_NOT_FOUND');
  }
  if (imageKey !== undefined && owned.imageKey && owned.imageKey !== imageKey) {
    await deleteImage(ctx.media, owned.imageKey);
  }
  return getCommunityPost(ctx, memberId, id);
}

/** The author or an admin deletes a post; its picture leaves R2. Anyone else: 404. Answers the author's id. */
export async function deleteCommunityPost(ctx: CommunityContext, actor: Actor, id: number): Promise<number> {
  const owned = await findPostOwnership(ctx.db, id);
  const allowed = owned && (actor.kind === 'admin' || owned.memberId === actor.memberId);
  if (!owned || !allowed) throw new NotFound(COMMUNITY_KO.postNotFound, 'POST_NOT_FOUND');
  if (!(await softDeletePost(ctx.db, id, iso(ctx.now)))) {
    throw new NotFound(COMMUNITY_KO.postNotFound, 'POST_NOT_FOUND');
  }
  if (owned.imageKey) await deleteImage(ctx.media, owned.imageKey);
  return owned.memberId;
}
