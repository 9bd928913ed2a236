// Issue 13 §3: who liked me — newest first, 24 a page, mutual flag, blocked/banned/withdrawn left
// out, and the unseen count for the badge.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ReceivedHeartsPage } from '../../src/contract/profile-details';
import { block, callAs, daysFromNow, heart, seedCandidate, seedMember } from '../helpers/matching';

const received = async (me: number, query = '') =>
  (await callAs(me, `/api/on/hearts/received${query}`)).json<ReceivedHeartsPage>();
const unseen = async (me: number) =>
  (await (await callAs(me, '/api/on/hearts/received/unseen-count')).json<{ count: number }>()).count;

describe('hearts received', () => {
  it('lists who hearted me, newest first, with mutual hearts marked', async () => {
    const me = await seedMember();
    const a = await seedCandidate({ name: '가람' });
    const b = await seedCandidate({ name: '나래', photos: 0 });
    const c = await seedCandidate({ name: '다온' });
    await heart(a, me, daysFromNow(-3));
    await heart(b, me, daysFromNow(-1));
    await heart(c, me, daysFromNow(-2));
    await heart(me, c);
    await heart(a, c); // not to me
    const page = await received(me);
    expect(page.last).toBe(true);
    expect(page.content.map((h) => h.memberId)).toEqual([b, c, a]);
    expect(page.content.map((h) => h.mutual)).toEqual([false, true, false]);
    const first = page.content[0];
    expect(Object.keys(first ?? {}).sort()).toEqual([
      'age',
      'heartedAt',
      'mainImageUrl',
      'memberId',
      'mutual',
      'name',
      'verified',
    ]);
    expect(first).toMatchObject({ name: '나래', mainImageUrl: null });
    expect(page.content[1]?.mainImageUrl).toMatch(/^\/media\//);
    // Others do not see my list: theirs is their own.
    expect((await received(a)).content).toEqual([]);
  });

  it('leaves out blocked (either way), banned and withdrawn members', async () => {
    const me = await seedMember();
    const shown = await seedCandidate();
    const iBlocked = await seedCandidate();
    const blockedMe = await seedCandidate();
    const banned = await seedCandidate({ status: 'BANNED', bannedUntil: daysFromNow(3) });
    const banOver = await seedCandidate({ status: 'BANNED', bannedUntil: daysFromNow(-1) });
    const gone = await seedCandidate({ deletedAt: daysFromNow(-1) });
    for (const from of [shown, iBlocked, blockedMe, banned, banOver, gone]) await heart(from, me);
    await block(me, iBlocked);
    await block(blockedMe, me);
    const ids = (await received(me)).content.map((h) => h.memberId);
    expect(ids.sort()).toEqual([shown, banOver].sort());
    expect(await unseen(me)).toBe(2);
  });

  it('pages 24 at a time', async () => {
    const me = await seedMember();
    const givers: number[] = [];
    for (let i = 0; i < 26; i++) {
      const g = await seedCandidate({ photos: 0, interests: [] });
      givers.push(g);
      await heart(g, me, new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString());
    }
    const first = await received(me);
    expect(first.content).toHaveLength(24);
    expect(first.last).toBe(false);
    const second = await received(me, '?page=1');
    expect(second.content.map((h) => h.memberId)).toEqual([givers[1], givers[0]]);
    expect(second.last).toBe(true);
    expect((await callAs(me, '/api/on/hearts/received?size=0')).status).toBe(400);
  });

  it('counts unseen hearts until I look, then only newer ones', async () => {
    const me = await seedMember();
    const a = await seedCandidate();
    const b = await seedCandidate();
    expect(await unseen(me)).toBe(0);
    await heart(a, me, daysFromNow(-1));
    expect(await unseen(me)).toBe(1);
    const seen = await callAs(me, '/api/on/hearts/received/seen', { method: 'POST' });
    expect(await seen.json()).toEqual({ count: 0 });
    expect(await unseen(me)).toBe(0);
    await heart(b, me, daysFromNow(0.001));
    expect(await unseen(me)).toBe(1);
    const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM hearts_seen WHERE member_id = ?').bind(me).first('n');
    expect(row).toBe(1);
  });
});
