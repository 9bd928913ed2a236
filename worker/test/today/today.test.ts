// 오늘의 인연 (docs/today.md): the 12:30 KST Cron Trigger prepares each active member's set from the
// recommender (visibility respected, once a day), the set opens in one read, its cards take
// 넘기기 / 좋아요 / 대화 신청, and a TODAY notification says it is ready.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { TodaySet } from '../../src/contract/today';
import { TODAY_LIMITS } from '../../src/contract/today-core';
import * as schema from '../../src/db/schema';
import worker from '../../src/index';
import { ORIGIN, block, callAs, db, seedCandidate, seedMember, tokenFor } from '../helpers/matching';
import { consume, rowsOf } from '../helpers/notifications';
import { recordingDb } from '../helpers/recording-db';

// 12:30 KST on 27 November 2026.
const NOW = '2026-11-27T03:30:00.000Z';
const DAY = '2026-11-27';
const LATER = '2026-11-27T09:00:00.000Z';

async function runCron(at = NOW) {
  const controller = createScheduledController({ scheduledTime: Date.parse(at), cron: TODAY_LIMITS.cron });
  await worker.scheduled(controller, { ...env, FIXED_NOW: at });
}

const cardsOf = async (memberId: number) =>
  (
    await env.DB.prepare('SELECT * FROM today_cards WHERE member_id = ? ORDER BY day, position').bind(memberId).all<{
      day: string;
      candidate_id: number;
      position: number;
      compatibility: number | null;
      action: string | null;
    }>()
  ).results;

/** Three questions answered alike by everyone given them: 궁합 √(1·1) − 1/3 = 67 %. */
async function answerAlike(memberId: number) {
  await db()
    .insert(schema.valueAnswers)
    .values(
      [1, 2, 3].map((q) => ({
        memberId,
        questionId: q,
        answerId: q * 10,
        accept: String(q * 10),
        importance: 'VERY' as const,
      })),
    );
}

async function todayOf(memberId: number, at = LATER): Promise<TodaySet> {
  const res = await callAs(memberId, '/api/on/today', { at });
  expect(res.status).toBe(200);
  return res.json<TodaySet>();
}

describe('오늘의 인연', () => {
  it('prepares each active member’s set at 12:30 once, from visible candidates, with 궁합 and a notification', async () => {
    // Born 1996 / 1994: a window of its own (other tests here use the 1960s).
    const viewer = await seedMember({ name: '오늘뷰어', birthday: '1996-05-10' });
    await answerAlike(viewer);
    const a = await seedCandidate({ name: '가나' });
    const b = await seedCandidate({ name: '다라' });
    const c = await seedCandidate({ name: '마바' });
    await answerAlike(a);
    await answerAlike(b);
    const blocked = await seedCandidate({ name: '차단됨' });
    const banned = await seedCandidate({ name: '정지됨', status: 'BANNED', bannedUntil: null });
    const gone = await seedCandidate({ name: '탈퇴함', deletedAt: '2026-11-01T00:00:00.000Z' });
    const dormant = await seedMember({ name: '쉬는중', lastActiveAt: '2026-09-01T00:00:00.000Z' });
    expect((await block(viewer, blocked)).status).toBeLessThan(300);

    // Before the first run: no set.
    expect(await todayOf(viewer, NOW)).toEqual({ date: null, cards: [] });

    await runCron();
    const cards = await cardsOf(viewer);
    expect(cards).toHaveLength(TODAY_LIMITS.size);
    expect(cards.every((x) => x.day === DAY)).toBe(true);
    expect(new Set(cards.map((x) => x.candidate_id))).toEqual(new Set([a, b, c]));
    expect(cards.map((x) => x.position)).toEqual([0, 1, 2]);
    const compat = new Map(cards.map((x) => [x.candidate_id, x.compatibility]));
    expect(compat.get(a)).toBe(67);
    expect(compat.get(b)).toBe(67);
    expect(compat.get(c)).toBeNull(); // no answers: no 궁합
    // The candidates got theirs too (the viewer is a fit for each); the member not seen for 30 days none.
    expect((await cardsOf(a)).map((x) => x.candidate_id)).toContain(viewer);
    expect(await cardsOf(dormant)).toEqual([]);
    for (const hidden of [blocked, banned, gone]) {
      expect(cards.some((x) => x.candidate_id === hidden)).toBe(false);
    }
    // The blocked member's own set never holds the viewer either.
    expect((await cardsOf(blocked)).some((x) => x.candidate_id === viewer)).toBe(false);

    const ready = (await rowsOf(viewer)).filter((r) => r.kind === 'TODAY');
    expect(ready).toHaveLength(1);
    expect(ready[0]).toMatchObject({ group_key: `today:${DAY}`, link: '/main', actor_id: null, count: 3 });
    expect(ready[0]!.text).toContain('오늘의 인연 3명');

    // The same run again (a retried trigger): nothing changes, nothing is announced twice.
    await runCron('2026-11-27T03:31:00.000Z');
    expect(await cardsOf(viewer)).toEqual(cards);
    expect((await rowsOf(viewer)).filter((r) => r.kind === 'TODAY')).toHaveLength(1);

    // The set as the member opens it: cards in order with 궁합 and reasons.
    const set = await todayOf(viewer);
    expect(set.date).toBe(DAY);
    expect(set.cards.map((x) => x.memberId)).toEqual(cards.map((x) => x.candidate_id));
    const first = set.cards.find((x) => x.memberId === a)!;
    expect(first).toMatchObject({
      name: '가나',
      compatibility: 67,
      action: null,
      verified: { identity: true, photo: false },
    });
    expect(first.reasons.length).toBeGreaterThan(0);
    expect(first.mainImageUrl).toMatch(/^\/media\//);

    // The next morning, before 12:30, yesterday's set is still the one; a block since hides its card.
    await block(c, viewer);
    const nextMorning = await todayOf(viewer, '2026-11-28T01:00:00.000Z');
    expect(nextMorning.date).toBe(DAY);
    expect(nextMorning.cards.map((x) => x.memberId).sort()).toEqual([a, b].sort());
    // The next run: nobody is shown again within the week, so today's set holds no one from yesterday.
    await runCron('2026-11-28T03:30:00.000Z');
    const tomorrow = await cardsOf(viewer);
    expect(tomorrow.filter((x) => x.day === '2026-11-28')).toEqual([]);
  });

  it('opens in one read and records 넘기기, 좋아요 and 대화 신청 on the cards', async () => {
    const viewer = await seedMember({ name: '육십뷰어', birthday: '1965-03-03' });
    const [p, q, r] = [
      await seedCandidate({ name: '하나', birthday: '1963-01-01' }),
      await seedCandidate({ name: '두울', birthday: '1963-02-02' }),
      await seedCandidate({ name: '세엣', birthday: '1963-03-03' }),
    ];
    const stranger = await seedCandidate({ name: '남남', birthday: '1950-01-01' });
    await runCron();

    // One statement reads the set (batched with the auth statement).
    const { db: recording, statements } = recordingDb();
    const ctx = createExecutionContext();
    const res = await buildApp().fetch(
      new Request(`${ORIGIN}/api/on/today`, {
        headers: { Authorization: `Bearer ${await tokenFor(viewer, new Date(LATER))}` },
      }),
      { ...env, DB: recording, FIXED_NOW: LATER },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect((await res.json<TodaySet>()).cards).toHaveLength(3);
    expect(statements.filter((s) => s.includes('today_cards'))).toHaveLength(1);
    expect(statements.some((s) => s.includes('member_vectors'))).toBe(false); // no ranking on open

    // 넘기기: on my card only; a stranger's id or someone else's card is 404.
    expect((await callAs(viewer, `/api/on/today/${p}/pass`, { method: 'POST', at: LATER })).status).toBe(204);
    expect((await callAs(viewer, `/api/on/today/${stranger}/pass`, { method: 'POST', at: LATER })).status).toBe(404);
    expect((await callAs(stranger, `/api/on/today/${p}/pass`, { method: 'POST', at: LATER })).status).toBe(404);
    expect((await callAs(viewer, `/api/on/today/abc/pass`, { method: 'POST', at: LATER })).status).toBe(404);

    // 좋아요 through the heart call; 대화 신청 through the chat request call (with its intro).
    expect((await callAs(viewer, `/api/on/heart/${q}`, { method: 'PUT', at: LATER })).status).toBe(200);
    const asked = await callAs(viewer, `/api/on/matching/request/${r}`, {
      method: 'POST',
      body: { intro: '오늘의 인연으로 만나서 반가워요' },
      at: LATER,
    });
    expect(asked.status).toBe(200);
    // A heart after the request never turns 대화 신청 back into 좋아요.
    await callAs(viewer, `/api/on/heart/${r}`, { method: 'PUT', at: LATER });
    // 넘기기 after 좋아요 changes nothing.
    await callAs(viewer, `/api/on/today/${q}/pass`, { method: 'POST', at: LATER });

    const actions = new Map((await todayOf(viewer)).cards.map((x) => [x.memberId, x.action]));
    expect(actions).toEqual(
      new Map([
        [p, 'PASSED'],
        [q, 'LIKED'],
        [r, 'REQUESTED'],
      ]),
    );
  });

  it('continues through the notif queue: a batch message prepares the sets of the members after its id', async () => {
    const viewer = await seedMember({ name: '큐뷰어', birthday: '1982-04-04' });
    const one = await seedCandidate({ name: '큐후보', birthday: '1981-04-04' });
    const result = await consume([
      { type: 'today', day: '2026-11-29', at: '2026-11-29T03:30:00.000Z', afterMemberId: viewer - 1 },
    ]);
    expect(result.explicitAcks).toHaveLength(1);
    expect((await cardsOf(viewer)).map((x) => [x.day, x.candidate_id])).toEqual([['2026-11-29', one]]);
    expect((await cardsOf(one)).map((x) => [x.day, x.candidate_id])).toEqual([['2026-11-29', viewer]]);
  });
});
