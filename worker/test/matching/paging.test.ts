// Recommendation pages: the contract's card shape, a day-fixed order (no repeats or skips while
// paging), a new order the next day, history saved idempotently and the cool-down after it.
import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  callAs,
  chatRequest,
  matchingStatus,
  recommendPage,
  recommendPages,
  saveHistory,
  seedCandidate,
  seedMember,
} from '../helpers/matching';

const DAY1 = '2026-11-20T03:00:00.000Z'; // 12:00 in Korea
const DAY1_LATER = '2026-11-20T13:00:00.000Z'; // 22:00 in Korea, same day
const DAY2 = '2026-11-21T03:00:00.000Z';
const DAY9 = '2026-11-28T03:00:00.000Z';

/** A viewer and `n` interchangeable candidates (same traits), all active "now" on DAY1. */
async function world(n: number, birthday: string) {
  const me = await seedMember({ birthday, lookingFor: 'M', lastActiveAt: DAY1 });
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await seedCandidate({ birthday, lastActiveAt: DAY1, photos: 3 }));
  return { me, ids };
}

const mine = (list: number[], ids: number[]) => list.filter((id) => ids.includes(id));

describe('recommendation pages', () => {
  it('answers the contract shape: location as "시 구", age, tags and image URLs main first', async () => {
    const me = await seedMember({ birthday: '1970-01-01' });
    const them = await seedCandidate({ birthday: '1971-03-03', interests: ['운동', '독서'], photos: 3 });
    const card = (await recommendPage(me, 0)).find((p) => p.memberId === them);
    expect(card).toBeDefined();
    expect(Object.keys(card ?? {}).sort()).toEqual(
      [
        'age',
        'compatibility',
        'interests',
        'location',
        'mainImageUrl',
        'memberId',
        'name',
        'reasons',
        'subImageUrls',
        'summary',
        'verified',
      ].sort(),
    );
    expect(card?.location).toBe('서울 마포구');
    expect(card?.age).toBeGreaterThanOrEqual(54);
    expect(card?.interests.sort()).toEqual(['독서', '운동']);
    expect(card?.mainImageUrl).toMatch(/^\/media\/profiles\/.*x0\.png$/);
    expect(card?.subImageUrls).toHaveLength(2);
    expect(card?.subImageUrls[0]).toMatch(/x1\.png$/);
  });

  it('pages through the whole day list 20 at a time without repeats or gaps, the same on every call', async () => {
    const { me, ids } = await world(45, '1960-02-02');
    const pages = await recommendPages(me, DAY1);
    const all = pages.flat().map((p) => p.memberId);
    expect(pages.slice(0, -1).every((p) => p.length === 20)).toBe(true);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining(ids));
    // Later the same day, the same pages in the same order.
    const again = (await recommendPages(me, DAY1_LATER)).flat().map((p) => p.memberId);
    expect(again).toEqual(all);
    expect(await recommendPage(me, pages.length, DAY1)).toEqual([]);
  });

  it('ranks again the next day: a new order', async () => {
    const { me, ids } = await world(30, '1955-03-03');
    const day1 = mine(
      (await recommendPages(me, DAY1)).flat().map((p) => p.memberId),
      ids,
    );
    const day2 = mine(
      (await recommendPages(me, DAY2)).flat().map((p) => p.memberId),
      ids,
    );
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    expect(sorted(day2)).toEqual(sorted(day1));
    expect(day2).not.toEqual(day1);
  });

  it('saves a page to history idempotently, only ids that were on that page, and resumes after it', async () => {
    const { me, ids } = await world(25, '1950-04-04');
    const page0 = (await recommendPage(me, 0, DAY1)).map((p) => p.memberId);
    const page1 = (await recommendPage(me, 1, DAY1)).map((p) => p.memberId);
    expect(page0).toHaveLength(20);
    expect((await matchingStatus(me, DAY1)).resumePage).toBe(0);

    const stranger = await seedCandidate({ birthday: '1950-04-04' });
    expect(await saveHistory(me, 0, [...page0, page1[0] ?? 0, stranger], DAY1)).toEqual({ saved: 20 });
    const rows = () =>
      env.DB.prepare('SELECT profile_id, page, shown_at FROM matching_history WHERE member_id = ? ORDER BY profile_id')
        .bind(me)
        .all();
    const first = (await rows()).results;
    expect(first).toHaveLength(20);
    expect(await saveHistory(me, 0, page0, DAY1_LATER)).toEqual({ saved: 20 });
    expect((await rows()).results).toEqual(first);

    expect((await matchingStatus(me, DAY1_LATER)).resumePage).toBe(1);
    // The day's pages stay as they were (history never reshuffles today's list).
    expect((await recommendPage(me, 0, DAY1_LATER)).map((p) => p.memberId)).toEqual(page0);
    // The next day those 20 are cooling down; the rest are still there.
    const day2 = (await recommendPages(me, DAY2)).flat().map((p) => p.memberId);
    for (const id of page0) expect(day2).not.toContain(id);
    expect(day2).toEqual(expect.arrayContaining(ids.filter((id) => !page0.includes(id))));
    // After the 7-day cool-down they come back.
    expect((await recommendPages(me, DAY9)).flat().map((p) => p.memberId)).toEqual(expect.arrayContaining(page0));
  });

  it('refuses a history call with more than 100 ids or a count that does not match', async () => {
    const me = await seedMember();
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    const tooMany = await callAs(me, '/api/on/matching/history/bulk', {
      method: 'POST',
      body: { profileIds: many, page: 0, count: 101 },
    });
    expect(tooMany.status).toBe(400);
    const mismatch = await callAs(me, '/api/on/matching/history/bulk', {
      method: 'POST',
      body: { profileIds: [1, 2], page: 0, count: 3 },
    });
    expect(mismatch.status).toBe(400);
  });

  it('damps members who already hold many pending requests', async () => {
    const me = await seedMember({ birthday: '1945-05-05', lastActiveAt: DAY1 });
    const popular = await seedCandidate({ birthday: '1945-05-05', lastActiveAt: DAY1 });
    const twin = await seedCandidate({ birthday: '1945-05-05', lastActiveAt: DAY1 });
    for (let i = 0; i < 10; i++) {
      const admirer = await seedMember({ birthday: '1945-05-05' }); // a woman: not a candidate for me
      await chatRequest(admirer, popular, 'PENDING');
    }
    const order = (await recommendPages(me, DAY1)).flat().map((p) => p.memberId);
    expect(order.indexOf(twin)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(popular)).toBeGreaterThan(order.indexOf(twin));
  });

  it('answers 401 without a bearer token', async () => {
    const res = await SELF.fetch('http://localhost/api/on/matching/recommend?page=0');
    expect(res.status).toBe(401);
  });
});
