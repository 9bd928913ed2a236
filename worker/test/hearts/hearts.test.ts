// PUT / DELETE /api/on/heart/{memberId}: idempotent both ways, never to oneself or a hidden member.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PROFILE_KO, type HeartResponse } from '../../src/contract';
import { signUpMember } from '../helpers/auth';
import { ban, block, call, countRows, rawHeart, rawMember, type ErrorBody } from '../helpers/mypage';

const heart = (token: string, id: number | string, method: 'PUT' | 'DELETE' = 'PUT') =>
  call(`/api/on/heart/${id}`, { method, token });
const heartCount = (memberId: number, targetId: number) =>
  countRows('SELECT COUNT(*) AS n FROM hearts WHERE member_id = ? AND target_id = ?', memberId, targetId);

describe('PUT /api/on/heart/{memberId}', () => {
  it('hearts a member and answers the new state', async () => {
    const me = await signUpMember();
    const target = await rawMember();
    const res = await heart(me.accessToken, target);
    expect(res.status).toBe(200);
    expect(await res.json<HeartResponse>()).toEqual({ memberId: target, hearted: true });
    expect(await heartCount(me.memberId, target)).toBe(1);
  });

  it('is idempotent: hearting twice keeps one heart and its first time', async () => {
    const me = await signUpMember();
    const target = await rawMember();
    await rawHeart(me.memberId, target, '2026-01-01T00:00:00.000Z');
    const res = await heart(me.accessToken, target);
    expect(res.status).toBe(200);
    expect(await res.json<HeartResponse>()).toEqual({ memberId: target, hearted: true });
    const row = await env.DB.prepare('SELECT created_at FROM hearts WHERE member_id = ? AND target_id = ?')
      .bind(me.memberId, target)
      .first<{ created_at: string }>();
    expect(row?.created_at).toBe('2026-01-01T00:00:00.000Z');
  });

  it('refuses a heart to oneself with 400', async () => {
    const me = await signUpMember();
    const res = await heart(me.accessToken, me.memberId);
    expect(res.status).toBe(400);
    expect(await res.json<ErrorBody>()).toMatchObject({ code: 'HEART_SELF', message: PROFILE_KO.heartSelf });
    expect(await heartCount(me.memberId, me.memberId)).toBe(0);
  });

  it('answers 404 for a member who does not exist, withdrew, is banned or is blocked either way', async () => {
    const me = await signUpMember();
    const [withdrawn, banned, blockedByMe, blockedMe] = await Promise.all([1, 2, 3, 4].map(() => rawMember()));
    await env.DB.prepare('UPDATE members SET deleted_at = ? WHERE id = ?')
      .bind(new Date().toISOString(), withdrawn)
      .run();
    await ban(banned ?? 0);
    await block(me.memberId, blockedByMe ?? 0);
    await block(blockedMe ?? 0, me.memberId);
    for (const id of [999_999_999, withdrawn, banned, blockedByMe, blockedMe, 'abc']) {
      const res = await heart(me.accessToken, id ?? 0);
      expect(res.status, `member ${id}`).toBe(404);
    }
    expect(await countRows('SELECT COUNT(*) AS n FROM hearts WHERE member_id = ?', me.memberId)).toBe(0);
  });

  it('answers 401 to a visitor and 403 to a banned member, adding nothing', async () => {
    const target = await rawMember();
    expect((await call(`/api/on/heart/${target}`, { method: 'PUT' })).status).toBe(401);
    const me = await signUpMember();
    await ban(me.memberId);
    expect((await heart(me.accessToken, target)).status).toBe(403);
    expect(await heartCount(me.memberId, target)).toBe(0);
  });
});

describe('DELETE /api/on/heart/{memberId}', () => {
  it('takes a heart back, and doing it again still answers 200', async () => {
    const me = await signUpMember();
    const target = await rawMember();
    await heart(me.accessToken, target);
    for (let i = 0; i < 2; i++) {
      const res = await heart(me.accessToken, target, 'DELETE');
      expect(res.status).toBe(200);
      expect(await res.json<HeartResponse>()).toEqual({ memberId: target, hearted: false });
    }
    expect(await heartCount(me.memberId, target)).toBe(0);
  });

  it("takes back only the caller's heart, not someone else's", async () => {
    const a = await signUpMember();
    const b = await signUpMember();
    const target = await rawMember();
    await heart(a.accessToken, target);
    await heart(b.accessToken, target, 'DELETE');
    expect(await heartCount(a.memberId, target)).toBe(1);
  });

  it('lets a member take back a heart to someone who is banned now', async () => {
    const me = await signUpMember();
    const target = await rawMember();
    await rawHeart(me.memberId, target, new Date().toISOString());
    await ban(target);
    expect((await heart(me.accessToken, target, 'DELETE')).status).toBe(200);
    expect(await heartCount(me.memberId, target)).toBe(0);
  });

  it('answers 400 for oneself, 404 for nobody, 401 to a visitor and 403 to a banned member', async () => {
    const me = await signUpMember();
    const target = await rawMember();
    await rawHeart(me.memberId, target, new Date().toISOString());
    expect((await heart(me.accessToken, me.memberId, 'DELETE')).status).toBe(400);
    expect((await heart(me.accessToken, 999_999_999, 'DELETE')).status).toBe(404);
    expect((await call(`/api/on/heart/${target}`, { method: 'DELETE' })).status).toBe(401);
    await ban(me.memberId);
    expect((await heart(me.accessToken, target, 'DELETE')).status).toBe(403);
    expect(await heartCount(me.memberId, target)).toBe(1);
  });
});
