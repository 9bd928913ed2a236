// The console's posts resource (api-extensions `/admin/api/posts`, ra-data-simple-rest):
// list with sort/range/filter and Content-Range, one post, delete any post (and any comment).
import { Hono, type Context } from 'hono';
import {
  ADMIN_POST_SORT_FIELDS,
  COMMUNITY_KO,
  adminPostFilter,
  type AdminPostSortField,
  type CommunityPost,
} from '../../contract/community';
import { requireAdmin } from '../../lib/admin-auth';
import type { AppEnv } from '../../lib/env';
import { NotFound } from '../../lib/errors';
import { parseWith } from '../../lib/validation';
import { parseListQuery, setContentRange } from '../admin/list-query';
import { idParam, noStore } from '../../lib/params';
import { adminListPosts } from './admin-repo';
import { deleteComment } from './interaction-service';
import { findVisiblePost } from './repo';
import { communityContext } from './routes';
import { deleteCommunityPost, toPost } from './service';
import { auditConsoleAction } from '../audit/service';

export const communityAdminRoutes = new Hono<AppEnv>();

const DEFAULT_PAGE = 25;
const isSortField = (f: string): f is AdminPostSortField => (ADMIN_POST_SORT_FIELDS as readonly string[]).includes(f);
const postId = (c: Context<AppEnv>) =>
  idParam(c, 'id', () => new NotFound(COMMUNITY_KO.postNotFound, 'POST_NOT_FOUND'));

async function onePost(c: Context<AppEnv>, id: number): Promise<CommunityPost> {
  const row = await findVisiblePost(c.get('db'), id);
  if (!row) throw new NotFound(COMMUNITY_KO.postNotFound, 'POST_NOT_FOUND');
  return toPost(row);
}

communityAdminRoutes.get('/admin/api/posts', requireAdmin, async (c) => {
  const list = parseListQuery(c);
  const filter = parseWith(adminPostFilter, list.filter);
  const start = list.range?.start ?? 0;
  const limit = list.range ? list.range.end - start + 1 : DEFAULT_PAGE;
  const { rows, total } = await adminListPosts(c.get('db'), {
    category: filter.category,
    q: filter.q || undefined,
    sort: list.sort && isSortField(list.sort.field) ? list.sort.field : 'id',
    order: list.sort?.order ?? 'DESC',
    offset: start,
    limit,
  });
  setContentRange(c, 'posts', start, rows.length, total);
  return c.json<CommunityPost[]>(rows.map(toPost));
});

communityAdminRoutes.get('/admin/api/posts/:id', requireAdmin, async (c) => {
  noStore(c);
  return c.json<CommunityPost>(await onePost(c, postId(c)));
});

/** Answers the deleted post, as ra-data-simple-rest's delete expects the record back. */
communityAdminRoutes.delete('/admin/api/posts/:id', requireAdmin, async (c) => {
  const id = postId(c);
  const post = await onePost(c, id);
  const authorId = await deleteCommunityPost(communityContext(c), { kind: 'admin', adminId: c.get('adminId') }, id);
  await auditConsoleAction(c, { action: 'POST_REMOVED', memberId: authorId, subjectType: 'post', subjectId: id });
  noStore(c);
  return c.json<CommunityPost>(post);
});

communityAdminRoutes.delete('/admin/api/posts/:id/comments/:commentId', requireAdmin, async (c) => {
  const commentId = idParam(c, 'commentId', () => new NotFound(COMMUNITY_KO.commentNotFound, 'COMMENT_NOT_FOUND'));
  const post = postId(c);
  const writerId = await deleteComment(
    communityContext(c),
    { kind: 'admin', adminId: c.get('adminId') },
    post,
    commentId,
  );
  await auditConsoleAction(c, {
    action: 'POST_REMOVED',
    memberId: writerId,
    subjectType: 'comment',
    subjectId: commentId,
    detail: { postId: post },
  });
  noStore(c);
  return c.json({ id: commentId });
});
