// GET /api/on/mypage/profile-likes (people I hearted) and GET /api/on/mypage/matching-history.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LIMITS, type LikedProfile, type MatchingHistoryItem, type MypagePage } from '../../src/contract';
import { signUpMember } from '../helpers/auth';
import { ban, block, call, chatRequest, memberWithPhotos, rawHeart, rawMember } from '../helpers/mypage';

const likes = async (token: string, query = '') =>
  (await call(`/api/on/mypage/profile-likes${query}`, { token })).json<MypagePage<LikedProfile>>();

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

describe('GET /api/on/mypage/profile-likes', () => {
  it('lists the people I hearted, newest heart first, with name, age, gender and main photo', async () => {
    const me = await signUpMember();
    const first = await memberWithPhotos(1, { name: '박하늘', gender: 'M' });
    const second = await signUpMember({ name: '최바다', gender: 'M' });
    await call(`/api/on/heart/${first.memberId}`, { method: 'PUT', token: me.accessToken });
    await env.DB.prepare('UPDATE hearts SET created_at = ? WHERE member_id = ?').bind(minutesAgo(5), me.memberId).run();
    await call(`/api/on/heart/${second.memberId}`, { method: 'PUT', token: me.accessToken });
    const page = await likes(me.accessToken);
    expect(page.last).toBe(true);
    expect(page.content.map((p) => p.memberId)).toEqual([second.memberId, first.memberId]);
    expect(page.content[1]).toMatchObject({ name: '박하늘', gender: 'M' });
    expect(page.content[1]?.mainImageUrl).toMatch(/^\/media\/profiles\//);
    expect(page.content[0]?.mainImageUrl).toBeNull();
    expect(page.content[0]?.age).toBeGreaterThan(20);
  });

  it('pages 24 at a time by default; the second page holds the rest and is last', async () => {
    const me = await signUpMember();
    const targets: number[] = [];
    for (let i = 0; i < LIMITS.likedPageSize + 1; i++) {
      const id = await rawMember();
      targets.push(id);
      await rawHeart(me.memberId, id, minutesAgo(100 - i));
    }
    const first = await likes(me.accessToken);
    expect(first.content).toHaveLength(LIMITS.likedPageSize);
    expect(first.last).toBe(false);
    expect(first.content[0]?.memberId).toBe(targets[targets.length - 1]);
    const second = await likes(me.accessToken, '?page=1&size=24');
    expect(second.content.map((p) => p.memberId)).toEqual([targets[0]]);
    expect(second.last).toBe(true);
  });

  it('hides withdrawn, banned and blocked people', async () => {
    const me = await signUpMember();
    const [kept, withdrawn, banned, blockedByMe, blockedMe] = await Promise.all(
      Array.from({ length: 5 }, () => rawMember()),
    );
    for (const id of [kept, withdrawn, banned, blockedByMe, blockedMe]) {
      await rawHeart(me.memberId, id ?? 0, minutesAgo(1));
    }
    await env.DB.prepare('UPDATE members SET deleted_at = ? WHERE id = ?').bind(minutesAgo(0), withdrawn).run();
    await ban(banned ?? 0);
    await block(me.memberId, blockedByMe ?? 0);
    await block(blockedMe ?? 0, me.memberId);
    expect((await likes(me.accessToken)).content.map((p) => p.memberId)).toEqual([kept]);
  });

  it('shows someone again once their temporary ban has lapsed', async () => {
    const me = await signUpMember();
    const target = await rawMember();
    await rawHeart(me.memberId, target, minutesAgo(1));
    await ban(target, minutesAgo(1));
    expect((await likes(me.accessToken)).content.map((p) => p.memberId)).toEqual([target]);
  });

  it("never shows one member another member's hearts", async () => {
    const a = await signUpMember();
    const b = await signUpMember();
    const target = await rawMember();
    await rawHeart(a.memberId, target, minutesAgo(1));
    expect((await likes(b.accessToken)).content).toEqual([]);
    expect((await likes(a.accessToken)).content).toHaveLength(1);
  });

  it('refuses a negative page and answers 401 / 403 to a visitor / banned member', async () => {
    const m = await signUpMember();
    expect((await call('/api/on/mypage/profile-likes?page=-1', { token: m.accessToken })).status).toBe(400);
    expect((await call('/api/on/mypage/profile-likes')).status).toBe(401);
    await ban(m.memberId);
    expect((await call('/api/on/mypage/profile-likes', { token: m.accessToken })).status).toBe(403);
  });
});

describe('GET /api/on/mypage/matching-history', () => {
  const history = async (token: string, query = '') =>
    (await call(`/api/on/mypage/matching-history${query}`, { token })).json<MypagePage<MatchingHistoryItem>>();

  it('lists the chat requests I sent and received, newest first, with state and dates', async () => {
    const me = await signUpMember();
    const sentTo = await memberWithPhotos(1, { name: '한결' });
    const from = await rawMember({ name: '다온' });
    const sent = await chatRequest(me.memberId, sentTo.memberId, 'PENDING', minutesAgo(10));
    const received = await chatRequest(from, me.memberId, 'ACCEPTED', minutesAgo(5));
    const page = await history(me.accessToken);
    expect(page.last).toBe(true);
    expect(page.content).toHaveLength(2);
    expect(page.content[0]).toMatchObject({
      matchingId: received,
      direction: 'RECEIVED',
      status: 'ACCEPTED',
      opponentMemberId: from,
      opponentNickname: '다온',
      opponentProfileImageUrl: null,
    });
    expect(page.content[1]).toMatchObject({
      matchingId: sent,
      direction: 'SENT',
      status: 'PENDING',
      opponentMemberId: sentTo.memberId,
      opponentNickname: '한결',
      answeredAt: null,
    });
    expect(page.content[1]?.opponentProfileImageUrl).toMatch(/^\/media\//);
  });

  it("shows a withdrawn opponent as '탈퇴한 회원' and pages with size", async () => {
    const me = await signUpMember();
    const gone = await rawMember({ name: '떠난사람' });
    await env.DB.prepare('UPDATE members SET deleted_at = ? WHERE id = ?').bind(minutesAgo(0), gone).run();
    await chatRequest(me.memberId, gone, 'REJECTED', minutesAgo(3));
    await chatRequest(me.memberId, await rawMember(), 'PENDING', minutesAgo(2));
    const first = await history(me.accessToken, '?page=0&size=1');
    expect(first.last).toBe(false);
    const second = await history(me.accessToken, '?page=1&size=1');
    expect(second.last).toBe(true);
    expect(second.content[0]?.opponentNickname).toBe('탈퇴한 회원');
  });

  it("never shows another member's requests, and answers 401 / 403 to a visitor / banned member", async () => {
    const a = await signUpMember();
    const b = await signUpMember();
    await chatRequest(a.memberId, await rawMember());
    expect((await history(b.accessToken)).content).toEqual([]);
    expect((await call('/api/on/mypage/matching-history')).status).toBe(401);
    await ban(b.memberId);
    expect((await call('/api/on/mypage/matching-history', { token: b.accessToken })).status).toBe(403);
  });
});
