// 오늘의 인연's exposure over a week (docs/today.md "Fairness"): a simulated population whose
// recommender lists favour the same appealing members, seven daily sets picked by pickToday
// (worker/src/areas/today/pick.ts) against the plain top 3 of each list. Reports how concentrated
// the week's showings are (Gini, the top 10 %'s share — the share docs/matching.md reports for the
// recommender), how many members are shown at all, and what fairness costs in list places.
//   npm run bench:today [-- --members 2000 --seed 7]
import { EXPOSURE_PENALTY, SHORTLIST, gini, pickToday, topTenShare } from '../../worker/src/areas/today/pick';
import { TODAY_LIMITS } from '../../worker/src/contract/today-core';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const MEMBERS = arg('members', 2000);
const SEED = arg('seed', 7);
const DAYS = 7;
const LIST = 200;

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(SEED);
const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

// Two sides (women and men); each member's appeal is log-normal, shared by every viewer, and each
// viewer's taste adds their own noise: the lists overlap at the top, as real recommender lists do.
const half = MEMBERS / 2;
const appeal = Array.from({ length: MEMBERS }, () => Math.exp(0.8 * normal()));
const lists: number[][] = Array.from({ length: MEMBERS }, (_, v) => {
  const others = v < half ? [...Array(half).keys()].map((i) => i + half) : [...Array(half).keys()];
  return others
    .map((c) => ({ c, s: Math.log(appeal[c]!) + 0.6 * normal() }))
    .sort((a, b) => b.s - a.s)
    .slice(0, LIST)
    .map((x) => x.c);
});

type Run = { counts: number[]; meanPlace: number };

function week(fair: boolean): Run {
  const shownOn: number[][] = []; // day → candidate ids (with repeats)
  const seen = Array.from({ length: MEMBERS }, () => new Set<number>());
  let places = 0;
  let picks = 0;
  for (let day = 0; day < DAYS; day++) {
    const exposure = new Map<number, number>();
    for (const d of shownOn) for (const c of d) exposure.set(c, (exposure.get(c) ?? 0) + 1);
    const today: number[] = [];
    for (let v = 0; v < MEMBERS; v++) {
      const list = lists[v]!;
      const chosen = fair
        ? pickToday(list, exposure, seen[v]!, TODAY_LIMITS.size)
        : list.filter((c) => !seen[v]!.has(c)).slice(0, TODAY_LIMITS.size);
      const unseen = list.filter((c) => !seen[v]!.has(c));
      for (const c of chosen) {
        places += unseen.indexOf(c);
        picks += 1;
        today.push(c);
        seen[v]!.add(c);
        exposure.set(c, (exposure.get(c) ?? 0) + 1); // the run writes as it goes
      }
    }
    shownOn.push(today);
  }
  const counts = new Array<number>(MEMBERS).fill(0);
  for (const d of shownOn) for (const c of d) counts[c]! += 1;
  return { counts, meanPlace: places / picks };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log(
  `오늘의 인연 exposure over ${DAYS} days: ${MEMBERS} members, ${TODAY_LIMITS.size} cards a day, seed ${SEED}, ` +
    `shortlist ${SHORTLIST}, penalty ${EXPOSURE_PENALTY} places per showing`,
);
for (const [label, fair] of [
  ['plain top 3', false],
  ['pickToday', true],
] as const) {
  const { counts, meanPlace } = week(fair);
  const shown = counts.filter((n) => n > 0).length / counts.length;
  console.log(
    `${label.padEnd(12)} Gini ${gini(counts).toFixed(3)}, top 10% share ${pct(topTenShare(counts))}, ` +
      `members shown at least once ${pct(shown)}, mean place in the list ${meanPlace.toFixed(1)}`,
  );
}
