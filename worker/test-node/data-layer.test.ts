// The repos run unchanged on libSQL: demo bulk loading, member auth state, notices, posts.
import type { Client } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { planMembers } from '../../scripts/demo/members';
import { seededRandom } from '../../scripts/demo/random';
import { insertPosts, listPosts } from '../src/areas/community/repo';
import { chunkForInsert } from '../src/lib/batch';
import {
  countMembers,
  deleteMembers,
  findMemberIdsByEmailLike,
  insertDemoMembers,
  insertDemoReactions,
  listObjectKeysOfMembers,
  listPostsOfMembers,
  maxMemberId,
} from '../src/areas/demo/repo';
import { findMemberAuthState } from '../src/areas/members/repo';
import { insertNotices, listNotices } from '../src/areas/notices/repo';
import { planReactions } from '../../scripts/demo/reactions';
import {
  chatRequests,
  chatRoomMembers,
  chatRooms,
  communityPosts,
  memberAgreements,
  memberImages,
  memberInterests,
  members,
  notices,
  postComments,
  postLikes,
  reports,
} from '../src/db/schema';
import type { Db } from '../src/lib/env';
import { freshDb, migrationStatements } from './libsql-db';

const NOW = new Date('2026-11-22T06:00:00Z');
let db: Db;
let client: Client;

beforeEach(async () => {
  ({ db, client } = await freshDb());
});

async function loadMembers(count: number, seed = 7) {
  const plan = await planMembers(seededRandom(seed), count, (await maxMemberId(db)) + 1, NOW);
  plan.images.forEach((img) => (img.bytes = 1234));
  await insertDemoMembers(db, plan);
  return plan;
}

describe('migrations on libSQL', () => {
  it('apply every statement and create the app tables', async () => {
    expect(migrationStatements().length).toBeGreaterThan(10);
    const tables = await client.execute("SELECT name FROM sqlite_master WHERE type = 'table'");
    const names = tables.rows.map((r) => String(r.name));
    for (const t of [
      'members',
      'member_images',
      'member_interests',
      'member_agreements',
      'notices',
      'community_posts',
    ]) {
      expect(names).toContain(t);
    }
  });
});

describe('demo bulk insert', () => {
  it('loads 320 members with their interests, agreements and photos in one batch', async () => {
    const plan = await loadMembers(320);
    expect(await countMembers(db)).toBe(320);
    expect(await db.$count(memberInterests)).toBe(plan.interests.length);
    expect(await db.$count(memberAgreements)).toBe(320 * 6);
    expect(await db.$count(memberImages)).toBe(plan.images.length);
    const mains = await db.select().from(memberImages).where(eq(memberImages.role, 'MAIN'));
    expect(mains).toHaveLength(320);
    expect(mains.every((m) => m.slot === 0 && /^profiles\/[\w-]{22}\.png$/.test(m.objectKey))).toBe(true);
  });

  it('keeps every statement within D1’s 100 bound parameters', () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ a: i, b: i, c: i, d: i, e: i, f: i, g: i }));
    const chunks = chunkForInsert(rows);
    expect(chunks.every((c) => c.length * 7 <= 100)).toBe(true);
    expect(chunks.flat()).toEqual(rows);
  });

  it('gives ids above the existing ones on a second load', async () => {
    await loadMembers(10, 1);
    const second = await planMembers(seededRandom(2), 5, (await maxMemberId(db)) + 1, NOW);
    expect(second.members[0]?.id).toBe(11);
  });

  it('rolls the whole batch back when one row is invalid', async () => {
    const plan = await planMembers(seededRandom(3), 20, 1, NOW);
    const [firstImage] = plan.images;
    if (!firstImage) throw new Error('plan has images');
    plan.images.push({ ...firstImage }); // duplicate (member, slot): violates a unique index
    await expect(insertDemoMembers(db, plan)).rejects.toThrow();
    expect(await countMembers(db)).toBe(0);
  });

  it('removes demo members with everything that hangs off them', async () => {
    await loadMembers(12);
    const ids = await findMemberIdsByEmailLike(db, 'demo%@ongi.dev');
    expect(ids).toHaveLength(12);
    const photoCount = await db.$count(memberImages);
    await insertPosts(db, [
      { memberId: ids[0] ?? 0, category: 'FREE', title: '안녕하세요', content: '반가워요 다들' },
      { memberId: ids[1] ?? 0, category: 'COURSE', title: '코스', content: '산책하기 좋아요', imageKey: 'posts/p.png' },
    ]);
    const keys = await listObjectKeysOfMembers(db, ids);
    expect(keys).toHaveLength(photoCount + 1);
    expect(keys).toContain('posts/p.png');
    await deleteMembers(db, ids);
    expect(await countMembers(db)).toBe(0);
    expect(await db.$count(memberImages)).toBe(0);
    expect(await db.$count(memberAgreements)).toBe(0);
    expect(await db.$count(communityPosts)).toBe(0);
  });

  it('adds likes, comments and chat requests for the first demo members, with the posts’ counts', async () => {
    const plan = await loadMembers(40);
    const ids = plan.members.map((m) => m.id);
    await insertPosts(
      db,
      ids.slice(0, 8).map((memberId, i) => ({
        memberId,
        category: i % 2 === 0 ? ('FREE' as const) : ('COURSE' as const),
        title: `글 ${i}`,
        content: '함께 이야기 나눠요',
        createdAt: '2026-11-01T00:00:00.000Z',
      })),
    );
    const posts = await listPostsOfMembers(db, ids);
    const reactions = planReactions(seededRandom(3), plan.members, posts, NOW);
    expect(reactions.requests.length).toBeGreaterThan(0);
    for (const r of reactions.requests) {
      const [from, to] = [r.requesterId, r.targetId].map((id) => plan.members.find((m) => m.id === id));
      expect(ids.slice(0, 6)).toContain(r.targetId);
      expect(from?.lookingFor === 'both' || from?.lookingFor === to?.gender).toBe(true);
      expect(to?.lookingFor === 'both' || to?.lookingFor === from?.gender).toBe(true);
    }
    for (const c of [...reactions.likes, ...reactions.comments]) {
      expect(c.memberId).not.toBe(posts.find((p) => p.id === c.postId)?.memberId);
      expect(c.createdAt >= '2026-11-01' && c.createdAt <= NOW.toISOString()).toBe(true);
    }
    await insertDemoReactions(db, reactions);
    expect(await db.$count(postLikes)).toBe(reactions.likes.length);
    expect(await db.$count(chatRequests)).toBe(reactions.requests.length);
    const counted = await db
      .select({ likes: communityPosts.likes, comments: communityPosts.commentsCount })
      .from(communityPosts);
    expect(counted.reduce((n, p) => n + p.likes, 0)).toBe(reactions.likes.length);
    expect(counted.reduce((n, p) => n + p.comments, 0)).toBe(reactions.comments.length);
  });

  it('removes demo members even with the rows kept as evidence (requests, rooms, reports, comments)', async () => {
    await loadMembers(4);
    const demo = await findMemberIdsByEmailLike(db, 'demo%@ongi.dev');
    const [a = 0, b = 0] = demo;
    // Someone who is not a demo member, with a post the demo members reacted to.
    const [outsider] = await db
      .insert(members)
      .values({
        providerType: 'NAVER',
        providerUserId: 'x-1',
        name: '온기',
        email: 'me@example.com',
        gender: 'F',
        birthday: '1995-01-01',
        lookingFor: 'M',
      })
      .returning({ id: members.id });
    const me = outsider?.id ?? 0;
    await insertPosts(db, [{ memberId: me, category: 'FREE', title: '안녕', content: '반가워요 모두' }]);
    const [post] = await listPostsOfMembers(db, [me]);
    const postId = post?.id ?? 0;
    const [request] = await db
      .insert(chatRequests)
      .values({ requesterId: a, targetId: me, status: 'ACCEPTED' })
      .returning();
    const [room] = await db
      .insert(chatRooms)
      .values({ requestId: request?.id ?? 0, memberA: a, memberB: me })
      .returning();
    await db.insert(chatRoomMembers).values([
      { roomId: room?.id ?? 0, memberId: a, opponentId: me },
      { roomId: room?.id ?? 0, memberId: me, opponentId: a },
    ]);
    await db.insert(chatRequests).values({ requesterId: me, targetId: b });
    await db.insert(reports).values({ reporterId: me, targetId: b, reasonType: 'OTHER', content: '신고' });
    await insertDemoReactions(db, {
      likes: [{ postId, memberId: a }],
      comments: [{ postId, memberId: b, content: '반가워요!' }],
      requests: [],
    });

    await deleteMembers(db, demo);
    expect(await countMembers(db)).toBe(1);
    expect(await db.$count(chatRequests)).toBe(0);
    expect(await db.$count(chatRooms)).toBe(0);
    expect(await db.$count(reports)).toBe(0);
    expect(await db.$count(postComments)).toBe(0);
    const [left] = await db
      .select({ likes: communityPosts.likes, comments: communityPosts.commentsCount })
      .from(communityPosts);
    expect(left).toEqual({ likes: 0, comments: 0 });
  });
});

describe('findMemberAuthState on libSQL', () => {
  it('reports each member’s status and nothing for unknown ids', async () => {
    const plan = await loadMembers(40);
    const inactive = plan.members.find((m) => m.status === 'INACTIVE');
    const active = plan.members.find((m) => m.status === 'ACTIVE');
    if (!active) throw new Error('plan has active members');
    expect(await findMemberAuthState(db, active.id)).toMatchObject({
      id: active.id,
      status: 'ACTIVE',
      bannedUntil: null,
    });
    if (inactive) expect((await findMemberAuthState(db, inactive.id))?.status).toBe('INACTIVE');
    expect(await findMemberAuthState(db, 99_999)).toBeUndefined();
  });
});

describe('notices and posts on libSQL', () => {
  it('lists live notices newest first', async () => {
    await insertNotices(db, [
      { title: '첫 공지', content: '내용이에요', createdAt: '2026-10-01T00:00:00.000Z' },
      { title: '둘째 공지', content: '내용이에요', createdAt: '2026-11-01T00:00:00.000Z' },
      {
        title: '지운 공지',
        content: '내용이에요',
        createdAt: '2026-11-10T00:00:00.000Z',
        deletedAt: '2026-11-11T00:00:00.000Z',
      },
    ]);
    const list = await listNotices(db);
    expect(list.map((n) => n.title)).toEqual(['둘째 공지', '첫 공지']);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['createdAt', 'id', 'title']);
    expect(await db.$count(notices)).toBe(3);
  });

  it('lists posts by category newest first, with the writer’s name and main photo, and pages by id', async () => {
    const plan = await loadMembers(3);
    const [a, b] = plan.members;
    if (!a || !b) throw new Error('plan has members');
    await insertPosts(
      db,
      Array.from({ length: 7 }, (_, i) => ({
        memberId: i % 2 ? b.id : a.id,
        category: i < 5 ? ('FREE' as const) : ('COURSE' as const),
        title: `글 ${i + 1}`,
        content: '다섯 글자 이상이에요',
      })),
    );
    const free = await listPosts(db, { category: 'FREE', limit: 3 });
    expect(free.map((p) => p.title)).toEqual(['글 5', '글 4', '글 3']);
    const next = await listPosts(db, { category: 'FREE', beforeId: free[2]?.id, limit: 10 });
    expect(next.map((p) => p.title)).toEqual(['글 2', '글 1']);
    const mainOfA = plan.images.find((img) => img.memberId === a.id && img.slot === 0)?.objectKey;
    expect(free[0]).toMatchObject({ writerId: a.id, writerName: a.name, writerImageKey: mainOfA, category: 'FREE' });
    expect(await listPosts(db, { limit: 100 })).toHaveLength(7);
  });
});
