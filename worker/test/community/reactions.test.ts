import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CommunityPost, LikeToggleResponse, ViewResponse } from '../../src/contract/community';
import { signUpMember, type SignedInMember } from '../helpers/auth';
import { call, clockedApp, getJson, likeRows, makePost, seedPosts } from '../helpers/community';

let writer: SignedInMember;

beforeAll(async () => {
  writer = await signUpMember({ name: '한지우' });
});

const toggle = async (m: SignedInMember, postId: number) => {
  const res = await call(m, `/api/on/community/${postId}/like`, { method: 'POST' });
  expect(res.status).toBe(200);
  return res.json<LikeToggleResponse>();
};
const status = (m: SignedInMember, id: number) => getJson<boolean>(m, `/api/on/community/${id}/like/status`);
const count = (m: SignedInMember, id: number) => getJson<number>(m, `/api/on/community/${id}/like/count`);

describe('likes', () => {
  it('toggles on and off with the live count, and reports status and count as bare values', async () => {
    const post = await makePost(writer);
    const fan = await signUpMember();
    expect(await status(fan, post.id)).toBe(false);
    expect(await toggle(fan, post.id)).toEqual({ liked: true, likes: 1 });
    expect(await status(fan, post.id)).toBe(true);
    expect(await count(fan, post.id)).toBe(1);
    expect(await toggle(fan, post.id)).toEqual({ liked: false, likes: 0 });
    expect(await toggle(fan, post.id)).toEqual({ liked: true, likes: 1 });
    const shown = await getJson<CommunityPost>(fan, `/api/on/community/posts/${post.id}`);
    expect(shown.likes).toBe(1);
  });

  it('counts exactly one like per member when many members like at once', async () => {
    const post = await makePost(writer);
    const fans = await Promise.all(Array.from({ length: 8 }, () => signUpMember()));
    const answers = await Promise.all(fans.map((f) => toggle(f, post.id)));
    expect(answers.every((a) => a.liked)).toBe(true);
    expect(await likeRows(post.id)).toBe(8);
    expect(await count(writer, post.id)).toBe(8);
    expect((await getJson<CommunityPost>(writer, `/api/on/community/posts/${post.id}`)).likes).toBe(8);
    // Half of them change their mind at the same time.
    await Promise.all(fans.slice(0, 4).map((f) => toggle(f, post.id)));
    expect(await likeRows(post.id)).toBe(4);
    expect((await getJson<CommunityPost>(writer, `/api/on/community/posts/${post.id}`)).likes).toBe(4);
  });

  it('flips exactly once per call when one member toggles many times at once', async () => {
    const post = await makePost(writer);
    const fan = await signUpMember();
    const odd = await Promise.all(Array.from({ length: 7 }, () => toggle(fan, post.id)));
    expect(odd.filter((a) => a.liked)).toHaveLength(4);
    expect(await status(fan, post.id)).toBe(true);
    expect(await likeRows(post.id)).toBe(1);
    await Promise.all(Array.from({ length: 5 }, () => toggle(fan, post.id)));
    expect(await status(fan, post.id)).toBe(false);
    expect(await likeRows(post.id)).toBe(0);
    expect((await getJson<CommunityPost>(fan, `/api/on/community/posts/${post.id}`)).likes).toBe(0);
  });

  it('answers 404 for a post that does not exist', async () => {
    expect((await call(writer, '/api/on/community/999999/like', { method: 'POST' })).status).toBe(404);
    expect((await call(writer, '/api/on/community/999999/like/status')).status).toBe(404);
  });
});

describe('views', () => {
  const view = async (app: ReturnType<typeof clockedApp>, memberId: number, postId: number) => {
    const res = await app.fetchAt(memberId, `/api/on/community/${postId}/view`, { method: 'POST' });
    expect(res.status).toBe(200);
    return res.json<ViewResponse>();
  };

  it('counts a member once per post per Korean day, and again on the next day', async () => {
    const post = await makePost(writer);
    const reader = await signUpMember();
    // 23:30 and 23:50 on 3 March in Korea are the same day; 00:10 is 4 March.
    const lateEvening = clockedApp('2026-03-03T14:30:00.000Z');
    const sameNight = clockedApp('2026-03-03T14:50:00.000Z');
    const nextMorning = clockedApp('2026-03-03T15:10:00.000Z');
    expect(await view(lateEvening, reader.memberId, post.id)).toEqual({ counted: true, views: 1 });
    expect(await view(lateEvening, reader.memberId, post.id)).toEqual({ counted: false, views: 1 });
    expect(await view(sameNight, reader.memberId, post.id)).toEqual({ counted: false, views: 1 });
    expect(await view(sameNight, writer.memberId, post.id)).toEqual({ counted: true, views: 2 });
    expect(await view(nextMorning, reader.memberId, post.id)).toEqual({ counted: true, views: 3 });
    expect((await getJson<CommunityPost>(reader, `/api/on/community/posts/${post.id}`)).views).toBe(3);
  });

  it('adds to the views a post already had and counts concurrent opens once', async () => {
    const [id = 0] = await seedPosts(writer.memberId, 1);
    await env.DB.prepare('UPDATE community_posts SET views = 40 WHERE id = ?').bind(id).run();
    const reader = await signUpMember();
    const app = clockedApp('2026-03-05T03:00:00.000Z');
    const answers = await Promise.all(Array.from({ length: 5 }, () => view(app, reader.memberId, id)));
    expect(answers.filter((a) => a.counted)).toHaveLength(1);
    expect((await getJson<CommunityPost>(reader, `/api/on/community/posts/${id}`)).views).toBe(41);
  });
});
