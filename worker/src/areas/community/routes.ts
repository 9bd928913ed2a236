// Community endpoints (api-contract "Community"). Member bearer (the member comes from the token);
// deletes also take an admin's console session.
import { Hono, type Context } from 'hono';
import {
  COMMUNITY_KO,
  commentContent,
  postListQuery,
  postRequest,
  type CommunityComment,
  type CommunityPost,
  type LikeToggleResponse,
  type PostRequest,
  type ViewResponse,
} from '../../contract/community';
import { LIMITS } from '../../contract/limits';
import { VALIDATION_KO } from '../../contract/messages';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { Invalid } from '../../lib/errors';
import { requireMember, requireMemberAnd } from '../members/member-auth';
import { memberOrAdmin, requireMemberOrAdmin } from '../members/member-or-admin-auth';
import { parseJsonText, parseWith } from '../../lib/validation';
import {
  addComment,
  commentReads,
  deleteComment,
  likeCount,
  likeStatus,
  postComments,
  toggleLike,
  viewPost,
} from './interaction-service';
import {
  createCommunityPost,
  deleteCommunityPost,
  postFrom,
  postHitsRead,
  postListRead,
  postRead,
  postsFrom,
  updateCommunityPost,
  type CommunityContext,
} from './service';
import { auditConsoleAction } from '../audit/service';

export const communityRoutes = new Hono<AppEnv>();

const BASE = '/api/on/community';
const ID = '{[0-9]{1,15}}';

export function communityContext(c: Context<AppEnv>): CommunityContext {
  return { db: c.get('db'), media: c.env.MEDIA, now: nowDate(c.env), env: c.env };
}

const idParam = (c: Context<AppEnv>, name: string): number => Number(c.req.param(name));

// The feed and one post: their read goes in the same D1 round trip as the auth statement.
const postList = requireMemberAnd(
  (c, db, memberId) => [postListRead(db, memberId, parseWith(postListQuery, c.req.query()), nowDate(c.env))] as const,
);
const POST_LIST_PATH = new RegExp(`^${BASE}/posts$`);
const onePost = requireMemberAnd(
  (c, db, memberId) =>
    [postRead(db, memberId, Number(c.req.path.slice(`${BASE}/posts/`.length)), nowDate(c.env))] as const,
);
const ONE_POST_PATH = new RegExp(`^${BASE}/posts/[0-9]{1,15}$`);
// A post's like state and its comments: the post's visibility read with the auth statement too
// (then the route's own read: two round trips where there were three).
const POST_PART_PATH = new RegExp(`^${BASE}/(?:([0-9]{1,15})/like/status|posts/([0-9]{1,15})/comments)$`);
const postIdOfPart = (path: string): number => {
  const m = POST_PART_PATH.exec(path);
  return Number(m?.[1] ?? m?.[2]);
};
const onePostOf = requireMemberAnd(
  (c, db, memberId) => [postRead(db, memberId, postIdOfPart(c.req.path), nowDate(c.env))] as const,
);

// Writing a post or a comment: the rate limit's count (and for a comment the post's visibility)
// read with the auth statement, then the writes in one batch (two round trips).
const newPost = requireMemberAnd((c, db, memberId) => [postHitsRead(db, memberId, nowDate(c.env))] as const);
const COMMENTS_PATH = new RegExp(`^${BASE}/posts/([0-9]{1,15})/comments$`);
const newComment = requireMemberAnd((c, db, memberId) =>
  commentReads(db, memberId, Number(COMMENTS_PATH.exec(c.req.path)?.[1]), nowDate(c.env)),
);

// Deleting a post or a comment is for its author or an admin (the console's session); the rest is
// members'. Every path here passes exactly one of these checks; the two reads above are members'
// checks too, with the route's read in the same batch.
communityRoutes.use(`${BASE}/*`, (c, next) => {
  const method = c.req.method;
  if (method === 'DELETE') return requireMemberOrAdmin(c, next);
  if (method === 'GET' || method === 'HEAD') {
    if (POST_LIST_PATH.test(c.req.path)) return postList.middleware(c, next);
    if (ONE_POST_PATH.test(c.req.path)) return onePost.middleware(c, next);
    if (POST_PART_PATH.test(c.req.path)) return onePostOf.middleware(c, next);
  }
  if (method === 'POST') {
    if (POST_LIST_PATH.test(c.req.path)) return newPost.middleware(c, next);
    if (COMMENTS_PATH.test(c.req.path)) return newComment.middleware(c, next);
  }
  return requireMember(c, next);
});

communityRoutes.get(`${BASE}/posts`, (c) => {
  const [rows] = postList.rows(c);
  return c.json<CommunityPost[]>(postsFrom(rows));
});

communityRoutes.get(`${BASE}/posts/:id${ID}`, (c) => {
  const [rows] = onePost.rows(c);
  return c.json<CommunityPost>(postFrom(rows));
});

communityRoutes.post(`${BASE}/posts`, async (c) => {
  const { request, image } = await readPostForm(c);
  const [used] = newPost.rows(c);
  return c.json<CommunityPost>(await createCommunityPost(communityContext(c), c.get('memberId'), request, image, used));
});

communityRoutes.put(`${BASE}/posts/:id${ID}`, async (c) => {
  const { request, image } = await readPostForm(c);
  const post = await updateCommunityPost(communityContext(c), c.get('memberId'), idParam(c, 'id'), request, image);
  return c.json<CommunityPost>(post);
});

communityRoutes.delete(`${BASE}/posts/:id${ID}`, async (c) => {
  const postId = idParam(c, 'id');
  const authorId = await deleteCommunityPost(communityContext(c), memberOrAdmin(c), postId);
  await auditConsoleAction(c, { action: 'POST_REMOVED', memberId: authorId, subjectType: 'post', subjectId: postId });
  return c.json({});
});

communityRoutes.post(`${BASE}/:id${ID}/view`, async (c) =>
  c.json<ViewResponse>(await viewPost(communityContext(c), c.get('memberId'), idParam(c, 'id'))),
);

communityRoutes.post(`${BASE}/:id${ID}/like`, async (c) =>
  c.json<LikeToggleResponse>(await toggleLike(communityContext(c), c.get('memberId'), idParam(c, 'id'))),
);

communityRoutes.get(`${BASE}/:id${ID}/like/status`, async (c) =>
  c.json<boolean>(await likeStatus(communityContext(c), c.get('memberId'), idParam(c, 'id'), onePostOf.rows(c)[0])),
);

communityRoutes.get(`${BASE}/:id${ID}/like/count`, async (c) =>
  c.json<number>(await likeCount(communityContext(c), c.get('memberId'), idParam(c, 'id'))),
);

communityRoutes.get(`${BASE}/posts/:id${ID}/comments`, async (c) =>
  c.json<CommunityComment[]>(
    await postComments(communityContext(c), c.get('memberId'), idParam(c, 'id'), onePostOf.rows(c)[0]),
  ),
);

communityRoutes.post(`${BASE}/posts/:id${ID}/comments`, async (c) => {
  const content = parseWith(commentContent, await commentText(c), 'COMMENT_INVALID');
  const comment = await addComment(
    communityContext(c),
    c.get('memberId'),
    idParam(c, 'id'),
    content,
    newComment.rows(c),
  );
  return c.json<CommunityComment>(comment);
});

communityRoutes.delete(`${BASE}/posts/:id${ID}/comments/:commentId${ID}`, async (c) => {
  const [postId, commentId] = [idParam(c, 'id'), idParam(c, 'commentId')];
  const writerId = await deleteComment(communityContext(c), memberOrAdmin(c), postId, commentId);
  await auditConsoleAction(c, {
    action: 'POST_REMOVED',
    memberId: writerId,
    subjectType: 'comment',
    subjectId: commentId,
    detail: { postId },
  });
  return c.json({});
});

/**
 * The comment body is plain text (docs/product-spec.md §7). A JSON string or `{ "content": … }` is accepted too,
 * for clients that cannot send text/plain.
 */
async function commentText(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (!(c.req.header('Content-Type') ?? '').includes('application/json')) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'content' in parsed) return parsed.content;
    return parsed;
  } catch {
    return text;
  }
}

const formInvalid = (message: string, field: string) => new Invalid(message, { [field]: message }, 'INVALID_FORM');

/** The multipart post: a `request` JSON part (text or a JSON blob) and at most one `image` file. */
async function readPostForm(c: Context<AppEnv>): Promise<{ request: PostRequest; image: Blob | null }> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw formInvalid(COMMUNITY_KO.requestMissing, 'request');
  }
  const part = form.get('request');
  const text = typeof part === 'string' ? part : part ? await part.text() : undefined;
  if (text === undefined) throw formInvalid(COMMUNITY_KO.requestMissing, 'request');
  const raw = parseJsonText(text, () => formInvalid(COMMUNITY_KO.requestMissing, 'request'));
  const request = parseWith(postRequest, raw);
  const images: File[] = [];
  for (const entry of form.getAll('image')) {
    if (typeof entry === 'string') {
      if (entry === '') continue;
      throw formInvalid(VALIDATION_KO.imageOnly, 'image');
    }
    // An empty file input still sends a nameless, empty part.
    if (entry.size === 0) continue;
    images.push(entry);
  }
  if (images.length > LIMITS.postImages) throw formInvalid(COMMUNITY_KO.oneImageOnly, 'image');
  return { request, image: images[0] ?? null };
}
