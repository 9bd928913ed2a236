// `npm run bench:match-quality`: a simulated population with hidden tastes (taste.ts) browses 5
// pages of recommendations each. Reported: the rate of mutual likes among shown pairs for our
// reciprocal ranking, for a random order and for one-sided interest overlap — all three over the
// same candidates (same hard filters and pool), so only the order differs. The ranking runs
// in-process on libSQL (the Worker's own repo and scoring code), not through HTTP.
//   tsx bench/match-quality/run.ts [--members 4000] [--viewers 400] [--seed 7]
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { loadViewerAndRanking } from '../../worker/src/areas/matching/candidate-repo';
import { shiftYears } from '../../worker/src/areas/matching/day';
import { findCandidatePool } from '../../worker/src/areas/matching/pool-repo';
import { POOL_SIZES, filterBounds, rankForViewer } from '../../worker/src/areas/matching/ranking';
import { interestShare } from '../../worker/src/areas/matching/scoring';
import * as schema from '../../worker/src/db/schema';
import type { Db } from '../../worker/src/lib/env';
import { ROOT } from '../../scripts/demo/local-state';
import { seededRandom, type Random } from '../../scripts/demo/random';
import { loadPopulation } from '../recommend/generate';
import { generatePopulation, seeks, type SimHeart, type SimMember } from '../recommend/population';
import { likeProbability } from './taste';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '4000' },
    viewers: { type: 'string', default: '400' },
    seed: { type: 'string', default: '7' },
  },
});
const PAGES = 5;
const SHOWN = PAGES * 20;
const DAY = 86_400_000;

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

type Tally = { pairs: number; mutual: number; viewerLikes: number; candidateLikes: number };
const tally = (): Tally => ({ pairs: 0, mutual: 0, viewerLikes: 0, candidateLikes: 0 });

function count(t: Tally, v: SimMember, shown: readonly (SimMember | undefined)[]): void {
  for (const c of shown) {
    if (!c) continue;
    const a = likeProbability(v, c);
    const b = likeProbability(c, v);
    t.pairs += 1;
    t.viewerLikes += a;
    t.candidateLikes += b;
    t.mutual += a * b; // expected mutual likes: no sampling noise between methods
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const seed = Number(args.seed);
  const now = new Date('2026-11-20T03:00:00Z');
  const members = generatePopulation(seededRandom(seed), Number(args.members), 1, now);
  const byId = new Map(members.map((m) => [m.id, m]));
  const hearts = pastHearts(seededRandom(seed + 3), members, now);
  const { db, close, client } = await freshDb('/tmp/ongi-bench-match-quality');
  try {
    const loaded = await loadPopulation(client, members, hearts, seed);
    const rng = seededRandom(seed + 4);
    const viewers = rng.sample(
      members.filter((m) => m.status === 'ACTIVE' && (m.romanceMatching || m.friendMatching)),
      Number(args.viewers),
    );
    const ours = tally();
    const random = tally();
    const oneSided = tally();
    let rankedMs = 0;
    for (const sim of viewers) {
      const { viewer } = await loadViewerAndRanking(db, sim.id);
      if (!viewer) continue;
      const t0 = performance.now();
      const ranked = await rankForViewer(db, viewer, now);
      rankedMs += performance.now() - t0;
      // The same candidates the ranking chose from (same hard filters, same pool).
      const { candidates } = await findCandidatePool(db, viewer, filterBounds(viewer, now), {
        sizes: POOL_SIZES,
        heartsSince: new Date(now.getTime() - 7 * DAY).toISOString(),
        peerBirthdayFrom: shiftYears(viewer.birthday, -5),
        peerBirthdayTo: shiftYears(viewer.birthday, 5),
      });
      const pool = candidates.map((c) => c.id);
      const shuffled = rng.sample(pool, SHOWN);
      const byOverlap = [...rng.sample(pool, pool.length)]
        .map((id) => ({ id, share: interestShare(viewer.interests, byId.get(id)?.interests ?? []) }))
        .sort((a, b) => b.share - a.share)
        .map((x) => x.id);
      count(
        ours,
        sim,
        ranked.slice(0, SHOWN).map((id) => byId.get(id)),
      );
      count(
        random,
        sim,
        shuffled.map((id) => byId.get(id)),
      );
      count(
        oneSided,
        sim,
        byOverlap.slice(0, SHOWN).map((id) => byId.get(id)),
      );
    }
    const pct = (t: Tally, k: keyof Tally) => `${((100 * t[k]) / Math.max(1, t.pairs)).toFixed(2)}%`;
    const row = (label: string, t: Tally) =>
      `  ${label.padEnd(26)} ${pct(t, 'mutual').padStart(7)}   ${pct(t, 'viewerLikes').padStart(7)}   ${pct(t, 'candidateLikes').padStart(7)}   (${t.pairs.toLocaleString('ko-KR')}쌍)`;
    console.log(
      `\n매칭 품질 시뮬레이션 — 회원 ${members.length.toLocaleString('ko-KR')}명, 지난 마음 ${loaded.hearts.toLocaleString('ko-KR')}개, ` +
        `보는 사람 ${viewers.length}명 × ${PAGES}페이지 (순위 계산은 libSQL에서 Worker 코드를 직접 호출)`,
    );
    console.log(`  ${'방법'.padEnd(26)} 상호 호감   내가 호감   상대가 호감`);
    console.log(row('우리 추천 (상호 점수)', ours));
    console.log(row('같은 후보, 무작위 순서', random));
    console.log(row('같은 후보, 내 관심사 겹침순', oneSided));
    console.log(
      `  상호 호감률: 무작위의 ${(ours.mutual / Math.max(1e-9, random.mutual)).toFixed(2)}배, ` +
        `한쪽 관심사 겹침의 ${(ours.mutual / Math.max(1e-9, oneSided.mutual)).toFixed(2)}배`,
    );
    console.log(
      `  보는 사람 1명의 순위 계산 평균 ${(rankedMs / viewers.length).toFixed(1)}ms · 전체 ${((performance.now() - started) / 1000).toFixed(1)}초`,
    );
  } finally {
    close();
  }
}

main().catch((err: unknown) => {
  console.error('✖ 매칭 품질 벤치마크 실패:', err);
  process.exit(1);
});
