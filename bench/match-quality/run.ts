// `npm run bench:match-quality`: a simulated population with hidden tastes (taste.ts: interests,
// age, distance, appeal, and profile details — MBTI, smoking, drinking, relationship goal) uses
// Ongi for a few simulated days: each day some members open their recommendations, heart those
// they like per their hidden taste and send some a chat request; the other side accepts or
// rejects per theirs; the rest of the page is passed over. Everything is written as real rows
// through the Worker's own repos on libSQL, and each night the recommender is trained on those
// rows by the same function the Cron Trigger runs (model/job.ts). Then the same candidates
// (same hard filters and pool) are ordered four ways for held-out evaluation viewers:
// random, one-sided interest overlap, today's formula alone, and the blended learned
// recommender; reported: the expected mutual-like rate among the shown pairs, and how
// concentrated exposure is (share of impressions the top 10 % of members receive). A fifth
// order, the oracle, ranks by the hidden truth itself (P(both like) from taste.ts, which no
// recommender sees): the ceiling any ranking of these pools could reach.
// The evaluation is on the day after the simulated days (pools without the cards shown then,
// which the model trained on); tune on other seeds (e.g. --seeds 3) than the reported 7,8.
//   tsx bench/match-quality/run.ts [--members 4000] [--viewers 400] [--seeds 7,8] [--days 4] [--actors 500] [--tune 0.6,1,0.8/1/2]
//     [--train '{"memberSlopes":[]}'] [--tag x] [--split] [--values both|model|formula|none]
// --values: where the simulated members' 가치관 answers (values.ts) are used — both (default: the
// formula's 궁합 factor and the model's values features), model, formula, or none (no answers at all).
// --split adds where the gap to the oracle is (docs/matching.md "How well it works").
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createClient, type InStatement } from '@libsql/client';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { insertPendingIfNone, rejectRequest } from '../../worker/src/areas/chat-requests/repo';
import { insertHeart } from '../../worker/src/areas/hearts/repo';
import { loadViewerAndRanking } from '../../worker/src/areas/matching/candidate-repo';
import { koreanDay } from '../../worker/src/lib/day';
import { trainRecommender } from '../../worker/src/areas/matching/model/job';
import type { TrainOptions } from '../../worker/src/areas/matching/model/train';
import { learnedInputs } from '../../worker/src/areas/matching/model/repo';
import { likeScore } from '../../worker/src/areas/matching/model/train';
import { candidateProfile, loadPool, rankPool, viewerProfile } from '../../worker/src/areas/matching/ranking';
import { saveHistory } from '../../worker/src/areas/matching/ranking-repo';
import { interestShare } from '../../worker/src/areas/matching/scoring';
import { chatRequests, matchingHistory } from '../../worker/src/db/schema';
import * as schema from '../../worker/src/db/schema';
import type { Db } from '../../worker/src/lib/env';
import { ROOT } from '../../scripts/demo/local-state';
import { seededRandom, type Random } from '../../scripts/demo/random';
import { loadPopulation } from '../recommend/generate';
import { drawDetails, generatePopulation, seeks, type SimHeart, type SimMember } from '../recommend/population';
import { likeProbability } from './taste';
import { drawAnswers } from './values';
import { answerMap } from '../../worker/src/contract/values-core';
import type { PairProfile } from '../../worker/src/areas/matching/model/pair';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '4000' },
    viewers: { type: 'string', default: '400' },
    seeds: { type: 'string', default: '7,8' },
    days: { type: 'string', default: '4' },
    actors: { type: 'string', default: '500' },
    // Validation only (e.g. --seeds 3 --tune 0.6,1,0.8/1/4): extra rows with other blend settings,
    // maxWeight[/minEvents/fullEvents] (model/blend.ts BLEND).
    tune: { type: 'string', default: '' },
    // Validation only: training options other than the defaults, as JSON (e.g. '{"memberSlopes":[]}').
    train: { type: 'string', default: '' },
    // Suffix of the scratch directories, so two runs can go side by side.
    tag: { type: 'string', default: '' },
    // Diagnostics: where the gap to the oracle is (by the viewer's judged cards, by side).
    split: { type: 'boolean', default: false },
    // Ablation: where the 가치관 answers are used (both | model | formula | none).
    values: { type: 'string', default: 'both' },
  },
});
const TRAIN_OPTIONS = (args.train ? JSON.parse(String(args.train)) : {}) as Partial<TrainOptions>;
const TUNE = String(args.tune)
  .split(',')
  .filter((x) => x.trim() !== '')
  .map((x) => {
    const [maxWeight, minEvents, fullEvents] = x.split('/').map(Number);
    return { label: x, blend: { maxWeight, ...(minEvents !== undefined ? { minEvents, fullEvents } : {}) } };
  });
const VALUES_MODE = String(args.values);
if (!['both', 'model', 'formula', 'none'].includes(VALUES_MODE)) throw new Error(`--values ${VALUES_MODE}?`);
const VALUES_USE = {
  formula: VALUES_MODE === 'both' || VALUES_MODE === 'formula',
  model: VALUES_MODE === 'both' || VALUES_MODE === 'model',
};
const PAGES = 5;
const SHOWN = PAGES * 20;
const DAY = 86_400_000;
/** Share of liked cards that also get a chat request. */
const REQUEST_SHARE = 0.3;

/**
 * --split: the member with every private weight replaced by the population's mean (taste.ts's
 * draws), appeal and profile kept — the truth as far as it is shared by everybody.
 */
function averageTaste(m: SimMember): SimMember {
  const smoker = m.details?.smoking === 'YES' || m.details?.smoking === 'SOMETIMES';
  return {
    ...m,
    taste: { interests: 1.25, age: 0.2, distance: 0.0275, pickiness: 0 },
    detailTaste: m.detailTaste && {
      mbti: [0, 0, 0, 0],
      smokeAversion: smoker ? 0 : 1.5,
      drinkMatch: 0.75,
      goalClash: 1.25,
    },
  };
}

/** Past behaviour: each member was shown ~60 people and hearted some of those they liked. */
function pastHearts(rng: Random, members: readonly SimMember[], now: Date): SimHeart[] {
  const hearts: SimHeart[] = [];
  for (const m of members) {
    if (m.status !== 'ACTIVE') continue;
    for (let k = 0; k < 60; k++) {
      const other = members[rng.int(0, members.length - 1)];
      if (!other || other.id === m.id || !seeks(m, other)) continue;
      if (rng.chance(0.35 * likeProbability(m, other))) {
        hearts.push({ from: m.id, to: other.id, at: new Date(now.getTime() - rng.between(0, 13) * DAY).toISOString() });
      }
    }
  }
  const seen = new Set<string>();
  return hearts.filter((h) => !seen.has(`${h.from}:${h.to}`) && seen.add(`${h.from}:${h.to}`));
}

async function freshDb(dir: string): Promise<{ db: Db; close: () => void; client: ReturnType<typeof createClient> }> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const client = createClient({ url: `file:${path.join(dir, 'sim.sqlite')}` });
  const migrations = path.join(ROOT, 'migrations');
  for (const file of readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    for (const statement of readFileSync(path.join(migrations, file), 'utf8').split('--> statement-breakpoint')) {
      if (statement.trim()) await client.execute(statement);
    }
  }
  return { db: drizzle(client, { schema }) as unknown as Db, close: () => client.close(), client };
}

/** The members' profile details as real member_profile_details rows. */
async function loadDetails(client: ReturnType<typeof createClient>, members: readonly SimMember[]): Promise<void> {
  const statements: InStatement[] = members
    .filter((m) => m.details)
    .map((m) => ({
      sql: 'INSERT INTO member_profile_details (member_id, mbti, smoking, drinking, looking_for) VALUES (?, ?, ?, ?, ?)',
      args: [
        m.id,
        m.details?.mbti ?? null,
        m.details?.smoking ?? null,
        m.details?.drinking ?? null,
        m.details?.goal ?? null,
      ],
    }));
  for (let i = 0; i < statements.length; i += 500) await client.batch(statements.slice(i, i + 500), 'write');
}

type Tally = { pairs: number; mutual: number; viewerLikes: number; candidateLikes: number };
const tally = (): Tally => ({ pairs: 0, mutual: 0, viewerLikes: 0, candidateLikes: 0 });

function count(t: Tally, v: SimMember, shown: readonly (SimMember | undefined)[], exposure: Map<number, number>): void {
  for (const c of shown) {
    if (!c) continue;
    const a = likeProbability(v, c);
    const b = likeProbability(c, v);
    t.pairs += 1;
    t.viewerLikes += a;
    t.candidateLikes += b;
    t.mutual += a * b; // expected mutual likes: no sampling noise between methods
    exposure.set(c.id, (exposure.get(c.id) ?? 0) + 1);
  }
}

function timed<T>(acc: Record<string, number>, key: string, run: () => T): T {
  const t0 = performance.now();
  const out = run();
  acc[key] = (acc[key] ?? 0) + performance.now() - t0;
  return out;
}

/** Share of all impressions received by the most-shown 10 % of `population` members. */
function top10Share(exposure: Map<number, number>, population: number): number {
  const counts = [...exposure.values()].sort((a, b) => b - a);
  const total = counts.reduce((s, n) => s + n, 0);
  const top = counts.slice(0, Math.ceil(population / 10)).reduce((s, n) => s + n, 0);
  return total > 0 ? top / total : 0;
}

const METHODS = ['ours', 'formula', 'random', 'oneSided', 'oracle'] as const;
type Method = (typeof METHODS)[number];
type SeedResult = {
  tallies: Record<Method, Tally>;
  exposure: Record<Method, number>;
  tune: { tally: Tally; exposure: number }[];
  line: string;
};

/** Simulated days of real use: shown → heart / request → accept / reject, the rest passed over. */
async function simulateDays(
  db: Db,
  rng: Random,
  members: readonly SimMember[],
  byId: Map<number, SimMember>,
  start: Date,
) {
  const days = Number(args.days);
  const eligible = members.filter((m) => m.status === 'ACTIVE' && (m.romanceMatching || m.friendMatching));
  const stats = { shown: 0, hearts: 0, requests: 0, accepted: 0, rejected: 0, trainedMembers: 0, loss: '', epochs: '' };
  for (let d = 0; d < days; d++) {
    const dayNow = new Date(start.getTime() + d * DAY);
    const at = dayNow.toISOString();
    const pendingSince = new Date(dayNow.getTime() - 7 * DAY).toISOString();
    for (const sim of rng.sample(eligible, Number(args.actors))) {
      const { viewer } = await loadViewerAndRanking(db, sim.id);
      if (!viewer) continue;
      const page = rankPool(viewer, await loadPool(db, viewer, dayNow), dayNow, koreanDay(dayNow), {
        values: VALUES_USE,
      }).slice(0, 20);
      await saveHistory(db, sim.id, page, 0, at, at);
      stats.shown += page.length;
      for (const id of page) {
        const other = byId.get(id);
        if (!other || !rng.chance(likeProbability(sim, other))) continue;
        if (await insertHeart(db, sim.id, id, at)) stats.hearts += 1;
        if (!rng.chance(REQUEST_SHARE)) continue;
        const requestId = await insertPendingIfNone(db, {
          requesterId: sim.id,
          targetId: id,
          intro: null,
          at,
          pendingSince,
        });
        if (requestId === undefined) continue;
        stats.requests += 1;
        const answeredAt = new Date(dayNow.getTime() + 3_600_000).toISOString();
        if (rng.chance(likeProbability(other, sim))) {
          // The Worker's acceptRequest opens the room in a D1 batch (D1 client API, not libSQL):
          // here only the request's own row changes, as that statement does.
          await db
            .update(chatRequests)
            .set({ status: 'ACCEPTED', answeredAt })
            .where(and(eq(chatRequests.id, requestId), eq(chatRequests.status, 'PENDING')));
          stats.accepted += 1;
        } else if (await rejectRequest(db, requestId, id, answeredAt)) stats.rejected += 1;
      }
    }
    // The night's Cron Trigger: the same training the Worker runs.
    const report = await trainRecommender(
      db,
      new Date(dayNow.getTime() + 16 * 3_600_000),
      TRAIN_OPTIONS,
      VALUES_USE.model,
    );
    stats.trainedMembers = report.members;
    stats.loss = `${report.lossFirst.toFixed(3)}→${report.lossLast.toFixed(3)} (${report.events.toLocaleString('ko-KR')} events)`;
    stats.epochs += `${d > 0 ? ',' : ''}${report.epochs}`;
  }
  return stats;
}

async function runSeed(seed: number): Promise<SeedResult> {
  const started = performance.now();
  const now = new Date('2026-11-20T03:00:00Z');
  const members = generatePopulation(seededRandom(seed), Number(args.members), 1, now);
  drawDetails(seededRandom(seed + 11), members);
  const byId = new Map(members.map((m) => [m.id, m]));
  const hearts = pastHearts(seededRandom(seed + 3), members, now);
  const { db, close, client } = await freshDb(`/tmp/ongi-bench-match-quality-${seed}${args.tag ? `-${args.tag}` : ''}`);
  try {
    const loaded = await loadPopulation(client, members, hearts, seed);
    await loadDetails(client, members);
    const drawn = drawAnswers(seededRandom(seed + 13), members);
    if (VALUES_MODE !== 'none')
      for (let i = 0; i < drawn.statements.length; i += 500)
        await client.batch(drawn.statements.slice(i, i + 500), 'write');
    const sim = await simulateDays(db, seededRandom(seed + 5), members, byId, now);
    const evalNow = new Date(now.getTime() + Number(args.days) * DAY);
    const rng = seededRandom(seed + 4);
    const viewers = rng.sample(
      members.filter((m) => m.status === 'ACTIVE' && (m.romanceMatching || m.friendMatching)),
      Number(args.viewers),
    );
    const tallies = { ours: tally(), formula: tally(), random: tally(), oneSided: tally(), oracle: tally() };
    const exposure = {
      ours: new Map(),
      formula: new Map(),
      random: new Map(),
      oneSided: new Map(),
      oracle: new Map(),
    } as Record<Method, Map<number, number>>;
    const tuneTallies = TUNE.map(() => ({ tally: tally(), exposure: new Map<number, number>() }));
    let changed = 0;
    const rankMs = { ours: 0, formula: 0 };
    // --split: per bucket of the viewer's judged cards (cards shown to them on the simulated
    // days), the mutual-like rate of ours, the oracle, the learned product alone (no formula, no
    // day variety), the two half-oracles (one side's truth × the other side learned), the truth
    // with everybody's private weights replaced by the population's mean (sharedTruth), and the
    // truth with private weights known exactly for members who judged cards and the mean for
    // the others, the formula kept for viewers without vectors (actorsTruth: roughly the best a
    // learner could do that sees behaviour only, if it learned every judged card's lesson perfectly).
    const SPLIT = [
      'ours',
      'oracle',
      'learnedOnly',
      'trueViewer',
      'trueCandidate',
      'sharedTruth',
      'actorsTruth',
    ] as const;
    type SplitOrder = (typeof SPLIT)[number];
    const buckets = ['0', '1-5', '6-15', '16+', 'no vectors'];
    const split = buckets.map(() => ({
      viewers: 0,
      t: Object.fromEntries(SPLIT.map((k) => [k, tally()])) as Record<SplitOrder, Tally>,
    }));
    const judgedBy = new Map<number, number>();
    if (args.split)
      for (const r of await db.select({ m: matchingHistory.memberId }).from(matchingHistory))
        judgedBy.set(r.m, (judgedBy.get(r.m) ?? 0) + 1);
    for (const simViewer of viewers) {
      const { viewer } = await loadViewerAndRanking(db, simViewer.id);
      if (!viewer) continue;
      // One pool for all four orders: same hard filters, same candidates.
      const pool = await loadPool(db, viewer, evalNow);
      const day = koreanDay(evalNow);
      const ids = pool.candidates.map((c) => c.id);
      const orders: Record<Method, number[]> = {
        ours: timed(rankMs, 'ours', () => rankPool(viewer, pool, evalNow, day, { values: VALUES_USE })),
        formula: timed(rankMs, 'formula', () =>
          rankPool(viewer, pool, evalNow, day, { learned: false, values: VALUES_USE }),
        ),
        random: rng.sample(ids, SHOWN),
        oneSided: [...rng.sample(ids, ids.length)]
          .map((id) => ({ id, share: interestShare(viewer.interests, byId.get(id)?.interests ?? []) }))
          .sort((a, b) => b.share - a.share)
          .map((x) => x.id),
        oracle: ids
          .map((id) => {
            const c = byId.get(id);
            return { id, p: c ? likeProbability(simViewer, c) * likeProbability(c, simViewer) : 0 };
          })
          .sort((a, b) => b.p - a.p || a.id - b.id)
          .map((x) => x.id),
      };
      if (orders.ours.slice(0, 20).join() !== orders.formula.slice(0, 20).join()) changed += 1;
      TUNE.forEach((w, i) => {
        const t = tuneTallies[i]!;
        const order = rankPool(viewer, pool, evalNow, day, { blend: w.blend, values: VALUES_USE });
        count(
          t.tally,
          simViewer,
          order.slice(0, SHOWN).map((id) => byId.get(id)),
          t.exposure,
        );
      });
      if (args.split) {
        const withValues = (p: PairProfile, id: number): PairProfile => {
          const list = pool.answers.get(id) ?? [];
          return VALUES_USE.model && list.length ? { ...p, values: answerMap(list) } : p;
        };
        const inputs = learnedInputs(
          pool.viewerVector,
          pool.candidates.map((c) => ({
            id: c.id,
            vector: c.vector,
            profile: withValues(
              candidateProfile({ ...c, interests: c.interests ? c.interests.split('|') : [] }, c.lifestyle),
              c.id,
            ),
          })),
          withValues(viewerProfile(viewer), viewer.id),
          pool.model,
        );
        const judged = judgedBy.get(simViewer.id) ?? 0;
        const b = !inputs ? 4 : judged === 0 ? 0 : judged <= 5 ? 1 : judged <= 15 ? 2 : 3;
        const side = (id: number): [number, number] => {
          const c = inputs?.candidates.get(id);
          if (!inputs?.viewer || !c) return [Number.NaN, Number.NaN];
          const [uv, vu] = inputs.pair?.get(id) ?? [0, 0];
          return [likeScore(inputs.viewer, c, uv), likeScore(c, inputs.viewer, vu)];
        };
        const learnedSides = new Map(ids.map((id) => [id, side(id)]));
        const known = [...learnedSides.values()].filter(([a]) => Number.isFinite(a));
        const meanA = known.reduce((x, [a]) => x + a, 0) / Math.max(1, known.length);
        const meanB = known.reduce((x, [, bb]) => x + bb, 0) / Math.max(1, known.length);
        const by = (score: (id: number, c: SimMember) => number) =>
          ids
            .map((id) => ({ id, p: score(id, byId.get(id)!) }))
            .sort((x, y) => y.p - x.p || x.id - y.id)
            .map((x) => x.id);
        const la = (id: number) => (Number.isFinite(learnedSides.get(id)?.[0]) ? learnedSides.get(id)![0] : meanA);
        const lb = (id: number) => (Number.isFinite(learnedSides.get(id)?.[1]) ? learnedSides.get(id)![1] : meanB);
        const splitOrders: Record<SplitOrder, number[]> = {
          ours: orders.ours,
          oracle: orders.oracle,
          learnedOnly: inputs ? by((id) => la(id) * lb(id)) : orders.ours,
          trueViewer: inputs ? by((id, c) => likeProbability(simViewer, c) * lb(id)) : orders.ours,
          trueCandidate: inputs ? by((id, c) => la(id) * likeProbability(c, simViewer)) : orders.ours,
          sharedTruth: by(
            (_, c) => likeProbability(averageTaste(simViewer), c) * likeProbability(averageTaste(c), simViewer),
          ),
          // Private weights known exactly for members who judged cards, the mean for the others.
          actorsTruth: inputs
            ? by((_, c) => {
                const known = (m: SimMember) => ((judgedBy.get(m.id) ?? 0) > 0 ? m : averageTaste(m));
                return likeProbability(known(simViewer), c) * likeProbability(known(c), simViewer);
              })
            : orders.ours,
        };
        const row = split[b]!;
        row.viewers += 1;
        for (const k of SPLIT)
          count(
            row.t[k],
            simViewer,
            splitOrders[k].slice(0, SHOWN).map((id) => byId.get(id)),
            new Map(),
          );
      }
      for (const m of METHODS) {
        count(
          tallies[m],
          simViewer,
          orders[m].slice(0, SHOWN).map((id) => byId.get(id)),
          exposure[m],
        );
      }
    }
    const pct = (t: Tally, k: keyof Tally) => `${((100 * t[k]) / Math.max(1, t.pairs)).toFixed(2)}%`;
    const active = members.filter((m) => m.status === 'ACTIVE').length;
    const row = (label: string, m: Method) =>
      `  ${label.padEnd(26)} ${pct(tallies[m], 'mutual').padStart(7)}   ${pct(tallies[m], 'viewerLikes').padStart(7)}   ${pct(tallies[m], 'candidateLikes').padStart(7)}   ${(100 * top10Share(exposure[m], active)).toFixed(1).padStart(5)}%`;
    console.log(
      `\n[seed ${seed}] 회원 ${members.length.toLocaleString('ko-KR')}명, 처음 마음 ${loaded.hearts.toLocaleString('ko-KR')}개 · ` +
        `${args.days}일 동안 하루 ${args.actors}명이 추천을 봤어요: 카드 ${sim.shown.toLocaleString('ko-KR')}장, 마음 ${sim.hearts.toLocaleString('ko-KR')}개, ` +
        `채팅 신청 ${sim.requests}건 (수락 ${sim.accepted}, 거절 ${sim.rejected}) · 학습 ${sim.trainedMembers.toLocaleString('ko-KR')}명, 손실 ${sim.loss}, 검증으로 고른 에포크 ${sim.epochs}`,
    );
    console.log(
      `  평가: 보는 사람 ${viewers.length}명 × ${PAGES}페이지, 학습 추천이 첫 페이지를 바꾼 사람 ${changed}명 · ` +
        `가치관 답 (${VALUES_MODE}): ${VALUES_MODE === 'none' ? '없음' : `${drawn.answered.toLocaleString('ko-KR')}명이 ${drawn.answers.toLocaleString('ko-KR')}개`}`,
    );
    console.log(`  ${'방법'.padEnd(26)} 상호 호감   내가 호감   상대가 호감   상위 10% 노출 몫`);
    console.log(row('학습 추천 (공식과 혼합)', 'ours'));
    console.log(row('오늘의 공식만', 'formula'));
    console.log(row('같은 후보, 무작위 순서', 'random'));
    console.log(row('같은 후보, 내 관심사 겹침순', 'oneSided'));
    console.log(row('오라클 (숨은 취향, 상한)', 'oracle'));
    TUNE.forEach((w, i) => {
      const t = tuneTallies[i]!;
      console.log(
        `  ${`(검증) 학습 가중치 ${w.label}`.padEnd(26)} ${pct(t.tally, 'mutual').padStart(7)}   ${pct(t.tally, 'viewerLikes').padStart(7)}   ${pct(t.tally, 'candidateLikes').padStart(7)}   ${(100 * top10Share(t.exposure, active)).toFixed(1).padStart(5)}%`,
      );
    });
    console.log(
      `  순위 매기기(JS, 후보 최대 450명) 평균: 학습 ${(rankMs.ours / viewers.length).toFixed(2)}ms, 공식만 ${(rankMs.formula / viewers.length).toFixed(2)}ms`,
    );
    if (args.split) {
      console.log(
        `  split (viewer's judged cards): viewers, mutual % of ${SPLIT.join(' / ')}; viewer-likes % ours/oracle; candidate-likes % ours/oracle`,
      );
      split.forEach((row, i) => {
        const r = (k: SplitOrder, f: keyof Tally = 'mutual') =>
          ((100 * row.t[k][f]) / Math.max(1, row.t[k].pairs)).toFixed(2);
        console.log(
          `    ${buckets[i]!.padEnd(10)} ${String(row.viewers).padStart(4)}  ${SPLIT.map((k) => r(k)).join(' / ')}   ` +
            `${r('ours', 'viewerLikes')}/${r('oracle', 'viewerLikes')}   ${r('ours', 'candidateLikes')}/${r('oracle', 'candidateLikes')}`,
        );
      });
      const sum = (k: SplitOrder, f: keyof Tally) => split.reduce((x, row) => x + row.t[k][f], 0);
      const all = (k: SplitOrder) => sum(k, 'mutual') / Math.max(1, sum(k, 'pairs'));
      console.log(`    all        ${SPLIT.map((k) => (100 * all(k)).toFixed(2)).join(' / ')}`);
      const random = tallies.random.mutual / Math.max(1, tallies.random.pairs);
      console.log(`    × random:  ${SPLIT.map((k) => `${k} ${(all(k) / random).toFixed(2)}×`).join(', ')}`);
    }
    console.log(`  전체 ${((performance.now() - started) / 1000).toFixed(1)}초`);
    return {
      tallies,
      exposure: Object.fromEntries(METHODS.map((m) => [m, top10Share(exposure[m], active)])) as Record<Method, number>,
      tune: tuneTallies.map((t) => ({ tally: t.tally, exposure: top10Share(t.exposure, active) })),
      line: '',
    };
  } finally {
    close();
  }
}

async function main(): Promise<void> {
  const seeds = String(args.seeds)
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isFinite(n));
  const results: SeedResult[] = [];
  for (const seed of seeds) results.push(await runSeed(seed));
  const rate = (m: Method) => {
    const pairs = results.reduce((s, r) => s + r.tallies[m].pairs, 0);
    return results.reduce((s, r) => s + r.tallies[m].mutual, 0) / Math.max(1, pairs);
  };
  const ratio = (m: Method) => (rate('ours') / Math.max(1e-12, rate(m))).toFixed(2);
  const meanExposure = (m: Method) => (100 * results.reduce((s, r) => s + r.exposure[m], 0)) / results.length;
  console.log(
    `\n모든 seed: 상호 호감률 학습 추천 ${(100 * rate('ours')).toFixed(2)}%, 공식 ${(100 * rate('formula')).toFixed(2)}%, ` +
      `무작위 ${(100 * rate('random')).toFixed(2)}%, 한쪽 관심사 ${(100 * rate('oneSided')).toFixed(2)}%, 오라클 ${(100 * rate('oracle')).toFixed(2)}% · ` +
      `상위 10% 노출 몫 학습 ${meanExposure('ours').toFixed(1)}%, 공식 ${meanExposure('formula').toFixed(1)}%`,
  );
  TUNE.forEach((w, i) => {
    const pairs = results.reduce((s, r) => s + (r.tune[i]?.tally.pairs ?? 0), 0);
    const mutual = results.reduce((s, r) => s + (r.tune[i]?.tally.mutual ?? 0), 0) / Math.max(1, pairs);
    const share = (100 * results.reduce((s, r) => s + (r.tune[i]?.exposure ?? 0), 0)) / results.length;
    console.log(
      `tune: weight ${w.label}: ${(mutual / rate('random')).toFixed(2)}× random, ${(mutual / rate('oneSided')).toFixed(2)}× one-sided, ` +
        `${(mutual / rate('formula')).toFixed(2)}× formula, top 10% share ${share.toFixed(1)}%`,
    );
  });
  const ceiling = (m: Method) => (rate('oracle') / Math.max(1e-12, rate(m))).toFixed(2);
  console.log(
    `ceiling: oracle ${ceiling('random')}× random, ${ceiling('oneSided')}× one-sided, ${ceiling('formula')}× formula, ` +
      `top 10% share ${meanExposure('oracle').toFixed(1)}% (hidden tastes; no recommender can see them)`,
  );
  console.log(
    `exposure: top 10% share ours ${meanExposure('ours').toFixed(1)}%, formula ${meanExposure('formula').toFixed(1)}%, ` +
      `one-sided ${meanExposure('oneSided').toFixed(1)}%, random ${meanExposure('random').toFixed(1)}%`,
  );
  console.log(
    `oracle share: ours ${((100 * rate('ours')) / Math.max(1e-12, rate('oracle'))).toFixed(1)}% of the oracle, formula ${((100 * rate('formula')) / Math.max(1e-12, rate('oracle'))).toFixed(1)}% (values: ${VALUES_MODE})`,
  );
  console.log(
    `match-quality: ours ${ratio('random')}× random, ${ratio('oneSided')}× one-sided, ${ratio('formula')}× formula (seeds ${seeds.join(',')})`,
  );
}

main().catch((err: unknown) => {
  console.error('✖ 매칭 품질 벤치마크 실패:', err);
  process.exit(1);
});
