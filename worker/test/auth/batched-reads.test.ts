// requireMemberAnd (docs/performance.md, API overhead): a member GET's first reads go in the same
// D1 batch as the auth statement — one round trip where there were two. The member checks still
// decide first: a banned member gets 403 MEMBER_BANNED and a withdrawn one 401 MEMBER_GONE on
// every such route, whatever the route itself would have answered (its rows are dropped).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import * as schema from '../../src/db/schema';
import { wrapD1 } from '../../src/lib/d1';
import { signAccessToken } from '../../src/lib/tokens';
import { db, seedCandidate, seedMember } from '../helpers/matching';
import { COMMUNITY_KO, COMMUNITY_LIMITS } from '../../src/contract/community';
import { REPORT_KO } from '../../src/contract/reports';
import { addComment } from '../../src/areas/community/interaction-service';
import { findVisiblePost } from '../../src/areas/community/repo';
import { REPORT_LIMIT } from '../../src/areas/reports/service';
import { makeDb } from '../../src/lib/db';

const NOW = '2031-05-06T03:00:00.000Z';

/** The D1 binding, counting round trips: each batch, and each statement run on its own (sessions' too). */
function countingDb(): { db: D1Database; trips: () => number } {
  let trips = 0;
  const counted = wrapD1(env.DB, () => {
    trips += 1;
  });
  return { db: counted, trips: () => trips };
}

/** GET `path` as `memberId` at NOW through a fresh app on `d1`; waits for the work after the response. */
async function get(memberId: number, path: string, d1: D1Database = env.DB): Promise<Response> {
  const token = await signAccessToken(env, memberId, new Date(NOW));
  const ctx = createExecutionContext();
  const res = await buildApp().fetch(
    new Request(`http://localhost${path}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    }),
    { ...env, DB: d1, FIXED_NOW: NOW },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

let viewer: number;
let other: number;
let postId: number;
let roomId: number;
let partner: number;
let matchingId: number;
let routes: { path: string; trips: number }[];

beforeAll(async () => {
  // Active just now: no activity stamp is written after these calls.
  viewer = await seedMember({ lastActiveAt: NOW });
  other = await seedCandidate({ lastActiveAt: NOW });
  await db().insert(schema.hearts).values({ memberId: viewer, targetId: other, createdAt: NOW });
  const [post] = await db()
    .insert(schema.communityPosts)
    .values({ memberId: other, category: 'FREE', title: '한 번에 읽기', content: '배치로 읽어요.' })
    .returning({ id: schema.communityPosts.id });
  postId = post!.id;
  // A room with a third member (in a room, so never a card): the chat list reads it with the auth statement too.
  partner = await seedCandidate({ lastActiveAt: NOW });
  const [request] = await db()
    .insert(schema.chatRequests)
    .values({ requesterId: partner, targetId: viewer, status: 'ACCEPTED', answeredAt: NOW })
    .returning({ id: schema.chatRequests.id });
  const [room] = await db()
    .insert(schema.chatRooms)
    .values({
      requestId: request!.id,
      memberA: partner,
      memberB: viewer,
      createdAt: NOW,
      lastMessage: '안녕하세요',
      lastMessageAt: NOW,
      lastSenderId: partner,
      messageCount: 1,
    })
    .returning({ id: schema.chatRooms.id });
  roomId = room!.id;
  matchingId = request!.id;
  await db()
    .insert(schema.chatRoomMembers)
    .values([
      { roomId, memberId: viewer, opponentId: partner, unreadCount: 1 },
      { roomId, memberId: partner, opponentId: viewer, unreadCount: 0 },
    ]);
  // The first recommend call of the day ranks and stores the list; the calls below read it.
  expect((await get(viewer, '/api/on/matching/recommend?page=0')).status).toBe(200);
  routes = [
    { path: '/api/on/mypage/profile', trips: 1 },
    { path: '/api/on/mypage/profile-likes?page=0&size=24', trips: 1 },
    { path: `/api/on/profile/modal/${other}`, trips: 1 },
    { path: '/api/on/community/posts?category=FREE&size=20', trips: 1 },
    { path: `/api/on/community/posts/${postId}`, trips: 1 },
    { path: '/api/on/chat-rooms', trips: 1 },
    // The stored list's page: auth + my row + the list, then the page's cards.
    { path: '/api/on/matching/recommend?page=0', trips: 2 },
    // The deck at the status's page in one call: the status's reads with the auth statement, then the page.
    { path: '/api/on/matching/recommend?page=resume', trips: 2 },
    // A post's like state and comments: auth + the post's visibility, then the route's own read.
    { path: `/api/on/community/${postId}/like/status`, trips: 2 },
    { path: `/api/on/community/posts/${postId}/comments`, trips: 2 },
    // The home page's popular profiles: auth + the top hearts, then the 가치관 answers that score them.
    { path: '/api/on/matching/popular', trips: 2 },
    // The notifications page: one member check, then the list.
    { path: '/api/on/notifications', trips: 2 },
    // Random matching's first call: auth + my row + the list + the last page saved since (bench/latency).
    { path: '/api/on/matching/status', trips: 1 },
  ];
});

describe('member GETs read with the auth statement', () => {
  it('answers a signed-in member in one round trip with the route’s own data', async () => {
    for (const route of routes) {
      const { db: counted, trips } = countingDb();
      const res = await get(viewer, route.path, counted);
      expect(res.status, route.path).toBe(200);
      expect(trips(), route.path).toBe(route.trips);
    }
    const likes = await (
      await get(viewer, '/api/on/mypage/profile-likes?page=0&size=24')
    ).json<{
      content: { memberId: number }[];
    }>();
    expect(likes.content.map((l) => l.memberId)).toEqual([other]);
    const modal = await (
      await get(viewer, `/api/on/profile/modal/${other}`)
    ).json<{ memberId: number; hearted: boolean }>();
    expect(modal).toMatchObject({ memberId: other, hearted: true });
    // Every column in its place (batched rows come back keyed by column name: no two may share one).
    const post = await (await get(viewer, `/api/on/community/posts/${postId}`)).json<Record<string, unknown>>();
    expect(post).toMatchObject({
      id: postId,
      category: 'FREE',
      title: '한 번에 읽기',
      content: '배치로 읽어요.',
      views: 0,
      likes: 0,
      commentsCount: 0,
      imageUrl: null,
      writerId: other,
    });
    expect(post.writerProfileImageUrl).toEqual(expect.stringContaining('/media/'));
    const feed = await (
      await get(viewer, '/api/on/community/posts?category=FREE&size=20')
    ).json<Record<string, unknown>[]>();
    expect(feed.find((p) => p.id === postId)).toEqual(post);
    const rooms = await (await get(viewer, '/api/on/chat-rooms')).json<Record<string, unknown>[]>();
    expect(rooms).toEqual([
      expect.objectContaining({
        chatRoomId: roomId,
        matchingId,
        opponentId: partner,
        lastMessage: '안녕하세요',
        lastMessageAt: NOW,
        messageCount: 1,
        createdAt: NOW,
        closedReason: null,
        unreadMessageCount: 1,
      }),
    ]);
    const cards = await (await get(viewer, '/api/on/matching/recommend?page=0')).json<{ memberId: number }[]>();
    expect(cards.map((c) => c.memberId)).toContain(other);
  });

  it('gives a banned member 403 MEMBER_BANNED on each, the route’s rows dropped', async () => {
    const banned = await seedMember({ lastActiveAt: NOW, status: 'BANNED', bannedUntil: null });
    for (const route of routes) {
      const res = await get(banned, route.path);
      expect(res.status, route.path).toBe(403);
      expect((await res.json<{ code: string }>()).code, route.path).toBe('MEMBER_BANNED');
    }
  });

  it('gives a withdrawn member 401 MEMBER_GONE on each', async () => {
    const gone = await seedMember({ lastActiveAt: NOW, deletedAt: NOW });
    for (const route of routes) {
      const res = await get(gone, route.path);
      expect(res.status, route.path).toBe(401);
      expect((await res.json<{ code: string }>()).code, route.path).toBe('MEMBER_GONE');
    }
  });

  it('checks the member before the route’s own input: a bad query or id is the ban’s 403 first', async () => {
    const banned = await seedMember({ lastActiveAt: NOW, status: 'BANNED', bannedUntil: null });
    const bad = [
      '/api/on/mypage/profile-likes?page=0&size=abc',
      '/api/on/profile/modal/abc',
      '/api/on/community/posts?size=-3',
    ];
    for (const path of bad) {
      expect((await get(banned, path)).status, path).toBe(403);
      expect([400, 404], path).toContain((await get(viewer, path)).status);
    }
  });

  it('lifts a ban on the next call (nothing about the member is kept between requests)', async () => {
    const member = await seedMember({ lastActiveAt: NOW });
    const path = '/api/on/mypage/profile';
    expect((await get(member, path)).status).toBe(200);
    await env.DB.prepare("UPDATE members SET status = 'BANNED' WHERE id = ?").bind(member).run();
    expect((await get(member, path)).status).toBe(403);
    await env.DB.prepare("UPDATE members SET status = 'ACTIVE' WHERE id = ?").bind(member).run();
    expect((await get(member, path)).status).toBe(200);
  });
});

/** `method` `path` (JSON `body`) as the viewer through a counting binding: the status and the round trips before the answer. */
async function countedWrite(method: string, path: string, body?: unknown): Promise<{ status: number; trips: number }> {
  const { db: counted, trips } = countingDb();
  const token = await signAccessToken(env, viewer, new Date(NOW));
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await buildApp().fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { ...env, DB: counted, FIXED_NOW: NOW },
    ctx,
  );
  const answered = trips();
  await waitOnExecutionContext(ctx);
  return { status: res.status, trips: answered };
}

describe('writes cut to two round trips (bench/latency)', () => {
  it('saves my interests and answers them as stored in one batch after the member check', async () => {
    expect(await countedWrite('PUT', '/api/on/mypage/interests', { interests: ['여행', '독서'] })).toEqual({
      status: 200,
      trips: 2,
    });
  });

  it('takes a heart back in one batch after the member check, and 404s an unknown member', async () => {
    expect(await countedWrite('DELETE', `/api/on/heart/${other}`)).toEqual({ status: 200, trips: 2 });
    expect((await countedWrite('DELETE', '/api/on/heart/999999999')).status).toBe(404);
    await db().insert(schema.hearts).values({ memberId: viewer, targetId: other, createdAt: NOW });
  });

  it('marks notifications read and answers the unread count in one batch after the member check', async () => {
    const { db: counted, trips } = countingDb();
    const token = await signAccessToken(env, viewer, new Date(NOW));
    const ctx = createExecutionContext();
    const res = await buildApp().fetch(
      new Request('http://localhost/api/on/notifications/read', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ all: true }),
      }),
      { ...env, DB: counted, FIXED_NOW: NOW },
      ctx,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: 0 });
    // Counted before the work left for after the answer (the live channel's count).
    expect(trips()).toBe(2);
    await waitOnExecutionContext(ctx);
  });
});

describe('member writes: the checks read with the auth statement, the writes in one guarded batch', () => {
  const T = new Date(NOW);
  /** The fixed window `limit` puts NOW in (lib/rate-limit.ts). */
  const windowAt = (seconds: number) => Math.floor(T.getTime() / 1000 / seconds) * seconds;
  const hitsOf = async (key: string) =>
    (await env.DB.prepare('SELECT count FROM rate_limits WHERE key = ?').bind(key).first<{ count: number }>())?.count ??
    0;
  const countOf = async (table: string, where: string, ...binds: unknown[]) =>
    (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
      .bind(...binds)
      .first<{ n: number }>())!.n;
  const spend = (key: string, max: number, seconds: number) =>
    env.DB.prepare(
      'INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, ?3) ON CONFLICT (key) DO UPDATE SET window_start = ?2, count = ?3',
    )
      .bind(key, windowAt(seconds), max)
      .run();

  /** `init` as `memberId` through a counting binding: the answer, its body and the round trips before it. */
  async function counted(memberId: number, path: string, init: RequestInit) {
    const { db: d1, trips } = countingDb();
    const token = await signAccessToken(env, memberId, T);
    const ctx = createExecutionContext();
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${token}`);
    const res = await buildApp().fetch(
      new Request(`http://localhost${path}`, { ...init, headers }),
      { ...env, DB: d1, FIXED_NOW: NOW },
      ctx,
    );
    const answered = trips();
    await waitOnExecutionContext(ctx);
    return { status: res.status, body: await res.json<Record<string, unknown>>(), trips: answered };
  }
  const comment = (memberId: number, id: number, text: string) =>
    counted(memberId, `/api/on/community/posts/${id}/comments`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: text,
    });
  const post = (memberId: number, title: string) => {
    const form = new FormData();
    form.set('request', JSON.stringify({ category: 'FREE', title, content: '두 번에 올려요.' }));
    return counted(memberId, '/api/on/community/posts', { method: 'POST', body: form });
  };
  const report = (memberId: number, targetMemberId: number) =>
    counted(memberId, '/api/on/report', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ targetMemberId, reasonType: 'OTHER', content: '왕복을 세는 신고예요.' }),
    });

  it('comments in two round trips: the comment, its count, the author’s notification and the limit’s count', async () => {
    const res = await comment(viewer, postId, '두 번이면 돼요');
    expect(res).toMatchObject({ status: 200, trips: 2 });
    expect(res.body).toMatchObject({ content: '두 번이면 돼요', createdAt: NOW, writerId: viewer });
    const id = res.body.id as number;
    expect(await countOf('post_comments', 'id = ? AND post_id = ? AND member_id = ?', id, postId, viewer)).toBe(1);
    expect(await countOf('community_posts', 'id = ? AND comments_count = 1', postId)).toBe(1);
    expect(
      await countOf('notifications', "member_id = ? AND kind = 'COMMENT' AND group_key = ?", other, `comment:${id}`),
    ).toBe(1);
    expect(await hitsOf(`community:comment:${viewer}`)).toBe(1);
  });

  it('answers a hidden post’s comment 404 and a spent limit’s 429 from the first batch, writing nothing', async () => {
    const key = `community:comment:${viewer}`;
    const comments = () => countOf('post_comments', 'member_id = ?', viewer);
    const before = { comments: await comments(), notices: await countOf('notifications', "kind = 'COMMENT'") };
    // A post by a member the viewer blocked: 404 as for a missing post.
    const blocked = await seedCandidate({ lastActiveAt: NOW });
    const [hidden] = await db()
      .insert(schema.communityPosts)
      .values({ memberId: blocked, category: 'FREE', title: '안 보여요', content: '차단했어요.' })
      .returning({ id: schema.communityPosts.id });
    await db().insert(schema.blocks).values({ memberId: viewer, targetId: blocked });
    const gone = await comment(viewer, hidden!.id, '보이지 않는 글');
    expect(gone).toMatchObject({ status: 404, trips: 1, body: { code: 'POST_NOT_FOUND' } });
    // The window's comments spent: 429 with today's message, the count left as it was.
    await spend(key, COMMUNITY_LIMITS.commentsPerWindow, COMMUNITY_LIMITS.rateWindowSeconds);
    const limited = await comment(viewer, postId, '너무 많아요');
    expect(limited).toMatchObject({ status: 429, trips: 1, body: { message: COMMUNITY_KO.tooManyComments } });
    expect(await hitsOf(key)).toBe(COMMUNITY_LIMITS.commentsPerWindow);
    expect({ comments: await comments(), notices: await countOf('notifications', "kind = 'COMMENT'") }).toEqual(before);

    // The batch's own guards: rows read before the post was hidden or the limit spent (a race) write nothing either.
    const ctx = { db: makeDb(env.DB), media: env.MEDIA, now: T, env: { ...env, FIXED_NOW: NOW } };
    const visible = await findVisiblePost(ctx.db, postId);
    await expect(addComment(ctx, viewer, postId, '경합', [[visible!], [{ used: 0 }]])).rejects.toMatchObject({
      status: 429,
      message: COMMUNITY_KO.tooManyComments,
    });
    await env.DB.prepare('DELETE FROM rate_limits WHERE key = ?').bind(key).run();
    const hiddenRow = await findVisiblePost(ctx.db, hidden!.id);
    await expect(addComment(ctx, viewer, hidden!.id, '경합', [[hiddenRow!], [{ used: 0 }]])).rejects.toMatchObject({
      status: 404,
      code: 'POST_NOT_FOUND',
    });
    expect(await hitsOf(key)).toBe(0);
    expect({ comments: await comments(), notices: await countOf('notifications', "kind = 'COMMENT'") }).toEqual(before);
  });

  it('posts in two round trips, and answers a spent limit 429 in one, writing nothing', async () => {
    const key = `community:post:${viewer}`;
    const res = await post(viewer, '두 번에 올린 글');
    expect(res).toMatchObject({ status: 200, trips: 2 });
    expect(res.body).toMatchObject({ title: '두 번에 올린 글', writerId: viewer, commentsCount: 0, imageUrl: null });
    expect(await hitsOf(key)).toBe(1);
    const posts = () => countOf('community_posts', 'member_id = ?', viewer);
    const before = await posts();
    await spend(key, COMMUNITY_LIMITS.postsPerWindow, COMMUNITY_LIMITS.rateWindowSeconds);
    const limited = await post(viewer, '너무 자주');
    expect(limited).toMatchObject({ status: 429, trips: 1, body: { message: COMMUNITY_KO.tooManyPosts } });
    expect(await posts()).toBe(before);
    expect(await hitsOf(key)).toBe(COMMUNITY_LIMITS.postsPerWindow);
  });

  it('files a report in two round trips; a withdrawn target or a spent limit in one, writing nothing', async () => {
    const key = `report:${viewer}`;
    const res = await report(viewer, other);
    expect(res).toMatchObject({ status: 200, trips: 2, body: { verifiedSamples: 0, unverifiedSamples: 0 } });
    expect(await countOf('reports', 'id = ? AND reporter_id = ? AND target_id = ?', res.body.id, viewer, other)).toBe(
      1,
    );
    expect(await hitsOf(key)).toBe(1);
    const reports = () => countOf('reports', 'reporter_id = ?', viewer);
    const before = await reports();
    const gone = await seedMember({ lastActiveAt: NOW, deletedAt: NOW });
    expect(await report(viewer, gone)).toMatchObject({
      status: 404,
      trips: 1,
      body: { code: 'REPORT_TARGET_NOT_FOUND' },
    });
    await spend(key, REPORT_LIMIT.max, REPORT_LIMIT.windowSeconds);
    expect(await report(viewer, other)).toMatchObject({ status: 429, trips: 1, body: { message: REPORT_KO.tooMany } });
    expect(await reports()).toBe(before);
    expect(await hitsOf(key)).toBe(REPORT_LIMIT.max);
  });

  it('marks a room read in two round trips, and answers someone else’s room 404 in one', async () => {
    const res = await counted(viewer, `/api/on/chat-rooms/${roomId}/read`, { method: 'POST' });
    expect(res).toEqual({ status: 200, body: { unreadMessageCount: 0 }, trips: 2 });
    const notMine = await counted(other, `/api/on/chat-rooms/${roomId}/read`, { method: 'POST' });
    expect(notMine).toMatchObject({ status: 404, trips: 1, body: { code: 'CHAT_ROOM_NOT_FOUND' } });
  });
});
