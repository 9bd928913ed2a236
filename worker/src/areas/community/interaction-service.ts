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
import { hit } from '../../lib/rate-limit';
import { findComment, insertComment, listComments, softDeleteComment, type CommentRow } from './comments-repo';
import type { PostListRow } from './repo';
import { notifyComment, notifyPostLike, notifyPostUnlike } from '../notifications/producers';
import { maskProfanity } from './profanity';
import { refuseContact } from '../safety/service';
import { addLike, countLikes, hasLiked, recordView, removeLike } from './reactions-repo';
import { postFrom, visiblePost, writerOf, type Actor, type CommunityContext } from './service';
import { findPostOwnership } from './repo';
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

/** `content` is already trimmed and checked by the contract's schema. */
export async function addComment(
  ctx: CommunityContext,
  memberId: number,
  postId: number,
  content: string,
): Promise<CommunityComment> {
  await visiblePost(ctx, memberId, postId);
  refuseContact({ content });
  await hit(
    ctx.db,
    `community:comment:${memberId}`,
    { max: COMMUNITY_LIMITS.commentsPerWindow, windowSeconds: COMMUNITY_LIMITS.rateWindowSeconds },
    ctx.now,
    COMMUNITY_KO.tooManyComments,
  );
  const id = await insertComment(ctx.db, { postId, memberId, content: maskProfanity(content), at: iso(ctx.now) });
  const row = await findComment(ctx.db, postId, id);
  if (!row) throw new NotFound(COMMUNITY_KO.commentNotFound, 'COMMENT_NOT_FOUND');
  await notifyComment(ctx, { postId, commentId: id, commenterId: memberId, content: row.content });
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
