// The learned recommender (issue 14): the daily Cron Trigger trains member vectors from real
// rows (hearts, chat requests, passed cards), and the recommend endpoint blends them in for a
// member with history, while a member without history gets exactly the formula's order.
import { createScheduledController, env } from 'cloudflare:test';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import worker from '../../src/index';
import { loadViewerAndRanking } from '../../src/areas/matching/candidate-repo';
import { koreanDay } from '../../src/lib/day';
import { loadPool, rankPool } from '../../src/areas/matching/ranking';
import { makeDb } from '../../src/lib/db';
import { chatRequest, db, heart, historyRow, recommendedIds, seedCandidate, seedMember } from '../helpers/matching';

const NOW = '2026-11-24T19:00:00.000Z';
const daysAgo = (d: number) => new Date(Date.parse(NOW) - d * 86_400_000).toISOString();
const traits = { birthday: '1990-03-03', interests: ['운동', '독서'], lastActiveAt: NOW };

async function formulaOrder(memberId: number): Promise<number[]> {
  const d = makeDb(env.DB);
  const { viewer } = await loadViewerAndRanking(d, memberId);
  if (!viewer) throw new Error('no viewer');
  const now = new Date(NOW);
  return rankPool(viewer, await loadPool(d, viewer, now), now, koreanDay(now), { learned: false });
}

describe('learned recommender', () => {
  it('trains from real rows in the scheduled job and reorders only the list of a member with history', async () => {
    // 8 interchangeable men: the formula cannot tell them apart (only the day's variety does).
    const liked: number[] = [];
    const passed: number[] = [];
    for (let i = 0; i < 8; i++) (i % 2 === 0 ? liked : passed).push(await seedCandidate(traits));
    // 24 women acted on them more than a week ago (outside the formula's 7-day heart window):
    // hearts and chat requests for one half, passed cards for the other.
    for (let w = 0; w < 24; w++) {
      const peer = await seedMember(traits);
      for (const id of liked) {
        if (w % 3 === 0) await chatRequest(peer, id, 'ACCEPTED');
        else await heart(peer, id, daysAgo(10));
      }
      for (const id of passed) await historyRow(peer, id, daysAgo(10));
    }
    // The viewer: the same taste, a little history of her own (older than the 7-day cool-down).
    const me = await seedMember(traits);
    await heart(me, liked[0]!, daysAgo(9));
    await heart(me, liked[1]!, daysAgo(9));
    await historyRow(me, passed[0]!, daysAgo(9));
    await historyRow(me, passed[1]!, daysAgo(9));
    // A newcomer with the same traits and no history at all.
    const newcomer = await seedMember(traits);

    const beforeMe = await formulaOrder(me);
    expect(await recommendedIds(newcomer, NOW)).toEqual(await formulaOrder(newcomer));

    const controller = createScheduledController({ scheduledTime: Date.parse(NOW), cron: '0 19 * * *' });
    await worker.scheduled(controller, { ...env, FIXED_NOW: NOW });

    const vectors = await db().all<{ member_id: number; events: number; taste: string }>(
      sql`SELECT member_id, events, taste FROM member_vectors`,
    );
    const byId = new Map(vectors.map((v) => [v.member_id, v]));
    expect(byId.get(me)?.events).toBe(4);
    expect(byId.get(liked[2]!)?.events).toBe(24);
    expect(byId.get(passed[2]!)?.events).toBe(24);
    // 8 floats of taste (MBTI axes, free factors, liker bias) and the member's 3 own pair slopes.
    expect(byId.get(liked[0]!)?.taste).toMatch(/^[A-Za-z0-9+/]{59}=$/);
    expect(byId.has(newcomer)).toBe(false);
    // The shared pair weights (model/pair.ts) are written with the vectors, keyed by feature name.
    const model = await db().all<{ weights: string }>(
      sql`SELECT weights FROM recommender_model WHERE name = 'reciprocal'`,
    );
    expect(Object.keys(JSON.parse(model[0]!.weights).weights)).toContain('ageGap');
    expect(JSON.parse(model[0]!.weights).slopes).toEqual(['sharedInterests', 'ageGap', 'logKm']);

    // The member with history: the order changes, and the liked half comes first.
    const mine = (await recommendedIds(me, NOW)).filter((id) => liked.includes(id) || passed.includes(id));
    expect(mine).not.toEqual(beforeMe.filter((id) => liked.includes(id) || passed.includes(id)));
    expect(mine.slice(0, 4).sort()).toEqual([...liked].sort());
    // The newcomer: still exactly the formula (the day's list is ranked again on a new day).
    const nextDay = new Date(Date.parse(NOW) + 86_400_000).toISOString();
    const d = makeDb(env.DB);
    const { viewer } = await loadViewerAndRanking(d, newcomer);
    const next = new Date(nextDay);
    const formulaNext = rankPool(viewer!, await loadPool(d, viewer!, next), next, koreanDay(next), { learned: false });
    expect(await recommendedIds(newcomer, nextDay)).toEqual(formulaNext);
  });

  it('ranks a candidate with a high 궁합 above an otherwise equal one, reading answers once for the whole pool', async () => {
    const same = { birthday: '1991-04-04', interests: ['요리', '게임'], lastActiveAt: NOW };
    const answer = async (member: number, answerId: number, accept: string) => {
      for (const q of [1, 2, 3, 4])
        await db().run(
          sql`INSERT INTO value_answers (member_id, question_id, answer_id, accept, importance, is_public)
            VALUES (${member}, ${q}, ${answerId}, ${accept}, 'VERY', 0)`,
        );
    };
    const me = await seedMember(same);
    const good = await seedCandidate(same);
    const bad = await seedCandidate(same);
    await answer(me, 1, '1');
    await answer(good, 1, '1,2'); // satisfies me and I satisfy them
    await answer(bad, 2, '1,2'); // I satisfy them, they fail every question I mind
    let statements = 0;
    const counting = new Proxy(env.DB, {
      get(target, key) {
        if (key === 'prepare')
          return (query: string) => {
            statements += 1;
            return target.prepare(query);
          };
        const v = Reflect.get(target, key) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const d = makeDb(counting);
    const now = new Date(NOW);
    const { viewer } = await loadViewerAndRanking(d, me);
    statements = 0;
    const pool = await loadPool(d, viewer!, now);
    const few = statements;
    const order = rankPool(viewer!, pool, now, koreanDay(now), { learned: false });
    expect(order.indexOf(good)).toBeLessThan(order.indexOf(bad));
    expect(pool.answers.get(bad)?.length).toBe(4);
    // Ten more candidates with answers: still the same number of statements (no query per candidate).
    for (let i = 0; i < 10; i++) await answer(await seedCandidate(same), 1, '1');
    statements = 0;
    const bigger = await loadPool(d, viewer!, now);
    expect(bigger.candidates.length).toBeGreaterThanOrEqual(pool.candidates.length + 10);
    expect(statements).toBe(few);
    // The endpoint's day list agrees.
    const listed = (await recommendedIds(me, NOW)).filter((id) => id === good || id === bad);
    expect(listed).toEqual([good, bad]);
  });
});
