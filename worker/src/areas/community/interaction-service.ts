// Likes, views and comments on posts a member may see.
import {
  COMMUNITY_KO,
  COMMUNITY_LIMITS,
  type CommunityComment,
  type LikeToggleResponse,
  type ViewResponse,
} from '../../contract/community';
import { iso } from '../../lib/clock';
import { NotFound } from '../../lib/errors';
import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { rawRead } from '../../lib/db';
import type { Db } from '../../lib/env';
import { countHit, hitsUsedRead, rateLimited, refuseOverLimit, underLimit } from '../../lib/rate-limit';
import {
  commentInsert,
  commentQuery,
  listComments,
  newestCommentId,
  recountCommentsIf,
  softDeleteComment,
  type CommentRow,
} from './comments-repo';
import type { PostListRow } from './repo';
import { commentNotification, notifyPostLike, notifyPostUnlike } from '../notifications/producers';
import type { WrittenRow } from '../notifications/repo';
import { maskProfanity } from './profanity';
import { refuseContact } from '../safety/service';
import { addLike, countLikes, hasLiked, recordView, removeLike } from './reactions-repo';
import { postFrom, postRead, visiblePost, writerOf, type Actor, type CommunityContext } from './service';
import { findPostOwnership, postVisibleSql } from './repo';
import { koreanDay } from '../../lib/day';

/** Bounded retries of a toggle whose target state another request reached first. */
const TOGGLE_ATTEMPTS = 10;

/**
 * Flips the member's like. Each attempt is one atomic write: adding succeeds only if no like
 * exists, removing only if one does, so concurrent toggles each flip the state exactly once and
 * the count (recounted in the same batch) always equals the rows.
 */
export async function toggleLike(ctx: CommunityContext, memberId: number, postId: number): Promise<LikeToggleResponse> {
  await visiblePost(ctx, memberId, postId);
  for (let attempt = 0; attempt < TOGGLE_ATTEMPTS; attempt++) {
    const added = await addLike(ctx.db, postId, memberId, iso(ctx.now));
    if (added.changed) {
      await notifyPostLike(ctx, { postId, likerId: memberId });
      return { liked: true, likes: added.likes };
    }
    const removed = await removeLike(ctx.db, postId, memberId);
    if (removed.changed) {
      await notifyPostUnlike(ctx, { postId, likerId: memberId });
      return { liked: false, likes: removed.likes };
    }
  }
  // Another request kept flipping it between our two steps; report what is there now.
  return { liked: await hasLiked(ctx.db, postId, memberId), likes: await countLikes(ctx.db, postId) };
}

/** `visible`: postRead's rows, read with the auth statement (routes.ts onePostOf): 404 unless the post may be seen. */
export async function likeStatus(
  ctx: CommunityContext,
  memberId: number,
  postId: number,
  visible: PostListRow[],
): Promise<boolean> {
  postFrom(visible);
  return hasLiked(ctx.db, postId, memberId);
}

export async function likeCount(ctx: CommunityContext, memberId: number, postId: number): Promise<number> {
  await visiblePost(ctx, memberId, postId);
  return countLikes(ctx.db, postId);
}

export async function viewPost(ctx: CommunityContext, memberId: number, postId: number): Promise<ViewResponse> {
  await visiblePost(ctx, memberId, postId);
  return recordView(ctx.db, postId, memberId, koreanDay(ctx.now));
}

function toComment(row: CommentRow): CommunityComment {
  return { id: row.id, content: row.content, createdAt: row.createdAt, ...writerOf(row) };
}

/** `visible` as for likeStatus. */
export async function postComments(ctx: CommunityContext, memberId: number, postId: number, visible: PostListRow[]) {
  postFrom(visible);
  return (await listComments(ctx.db, postId, memberId, ctx.now)).map(toComment);
}

/** The comment rate limit: comments per window, per member. */
const COMMENT_LIMIT = {
  max: COMMUNITY_LIMITS.commentsPerWindow,
  windowSeconds: COMMUNITY_LIMITS.rateWindowSeconds,
};
const commentLimitKey = (memberId: number) => `community:comment:${memberId}`;

/**
 * addComment's reads, with the auth statement (routes.ts): the post as the member may see it
 * (postRead) and the comments used in the rate window.
 */
export const commentReads = (db: Db, memberId: number, postId: number, now: Date) =>
  [postRead(db, memberId, postId, now), hitsUsedRead(db, commentLimitKey(memberId), COMMENT_LIMIT, now)] as const;

/**
 * `content` is already trimmed and checked by the contract's schema; `first`: commentReads' rows.
 * A hidden post (404), contact details (400) or a spent limit (429) answer from those rows and
 * write nothing. Then one D1 batch: the comment, the post's count, the author's notification and
 * the rate-limit count, each guarded in SQL by the same rule (the post still visible, the limit
 * not reached), so a post hidden or a limit reached meanwhile writes nothing and answers as above;
 * then the comment as the list shows it. Its delivery (live frame, push) is queued after.
 */
export async function addComment(
  ctx: CommunityContext,
  memberId: number,
  postId: number,
  content: string,
  first: readonly [PostListRow[], { used: number }[]],
): Promise<CommunityComment> {
  const [visible, used] = first;
  const post = postFrom(visible);
  refuseContact({ content });
  refuseOverLimit(used, COMMENT_LIMIT, COMMUNITY_KO.tooManyComments);
  const key = commentLimitKey(memberId);
  const stillVisible = postVisibleSql(postId, memberId, ctx.now);
  const guard = sql`(${stillVisible} AND ${underLimit(key, COMMENT_LIMIT, ctx.now)})`;
  const masked = maskProfanity(content);
  const notice = commentNotification(
    ctx,
    { postId, ownerId: post.writerId, commentId: newestCommentId, commenterId: memberId, content: masked },
    guard,
  );
  const statements: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] = [
    rawRead<{ visible: number }>(ctx.db, sql`SELECT ${stillVisible} AS visible`),
    commentInsert(ctx.db, { postId, memberId, content: masked, at: iso(ctx.now) }, guard),
    recountCommentsIf(ctx.db, postId, guard),
    commentQuery(ctx.db, postId, newestCommentId),
    ...(notice ? [notice.write] : []),
    // Last: it changes what the guard answers.
    countHit(ctx.db, key, COMMENT_LIMIT, ctx.now, guard),
  ];
  const results = (await ctx.db.batch(statements)) as unknown[];
  const [stillRows, inserted, , commentRows] = results as [
    { visible: number }[],
    { id: number }[],
    unknown,
    CommentRow[],
  ];
  if (!inserted[0]) {
    if (!stillRows[0]?.visible) throw new NotFound(COMMUNITY_KO.postNotFound, 'POST_NOT_FOUND');
    throw rateLimited(COMMUNITY_KO.tooManyComments);
  }
  const row = commentRows[0];
  if (!row || row.id !== inserted[0].id) throw new NotFound(COMMUNITY_KO.commentNotFound, 'COMMENT_NOT_FOUND');
  if (notice) await notice.announce(results[4] as WrittenRow[]);
  return toComment(row);
}

/** The comment's author (on a post they can see) or an admin; anyone else gets 404. */
export async function deleteComment(
  ctx: CommunityContext,
  actor: Actor,
  postId: number,
  commentId: number,
): Promise<number> {
  if (actor.kind === 'member') await visiblePost(ctx, actor.memberId, postId);
  else if (!(await findPostOwnership(ctx.db, postId))) throw new NotFound(COMMUNITY_KO.postNotFound, 'POST_NOT_FOUND');
  const writerId = actor.kind === 'member' ? actor.memberId : undefined;
  const writer = await softDeleteComment(ctx.db, postId, commentId, iso(ctx.now), writerId);
  if (writer === null) throw new NotFound(COMMUNITY_KO.commentNotFound, 'COMMENT_NOT_FOUND');
  return writer;
}
