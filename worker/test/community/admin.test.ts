import { SELF, env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CommunityPost } from '../../src/contract/community';
import { keyFromImageUrl } from '../../src/areas/media/service';
import { consoleHeaders, makeAdmin, signIn as adminSignIn } from '../admin/helpers';
import { ORIGIN, bearer, pngFile, signUpMember, type SignedInMember } from '../helpers/auth';
import { call, makeComment, makePost, seedPosts } from '../helpers/community';

let cookie: string;
let writer: SignedInMember;

beforeAll(async () => {
  cookie = await adminSignIn(await makeAdmin());
  writer = await signUpMember({ name: '관리대상' });
});

const console_ = (path: string, init: { method?: string } = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, { ...init, headers: { ...consoleHeaders, Cookie: `ongi_admin=${cookie}` } });

const q = (o: Record<string, unknown>) =>
  Object.entries(o)
    .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
    .join('&');

describe('/admin/api/posts', () => {
  it('lists posts for the console with sort, range and Content-Range', async () => {
    await seedPosts(writer.memberId, 4, 'FREE');
    const res = await console_(`/admin/api/posts?${q({ sort: ['id', 'DESC'], range: [0, 2] })}`);
    expect(res.status).toBe(200);
    const rows = await res.json<CommunityPost[]>();
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    expect(res.headers.get('Content-Range')).toMatch(/^posts 0-2\/\d+$/);
    const total = Number(res.headers.get('Content-Range')?.split('/')[1]);
    expect(total).toBeGreaterThanOrEqual(4);
  });

  it('filters by category and by a search text in title, content or writer name', async () => {
    const post = await makePost(writer, { category: 'COURSE', title: '한강 피크닉 코스 100%' });
    const byCategory = await (
      await console_(`/admin/api/posts?${q({ filter: { category: 'COURSE' } })}`)
    ).json<CommunityPost[]>();
    expect(byCategory.every((p) => p.category === 'COURSE')).toBe(true);
    const byText = await (
      await console_(`/admin/api/posts?${q({ filter: { q: '피크닉 코스 100%' } })}`)
    ).json<CommunityPost[]>();
    expect(byText.map((p) => p.id)).toEqual([post.id]);
    const literal = await (await console_(`/admin/api/posts?${q({ filter: { q: '100_' } })}`)).json<CommunityPost[]>();
    expect(literal).toEqual([]);
    const byName = await (
      await console_(`/admin/api/posts?${q({ filter: { q: '관리대상' } })}`)
    ).json<CommunityPost[]>();
    expect(byName.length).toBeGreaterThan(0);
  });

  it("shows one post and deletes any member's post with its picture", async () => {
    const post = await makePost(writer, {}, await pngFile());
    const one = await console_(`/admin/api/posts/${post.id}`);
    expect((await one.json<CommunityPost>()).id).toBe(post.id);
    const del = await console_(`/admin/api/posts/${post.id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect((await del.json<CommunityPost>()).id).toBe(post.id);
    expect((await call(writer, `/api/on/community/posts/${post.id}`)).status).toBe(404);
    const key = post.imageUrl ? keyFromImageUrl(post.imageUrl) : null;
    expect(key && (await env.MEDIA.head(key))).toBeNull();
    expect((await console_(`/admin/api/posts/${post.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it("deletes any member's comment", async () => {
    const post = await makePost(writer);
    const comment = await makeComment(writer, post.id, '관리자가 지울 댓글');
    const del = await console_(`/admin/api/posts/${post.id}/comments/${comment.id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    const list = await (await call(writer, `/api/on/community/posts/${post.id}/comments`)).json<{ id: number }[]>();
    expect(list.map((c) => c.id)).not.toContain(comment.id);
  });

  it('refuses a member token, no session, and a delete without the console header', async () => {
    const [id = 0] = await seedPosts(writer.memberId, 1);
    const asMember = await SELF.fetch(`${ORIGIN}/admin/api/posts`, { headers: bearer(writer.accessToken) });
    expect(asMember.status).toBe(401);
    const memberDelete = await SELF.fetch(`${ORIGIN}/admin/api/posts/${id}`, {
      method: 'DELETE',
      headers: { ...consoleHeaders, ...bearer(writer.accessToken) },
    });
    expect(memberDelete.status).toBe(401);
    const noHeader = await SELF.fetch(`${ORIGIN}/admin/api/posts/${id}`, {
      method: 'DELETE',
      headers: { Cookie: `ongi_admin=${cookie}` },
    });
    expect(noHeader.status).toBe(403);
    expect((await call(writer, `/api/on/community/posts/${id}`)).status).toBe(200);
  });
});
