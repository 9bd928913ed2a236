// Issue 24 §1: 가치관 질문 — the catalogue, strict answers (bad input → 400 in Korean), upsert and
// removal, the flood limit, 궁합 on cards and the profile, and private answers that count but never show.
import { describe, expect, it } from 'vitest';
import type { NearbyPage, PopularProfile } from '../../src/contract/matching';
import type { ModalProfile } from '../../src/contract/profiles';
import {
  VALUE_CATEGORIES,
  VALUES_KO,
  VALUES_LIMITS,
  type MyValueAnswer,
  type ValueQuestionView,
} from '../../src/contract/values';
import { eq } from 'drizzle-orm';
import * as schema from '../../src/db/schema';
import { block, callAs, db, heart, recommendPages, seedCandidate, seedMember } from '../helpers/matching';

type Input = MyValueAnswer;
const ans = (questionId: number, pick: number, accept: number[], extra: Partial<Input> = {}): Input => ({
  questionId,
  answerId: questionId * 10 + pick,
  accept: accept.map((k) => questionId * 10 + k),
  importance: 'VERY',
  public: true,
  ...extra,
});
const put = (me: number, body: unknown) => callAs(me, '/api/on/values/answers', { method: 'PUT', body });
const mine = async (me: number) => (await callAs(me, '/api/on/values/answers')).json<MyValueAnswer[]>();
const modal = (me: number, other: number) => callAs(me, `/api/on/profile/modal/${other}`);

async function answerAll(me: number, list: Input[]) {
  const res = await put(me, list);
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('value questions', () => {
  it('lists at least 40 questions over six categories, 2–4 answers each, ids unique', async () => {
    const me = await seedMember();
    const res = await callAs(me, '/api/on/values/questions');
    expect(res.status).toBe(200);
    const qs = await res.json<ValueQuestionView[]>();
    expect(qs.length).toBeGreaterThanOrEqual(40);
    expect(new Set(qs.map((q) => q.category))).toEqual(new Set(VALUE_CATEGORIES));
    const answerIds = qs.flatMap((q) => q.answers.map((a) => a.id));
    expect(new Set(answerIds).size).toBe(answerIds.length);
    expect(new Set(qs.map((q) => q.id)).size).toBe(qs.length);
    for (const q of qs) {
      expect(q.answers.length).toBeGreaterThanOrEqual(2);
      expect(q.answers.length).toBeLessThanOrEqual(4);
      expect(q.text).toMatch(/요\?$/);
    }
    expect((await callAs(0, '/api/on/values/questions')).status).toBe(401);
  });

  it('refuses bad answers with Korean messages and saves nothing', async () => {
    const me = await seedMember();
    const cases: [unknown, string][] = [
      [[ans(9999, 1, [1])], VALUES_KO.unknownQuestion],
      [[{ ...ans(1, 1, [1]), answerId: 21 }], VALUES_KO.unknownAnswer],
      [[ans(1, 1, [])], VALUES_KO.acceptRequired],
      [[{ ...ans(1, 1, [1]), accept: [11, 21] }], VALUES_KO.acceptUnknown],
      [[ans(1, 1, [1, 1])], VALUES_KO.acceptDuplicate],
      [[ans(1, 1, [1]), ans(1, 2, [2])], VALUES_KO.duplicateQuestion],
      [[{ ...ans(1, 1, [1]), importance: 'HUGE' }], VALUES_KO.importance],
      [[{ ...ans(1, 1, [1]), memberId: 5 }], '알 수 없는'],
      [{ questionId: 1 }, VALUES_KO.notArray],
      [Array.from({ length: VALUES_LIMITS.perPut + 1 }, () => ans(1, 1, [1])), VALUES_KO.tooMany],
    ];
    for (const [body, message] of cases) {
      const res = await put(me, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const err = await res.json<{ message: string; fields?: Record<string, string> }>();
      expect(JSON.stringify(err)).toContain(message);
    }
    expect(await mine(me)).toEqual([]);
  });

  it('upserts the given answers, keeps the others, and removes one', async () => {
    const me = await seedMember();
    await answerAll(me, [ans(1, 1, [1, 2]), ans(2, 2, [2], { importance: 'LITTLE', public: false })]);
    await answerAll(me, [ans(1, 3, [3]), ans(11, 1, [1, 2, 3], { importance: 'SOMEWHAT' })]);
    expect(await mine(me)).toEqual([
      { questionId: 1, answerId: 13, accept: [13], importance: 'VERY', public: true },
      { questionId: 2, answerId: 22, accept: [22], importance: 'LITTLE', public: false },
      { questionId: 11, answerId: 111, accept: [111, 112, 113], importance: 'SOMEWHAT', public: true },
    ]);
    expect((await callAs(me, '/api/on/values/answers/2', { method: 'DELETE' })).status).toBe(204);
    expect((await callAs(me, '/api/on/values/answers/2', { method: 'DELETE' })).status).toBe(404);
    expect((await callAs(me, '/api/on/values/answers/abc', { method: 'DELETE' })).status).toBe(404);
    expect((await mine(me)).map((a) => a.questionId)).toEqual([1, 11]);
    // Another member's answers are their own.
    expect(await mine(await seedMember())).toEqual([]);
  });

  it('limits a flood of writes with one 429', async () => {
    const me = await seedMember();
    const at = '2032-02-02T03:00:00.000Z';
    for (let i = 0; i < VALUES_LIMITS.writes.max; i++) {
      const res = await callAs(me, '/api/on/values/answers', { method: 'PUT', body: [ans(1, 1, [1])], at });
      expect(res.status).toBe(200);
    }
    const res = await callAs(me, '/api/on/values/answers', { method: 'PUT', body: [ans(1, 1, [1])], at });
    expect(res.status).toBe(429);
    expect((await res.json<{ message: string }>()).message).toBe(VALUES_KO.tooOften);
  });
});

describe('궁합', () => {
  it('is on recommendation, nearby and popular cards: a number with enough shared questions, else null', async () => {
    const me = await seedMember();
    const matchy = await seedCandidate({ name: '궁합좋음' });
    const fewShared = await seedCandidate({ name: '공통적음' });
    await answerAll(me, [ans(1, 1, [1]), ans(2, 1, [1]), ans(3, 1, [1]), ans(4, 1, [1])]);
    await answerAll(matchy, [ans(1, 1, [1]), ans(2, 1, [1]), ans(3, 1, [1]), ans(4, 1, [1])]);
    await answerAll(fewShared, [ans(1, 1, [1]), ans(2, 1, [1])]);
    const cards = (await recommendPages(me)).flat();
    expect(cards.find((c) => c.memberId === matchy)?.compatibility).toBe(75); // 100 % − 1/4 margin
    expect(cards.find((c) => c.memberId === fewShared)?.compatibility).toBeNull();
    expect(cards.every((c) => 'compatibility' in c)).toBe(true);

    const near = await (await callAs(me, '/api/on/matching/nearby?radiusKm=5&page=0')).json<NearbyPage>();
    expect(near.content.every((c) => 'compatibility' in c)).toBe(true);

    const at = '2033-04-10T00:00:00.000Z';
    await heart(await seedMember(), matchy, at);
    const pop = await (await callAs(me, '/api/on/matching/popular', { at })).json<PopularProfile[]>();
    expect(pop.find((c) => c.memberId === matchy)?.compatibility).toBe(75);
  });

  it('shows on the profile with the shared public answers only; private answers count but never show', async () => {
    const me = await seedMember();
    const other = await seedCandidate();
    await answerAll(me, [ans(1, 1, [1, 2]), ans(2, 1, [1]), ans(3, 1, [1]), ans(5, 1, [1])]);
    await answerAll(other, [
      ans(1, 2, [1]), // public, fits what I accept
      ans(2, 2, [1]), // public, does not fit
      ans(3, 1, [1], { public: false }), // private: counted, never shown
      ans(4, 1, [1]), // I did not answer it
    ]);
    const res = await modal(me, other);
    expect(res.status).toBe(200);
    const profile = await res.json<ModalProfile>();
    // I accept theirs on 1 and 3 (weight 50 each) of 3 shared: 2/3; they accept mine on 1, 2, 3: 1.
    expect(profile.compatibility).toBe(Math.round((Math.sqrt(2 / 3) - 1 / 3) * 100));
    expect(profile.sharedValues).toEqual([
      { questionId: 1, question: expect.stringContaining('연락'), answer: expect.any(String), fits: true },
      { questionId: 2, question: expect.any(String), answer: expect.any(String), fits: false },
    ]);
    expect(JSON.stringify(profile)).not.toContain('"questionId":3');
    // Their view of me: all my answers are public, so they see the three we share.
    const theirs = await (await modal(other, me)).json<ModalProfile>();
    expect(theirs.sharedValues?.map((s) => s.questionId)).toEqual([1, 2, 3]);
  });

  it('of a blocked or hidden member is the same 404 as a missing one', async () => {
    const me = await seedMember();
    const blocked = await seedCandidate();
    const blockedMe = await seedCandidate();
    const banned = await seedCandidate();
    for (const m of [me, blocked, blockedMe, banned])
      await answerAll(m, [ans(1, 1, [1]), ans(2, 1, [1]), ans(3, 1, [1])]);
    await db()
      .update(schema.members)
      .set({ status: 'BANNED', bannedUntil: '2099-01-01T00:00:00.000Z' })
      .where(eq(schema.members.id, banned));
    await block(me, blocked);
    await block(blockedMe, me);
    const missing = await (await modal(me, 99_999_999)).json<{ code: string; message: string }>();
    for (const other of [blocked, blockedMe, banned]) {
      const res = await modal(me, other);
      expect(res.status).toBe(404);
      const body = await res.json<{ code: string; message: string; compatibility?: unknown }>();
      expect([body.code, body.message]).toEqual([missing.code, missing.message]);
      expect(body.compatibility).toBeUndefined();
    }
    const cards = (await recommendPages(me)).flat().map((c) => c.memberId);
    expect(cards).not.toContain(blocked);
    expect(cards).not.toContain(blockedMe);
  });
});
