// The day's recommendation list for a member: hard filters in SQL over a bounded pool, reciprocal
// scoring in JS, ranked once per Korean day (and again if the member's own preferences change).
import { ageOn } from '../../contract/age';
import { MATCHING_LIMITS } from '../../contract/matching';
import type { Db } from '../../lib/env';
import { clockOf } from '../visibility/repo';
import type { StoredRanking } from './candidate-repo';
import type { FilterBounds, MatchViewer } from './viewer';
import { findCandidatePool, type PoolSizes } from './pool-repo';
import { hashText } from '../../lib/hash';
import { birthdayYearsBefore, koreanDay, shiftYears } from '../../lib/day';
import type { PairProfile } from './model/pair';
import type { BlendSettings } from './model/blend';
import { learnedInputs } from './model/repo';
import { answersOf } from '../values/repo';
import { answerMap, compatibilityOf, type ValueAnswer } from '../../contract/values-core';
import { PEER_AGE_YEARS, giverKey, rankCandidates, type Candidate } from './scoring';

/** Up to 450 people a day: 300 from my province, 150 from anywhere else (most recently active first). */
export const POOL_SIZES: PoolSizes = { sameProvince: 300, anywhere: 150 };
const PEER_HEARTS_DAYS = 7;
const DAY_MS = 86_400_000;

export const matchingEnabled = (v: MatchViewer): boolean => v.romanceMatching || v.friendMatching;

/** Birthday window (±10 years of mine), the visibility clock and the cool-down start. */
export function filterBounds(v: MatchViewer, now: Date): FilterBounds {
  let birthdayFrom = shiftYears(v.birthday, -MATCHING_LIMITS.ageWindowYears);
  let birthdayTo = shiftYears(v.birthday, MATCHING_LIMITS.ageWindowYears);
  // My own age range (docs/matching.md "Preferences both ways") narrows the window: age ≥ min ⇔ born on or before today − min
  // years; age ≤ max ⇔ born after today − (max + 1) years (the day after, as a string bound).
  if (v.prefAgeMin !== null) {
    const latest = birthdayYearsBefore(now, v.prefAgeMin);
    if (latest < birthdayTo) birthdayTo = latest;
  }
  if (v.prefAgeMax !== null) {
    const earliest = dayAfter(birthdayYearsBefore(now, v.prefAgeMax + 1));
    if (earliest > birthdayFrom) birthdayFrom = earliest;
  }
  const viewerAge = ageOn(v.birthday, now);
  return {
    birthdayFrom,
    birthdayTo,
    viewerAge,
    visibility: clockOf(now),
    nowIso: now.toISOString(),
    cooldownSince: new Date(now.getTime() - MATCHING_LIMITS.cooldownDays * DAY_MS).toISOString(),
  };
}

/** Everything about me that changes who I am shown: a change starts a new list. */
export function preferenceFingerprint(v: MatchViewer): string {
  const parts = [
    v.gender,
    v.lookingFor,
    v.birthday,
    v.romanceMatching ? 1 : 0,
    v.friendMatching ? 1 : 0,
    v.city ?? '',
    v.district ?? '',
    v.lat ?? '',
    v.lng ?? '',
    v.interests.join(','),
    v.prefAgeMin ?? '',
    v.prefAgeMax ?? '',
    v.prefMaxDistanceKm ?? '',
    v.verifiedOnly ? 'verified' : '',
  ];
  return hashText(parts.join('|')).toString(36);
}

/** The calendar day after YYYY-MM-DD (birthday strings compare as text). */
function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export const daySeed = (memberId: number, day: string): number => hashText(`${memberId}:${day}`);

/** Today's candidate pool for `v`: the rows, the viewer's heart givers and the learned vectors (one statement). */
export async function loadPool(db: Db, v: MatchViewer, now: Date) {
  const pool = await findCandidatePool(db, v, filterBounds(v, now), {
    sizes: POOL_SIZES,
    heartsSince: new Date(now.getTime() - PEER_HEARTS_DAYS * DAY_MS).toISOString(),
    peerBirthdayFrom: shiftYears(v.birthday, -PEER_AGE_YEARS),
    peerBirthdayTo: shiftYears(v.birthday, PEER_AGE_YEARS),
  });
  // 가치관 answers of the viewer and the whole pool: one answersOf (slices of 90 ids), never per candidate.
  const answers = await answersOf(db, [v.id, ...pool.candidates.map((c) => c.id)]);
  return { ...pool, answers };
}

export type ValuesUse = { formula: boolean; model: boolean };

/**
 * 궁합 with each candidate (null below the shared minimum) and the answers keyed by question
 * (model/pair.ts), from the pool's answers.
 */
function valuesOf(v: MatchViewer, answers: ReadonlyMap<number, ValueAnswer[]>) {
  const maps = new Map<number, Map<number, ValueAnswer>>();
  for (const [id, list] of answers) if (list.length > 0) maps.set(id, answerMap(list));
  const mine = maps.get(v.id);
  const compat = new Map<number, number | null>();
  if (mine) for (const [id, theirs] of maps) if (id !== v.id) compat.set(id, compatibilityOf(mine, theirs));
  return { maps, compat };
}

/**
 * Ranks a loaded pool; `learned: false` gives the formula alone (the benchmark's comparison),
 * `blend` overrides the blend's settings (model/blend.ts BLEND; the benchmark's --tune).
 */
export function rankPool(
  v: MatchViewer,
  pool: Awaited<ReturnType<typeof loadPool>>,
  now: Date,
  day: string,
  {
    learned = true,
    blend,
    values = { formula: true, model: true },
  }: { learned?: boolean; blend?: Partial<BlendSettings>; values?: ValuesUse } = {},
): number[] {
  const { maps, compat } = valuesOf(v, pool.answers);
  // Candidates without a 궁합 (too few shared questions) get the pool's mean: neutral, neither up nor down.
  const known = [...compat.values()].filter((x): x is number => x !== null);
  const neutral = known.length ? known.reduce((s, x) => s + x, 0) / known.length : null;
  const scored: Candidate[] = pool.candidates.map((r) => ({
    ...r,
    interests: r.interests ? r.interests.split('|') : [],
    compatibility: values.formula ? (compat.get(r.id) ?? neutral) : null,
  }));
  const withValues = (p: PairProfile, id: number): PairProfile => {
    const m = values.model ? maps.get(id) : undefined;
    return m ? { ...p, values: m } : p;
  };
  const giverCounts = new Map<string, number>();
  for (const g of pool.givers) giverCounts.set(giverKey(g.gender, Number(g.year)), g.n);
  const inputs = learned
    ? learnedInputs(
        pool.viewerVector,
        scored.map((c, i) => ({
          id: c.id,
          vector: pool.candidates[i]?.vector ?? null,
          profile: withValues(candidateProfile(c, pool.candidates[i]?.lifestyle ?? null), c.id),
        })),
        withValues(viewerProfile(v), v.id),
        pool.model,
      )
    : undefined;
  if (inputs && blend) inputs.settings = blend;
  return rankCandidates(v, scored, giverCounts, now, daySeed(v.id, day), inputs);
}

/** The learned model's pair inputs (model/pair.ts) for the viewer: details JSON [height, job, mbti, goal, smoking, drinking]. */
export function viewerProfile(v: MatchViewer): PairProfile {
  let d: unknown[] = [];
  try {
    d = v.details ? (JSON.parse(v.details) as unknown[]) : [];
  } catch {
    d = [];
  }
  const text = (x: unknown): string | null => (typeof x === 'string' && x !== '' ? x : null);
  return { ...v, lookingFor: text(d[3]), smoking: text(d[4]), drinking: text(d[5]) };
}

/** …and for a pool candidate ("smoking|drinking|lookingFor"). */
export function candidateProfile(c: Candidate, lifestyle: string | null): PairProfile {
  const [smoking, drinking, lookingFor] = (lifestyle ?? '||').split('|');
  return { ...c, smoking: smoking || null, drinking: drinking || null, lookingFor: lookingFor || null };
}

/** Ranks today's candidates for `v` (no storage). */
export async function rankForViewer(db: Db, v: MatchViewer, now: Date, day = koreanDay(now)): Promise<number[]> {
  return rankPool(v, await loadPool(db, v, now), now, day);
}

/** Today's stored list when it is still valid for `v`, else undefined. */
export function validRanking(v: MatchViewer, stored: StoredRanking | undefined, now: Date): StoredRanking | undefined {
  return stored && stored.day === koreanDay(now) && stored.fingerprint === preferenceFingerprint(v)
    ? stored
    : undefined;
}

/** A fresh list for today (not yet stored: the caller stores it in the same batch as its page). */
export async function newRanking(db: Db, v: MatchViewer, now: Date): Promise<StoredRanking & { ids: number[] }> {
  const day = koreanDay(now);
  const ids = await rankForViewer(db, v, now, day);
  return { day, fingerprint: preferenceFingerprint(v), profileIds: ids.join(','), computedAt: now.toISOString(), ids };
}

export const parseIds = (text: string): number[] => (text ? text.split(',').map(Number) : []);

export function pageOf<T>(list: readonly T[], page: number): T[] {
  const size = MATCHING_LIMITS.pageSize;
  return list.slice(page * size, page * size + size);
}
