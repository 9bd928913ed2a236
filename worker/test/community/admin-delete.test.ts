// The contract's "author or admin" on the member paths: DELETE /api/on/community/posts/{id} and its
// comments' delete take a signed-in admin's console session (cookie + CSRF header, as /admin/*).
import { SELF, env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { keyFromImageUrl } from '../../src/areas/media/service';
import { consoleHeaders, makeAdmin, signIn as adminSignIn } from '../admin/helpers';
import { ORIGIN, pngFile, signUpMember, type SignedInMember } from '../helpers/auth';
import { call, makeComment, makePost, seedPosts, type ErrorBody } from '../helpers/community';

let cookie: string;
let writer: SignedInMember;
let stranger: SignedInMember;

beforeAll(async () => {
  cookie = await adminSignIn(await makeAdmin());
  writer = await signUpMember({ name: '글쓴이' });
  stranger = await signUpMember({ name: '지나가는회원' });
});

const asAdmin = (path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, {
    method: 'DELETE',
    headers: { ...consoleHeaders, Cookie: `ongi_admin=${cookie}`, ...headers },
  });

/** Straight into D1: the create call's rate limit is not what these tests are about. */
async function seededPost(): Promise<{ id: number }> {
  const [id] = await seedPosts(writer.memberId, 1);
  if (id === undefined) throw new Error('no post seeded');
  return { id };
}

const postPath = (id: number) => `/api/on/community/posts/${id}`;
const commentsOf = async (postId: number) =>
  (await (await call(writer, `${postPath(postId)}/comments`)).json<{ id: number }[]>()).map((c) => c.id);

describe('DELETE /api/on/community/posts/{id} and comments: author or admin', () => {
  it("lets an admin's console session delete any member's post, picture included", async () => {
    const post = await makePost(writer, {}, await pngFile());
    const res = await asAdmin(postPath(post.id));
    expect(res.status).toBe(200);
    expect((await call(writer, postPath(post.id))).status).toBe(404);
    const key = post.imageUrl ? keyFromImageUrl(post.imageUrl) : null;
    expect(key && (await env.MEDIA.head(key))).toBeNull();
    expect((await asAdmin(postPath(post.id))).status).toBe(404);
  });

  it("lets an admin's console session delete any member's comment", async () => {
    const post = await seededPost();
    const comment = await makeComment(writer, post.id, '관리자가 지울 댓글이에요');
    const res = await asAdmin(`${postPath(post.id)}/comments/${comment.id}`);
    expect(res.status).toBe(200);
    expect(await commentsOf(post.id)).not.toContain(comment.id);
  });

  it('answers a member who is neither author nor admin as if the post or comment were not there', async () => {
    const post = await seededPost();
    const comment = await makeComment(writer, post.id, '남이 지우면 안 되는 댓글');
    const del = await call(stranger, postPath(post.id), { method: 'DELETE' });
    expect(del.status).toBe(404);
    expect((await del.json<ErrorBody>()).code).toBe('POST_NOT_FOUND');
    // The console's header without an admin session gives a member nothing more.
    const withHeader = await call(stranger, postPath(post.id), { method: 'DELETE', headers: consoleHeaders });
    expect(withHeader.status).toBe(404);
    const delComment = await call(stranger, `${postPath(post.id)}/comments/${comment.id}`, { method: 'DELETE' });
    expect(delComment.status).toBe(404);
    expect((await call(writer, postPath(post.id))).status).toBe(200);
    expect(await commentsOf(post.id)).toContain(comment.id);
  });

  it('keeps the admin CSRF rules: a cross-site call is refused, a cookie alone is no admin call', async () => {
    const post = await seededPost();
    const crossSite = await asAdmin(postPath(post.id), {
      Origin: 'https://evil.example',
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);
    const cookieOnly = await SELF.fetch(`${ORIGIN}${postPath(post.id)}`, {
      method: 'DELETE',
      headers: { Cookie: `ongi_admin=${cookie}` },
    });
    expect(cookieOnly.status).toBe(401);
    const staleSession = await SELF.fetch(`${ORIGIN}${postPath(post.id)}`, {
      method: 'DELETE',
      headers: { ...consoleHeaders, Cookie: 'ongi_admin=not-a-live-session' },
    });
    expect(staleSession.status).toBe(401);
    expect((await call(writer, postPath(post.id))).status).toBe(200);
  });

  it('gives an admin session nothing but deletes on the member paths', async () => {
    const post = await seededPost();
    const read = await SELF.fetch(`${ORIGIN}${postPath(post.id)}`, {
      headers: { ...consoleHeaders, Cookie: `ongi_admin=${cookie}` },
    });
    expect(read.status).toBe(401);
  });
});
