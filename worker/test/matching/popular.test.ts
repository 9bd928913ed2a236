// Home's popular top 3: hearts received in the last 7 days, without banned, deleted or blocked
// members. Each test reads the ranking at its own fixed time so hearts of other tests never count.
import { describe, expect, it } from 'vitest';
import type { PopularProfile } from '../../src/contract/matching';
import { block, callAs, heart, seedCandidate, seedMember } from '../helpers/matching';

async function popularAt(memberId: number, at: string): Promise<PopularProfile[]> {
  const res = await callAs(memberId, '/api/on/matching/popular', { at });
  expect(res.status).toBe(200);
  return res.json<PopularProfile[]>();
}

/** `n` different members heart `target` at `at`. */
async function hearts(target: number, n: number, at: string): Promise<void> {
  for (let i = 0; i < n; i++) await heart(await seedMember(), target, at);
}

describe('popular profiles', () => {
  it('is empty when nobody received a heart in the last 7 days', async () => {
    const me = await seedMember();
    const old = await seedCandidate();
    await hearts(old, 2, '2031-01-01T00:00:00.000Z');
    expect(await popularAt(me, '2031-01-09T00:00:00.000Z')).toEqual([]);
  });

  it('ranks the top 3 by hearts of the last 7 days', async () => {
    const me = await seedMember();
    const [a, b, c, d] = [await seedCandidate(), await seedCandidate(), await seedCandidate(), await seedCandidate()];
    await hearts(a, 2, '2031-03-05T00:00:00.000Z');
    await hearts(b, 4, '2031-03-06T00:00:00.000Z');
    await hearts(c, 3, '2031-03-07T00:00:00.000Z');
    await hearts(d, 1, '2031-03-07T00:00:00.000Z');
    await hearts(d, 5, '2031-02-20T00:00:00.000Z'); // too old to count
    const top = await popularAt(me, '2031-03-08T00:00:00.000Z');
    expect(top.map((p) => [p.memberId, p.hearts])).toEqual([
      [b, 4],
      [c, 3],
      [a, 2],
    ]);
    expect(top[0]).toMatchObject({ location: '서울 마포구', interests: expect.any(Array) });
    expect(top[0]?.mainImageUrl).toMatch(/^\/media\//);
  });

  it('leaves out banned, deleted and blocked members', async () => {
    const me = await seedMember();
    const fine = await seedCandidate();
    const banned = await seedCandidate({ status: 'BANNED' });
    const deleted = await seedCandidate({ deletedAt: '2031-05-01T00:00:00.000Z' });
    const iBlocked = await seedCandidate();
    const blockedMe = await seedCandidate();
    for (const id of [banned, deleted, iBlocked, blockedMe]) await hearts(id, 3, '2031-05-02T00:00:00.000Z');
    await hearts(fine, 1, '2031-05-02T00:00:00.000Z');
    await block(me, iBlocked);
    await block(blockedMe, me);
    const top = await popularAt(me, '2031-05-03T00:00:00.000Z');
    expect(top.map((p) => p.memberId)).toEqual([fine]);
  });
});
