// The simulation's 가치관 answers (docs/matching.md "How well it works"): a synthetic question set of
// the real one's shape (40 questions × 2–4 answers, an accept-set and 조금/중요/꼭 per answer), NOT
// the product's questions (those are docs/values.md's). Every answer is derived from the same
// hidden tastes the simulated behaviour comes from (taste.ts: SimMember.taste and detailTaste)
// and from the member's own profile — never from likeProbability or the oracle's score:
//   - 30 questions read one hidden taste each, three differently worded questions per taste:
//     the four MBTI axes (own letter; accept the letters the member's private axis weight favours),
//     smoking (own habit; accept non-smokers only when the aversion is strong), drinking (own level;
//     accept the levels the drink-match taste tolerates), 찾는 관계 (own goal; accept all but the
//     clashing one), age (own 5-year band; accept bands by the private age weight), distance (own
//     region; accept only it when distance matters a lot) and interests (own main interest group;
//     accept only it when shared interests matter a lot). Importance grows with the taste's weight.
//   - 10 questions tell nothing about behaviour (own answer and accept-set at random): most real
//     value questions will not predict who hearts whom either.
// Non-response: 30 % answer nothing, 30 % only the signup's 5 suggested questions (3–5 of them),
// 25 % 6–15 questions, 15 % 16–40; the signup's 5 come first (one per taste: E/I, smoking,
// drinking, 찾는 관계, age), the rest at random. Noise and dishonesty: each answer's own choice is
// replaced by a random one with p = 0.1, its accept-set with p = 0.1 (any non-empty set), its
// importance with p = 0.15; 10 % of smokers claim not to smoke on the smoking questions.
import type { InStatement } from '@libsql/client';
import { INTEREST_TAGS } from '../../worker/src/contract/enums';
import type { ValueImportance } from '../../worker/src/contract/values-core';
import type { Random } from '../../scripts/demo/random';
import type { SimMember } from '../recommend/population';

type Kind =
  'mbti0' | 'mbti1' | 'mbti2' | 'mbti3' | 'smoke' | 'drink' | 'goal' | 'age' | 'region' | 'interests' | 'free';
type Question = { id: number; kind: Kind; answers: number };

const TASTE_KINDS: Kind[] = [
  'mbti0',
  'smoke',
  'drink',
  'goal',
  'age',
  'mbti1',
  'mbti2',
  'mbti3',
  'region',
  'interests',
];
const ANSWERS: Record<Kind, number> = {
  mbti0: 2,
  mbti1: 2,
  mbti2: 2,
  mbti3: 2,
  smoke: 3,
  drink: 3,
  goal: 3,
  age: 4,
  region: 4,
  interests: 4,
  free: 0,
};

/** 40 questions: ids 1–5 are the signup's suggestions, then the other taste questions, then 10 free ones. */
export function questionSet(rng: Random): Question[] {
  const out: Question[] = [];
  for (let round = 0; round < 3; round++)
    for (const kind of TASTE_KINDS) out.push({ id: out.length + 1, kind, answers: ANSWERS[kind] });
  for (let i = 0; i < 10; i++) out.push({ id: out.length + 1, kind: 'free', answers: rng.int(2, 4) });
  return out;
}

const DRINK = { NO: 0, SOMETIMES: 1, OFTEN: 2 } as const;
const answerId = (q: Question, k: number): number => q.id * 10 + k;
const importance = (x: number, some: number, very: number): ValueImportance =>
  x >= very ? 'VERY' : x >= some ? 'SOMEWHAT' : 'LITTLE';
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

function region(city: string | null, rng: Random): number {
  if (!city) return rng.int(0, 3);
  if (/서울|경기|인천/.test(city)) return 0;
  if (/강원|충|대전|세종/.test(city)) return 1;
  if (/부산|대구|울산|경상|경북|경남/.test(city)) return 2;
  return 3;
}

function interestGroup(m: SimMember, rng: Random): number {
  const n = [0, 0, 0, 0];
  for (const t of m.interests) {
    const i = INTEREST_TAGS.indexOf(t);
    if (i >= 0) n[i % 4] = (n[i % 4] ?? 0) + 1;
  }
  const best = Math.max(...n);
  return best === 0 ? rng.int(0, 3) : n.indexOf(best);
}

/** The member's own answer (index) and accepted answers (indexes) and importance, from hidden taste and profile. */
function truthful(q: Question, m: SimMember, rng: Random): { own: number; accept: number[]; imp: ValueImportance } {
  const d = m.details;
  const t = m.detailTaste;
  const all = range(q.answers);
  switch (q.kind) {
    case 'mbti0':
    case 'mbti1':
    case 'mbti2':
    case 'mbti3': {
      const axis = Number(q.kind.slice(4));
      const own = d?.mbti ? (d.mbti[axis] === 'ESTJ'[axis] ? 0 : 1) : rng.int(0, 1);
      const w = t?.mbti[axis] ?? 0;
      return { own, accept: w > 0.3 ? [0] : w < -0.3 ? [1] : all, imp: importance(Math.abs(w), 0.45, 0.9) };
    }
    case 'smoke': {
      const s = d?.smoking;
      let own = s === 'YES' ? 0 : s === 'SOMETIMES' ? 1 : s ? 2 : rng.chance(0.2) ? rng.int(0, 1) : 2;
      if (own < 2 && rng.chance(0.1)) own = 2; // claims not to smoke
      const a = t?.smokeAversion ?? 0;
      return { own, accept: a > 0.5 ? [2] : all, imp: importance(a, 0.5, 1.5) };
    }
    case 'drink': {
      const own = d?.drinking ? DRINK[d.drinking] : rng.int(0, 2);
      const w = t?.drinkMatch ?? 0;
      const accept = w > 1 ? [own] : w > 0.4 ? all.filter((x) => Math.abs(x - own) <= 1) : all;
      return { own, accept, imp: importance(w, 0.5, 1.1) };
    }
    case 'goal': {
      const own = d?.goal === 'SERIOUS' ? 0 : d?.goal === 'FRIENDS' ? 1 : d?.goal ? 2 : rng.int(0, 2);
      const clash = own === 0 ? 1 : own === 1 ? 0 : -1;
      return { own, accept: all.filter((x) => x !== clash), imp: importance(t?.goalClash ?? 0, 0.9, 1.5) };
    }
    case 'age': {
      const own = m.age < 25 ? 0 : m.age < 30 ? 1 : m.age < 35 ? 2 : 3;
      const w = m.taste.age;
      const k = w > 0.25 ? 0 : w > 0.12 ? 1 : 3;
      return { own, accept: all.filter((x) => Math.abs(x - own) <= k), imp: importance(w, 0.15, 0.25) };
    }
    case 'region': {
      const own = region(m.city, rng);
      const w = m.taste.distance;
      return { own, accept: w > 0.02 ? [own] : all, imp: importance(w, 0.02, 0.035) };
    }
    case 'interests': {
      const own = interestGroup(m, rng);
      const w = m.taste.interests;
      return { own, accept: w > 1.25 ? [own] : all, imp: importance(w, 1, 1.6) };
    }
    case 'free': {
      const own = rng.int(0, q.answers - 1);
      const accept = all.filter((x) => x === own || rng.chance(0.5));
      return { own, accept, imp: rng.pick(['LITTLE', 'SOMEWHAT', 'VERY'] as const) };
    }
  }
}

/** How many questions a member answers (see the file's head). */
function answerCount(rng: Random): number {
  const r = rng.next();
  if (r < 0.3) return 0;
  if (r < 0.6) return rng.int(3, 5);
  if (r < 0.85) return rng.int(6, 15);
  return rng.int(16, 40);
}

/** value_answers rows for every member, and how many answered at all. */
export function drawAnswers(
  rng: Random,
  members: readonly SimMember[],
): { statements: InStatement[]; answered: number; answers: number } {
  const questions = questionSet(rng);
  const signup = questions.slice(0, 5);
  const rest = questions.slice(5);
  const statements: InStatement[] = [];
  let answered = 0;
  for (const m of members) {
    const n = answerCount(rng);
    if (n === 0) continue;
    answered += 1;
    const chosen = n <= 5 ? rng.sample(signup, n) : [...signup, ...rng.sample(rest, n - 5)];
    for (const q of chosen) {
      const a = truthful(q, m, rng);
      const all = range(q.answers);
      const own = rng.chance(0.1) ? rng.int(0, q.answers - 1) : a.own;
      let accept = a.accept;
      if (rng.chance(0.1)) {
        accept = all.filter(() => rng.chance(0.5));
        if (accept.length === 0) accept = [rng.int(0, q.answers - 1)];
      }
      const imp = rng.chance(0.15) ? rng.pick(['LITTLE', 'SOMEWHAT', 'VERY'] as const) : a.imp;
      statements.push({
        sql: 'INSERT INTO value_answers (member_id, question_id, answer_id, accept, importance, is_public) VALUES (?, ?, ?, ?, ?, ?)',
        args: [m.id, q.id, answerId(q, own), accept.map((k) => answerId(q, k)).join(','), imp, rng.chance(0.7) ? 1 : 0],
      });
    }
  }
  return { statements, answered, answers: statements.length };
}
