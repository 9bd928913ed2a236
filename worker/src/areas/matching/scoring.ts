// Reciprocal scoring (docs/matching.md): how likely the viewer is to want a candidate, how
// likely the candidate is to want the viewer back, combined by a harmonic mean so that only
// pairs with interest on both sides rank high. Pure functions: no SQL, no clock.
import { MATCHING_LIMITS } from '../../contract/matching';
import { ageOn } from '../../contract/age';
import type { Gender } from '../../contract/enums';
import { daysBetween, unitHash } from '../../lib/day';
import { blendScores, type LearnedInputs } from './model/blend';

export type Person = {
  id: number;
  gender: Gender;
  birthday: string;
  city: string | null;
  lat: number | null;
  lng: number | null;
  interests: readonly string[];
};

export type Candidate = Person & {
  lastActiveAt: string;
  /** Chat requests waiting for this candidate's answer. */
  pendingRequests: number;
  /** Hearts this candidate received lately from members like the viewer (same gender, similar age). */
  peerHearts: number;
  viewerHearted: boolean;
  heartedViewer: boolean;
  /** 궁합 % with the viewer (contract/values-core.ts); null/absent: neutral (no change). */
  compatibility?: number | null;
};

/** Who lately hearted the viewer, by gender and birth year: the viewer's side of "hearts from similar members". */
export type HeartGivers = ReadonlyMap<string, number>;
export const giverKey = (gender: Gender, birthYear: number): string => `${gender}${birthYear}`;

/** Members within this many years of each other count as "similar" for hearts. */
export const PEER_AGE_YEARS = 5;

export const WEIGHTS = { interests: 0.35, distance: 0.2, age: 0.15, activity: 0.15, hearts: 0.15 } as const;
/** A heart already sent in that direction closes half of the remaining gap. */
const HEART_BOOST = 0.5;
/** Distance at which closeness falls to 1/e. */
const DISTANCE_SCALE_KM = 25;
/** Days of inactivity at which activity falls to 1/e. */
const ACTIVITY_SCALE_DAYS = 10;
/** Pending requests a member may hold before their exposure is damped. */
const PENDING_FREE = 2;
const PENDING_DAMP = 0.15;
/**
 * 궁합: the reciprocal score is multiplied by e^(VALUES_SLOPE × (궁합 − 50) / 100) — ×0.64 at 궁합
 * 0, ×1.57 at 100. Symmetric, so it is applied to the mutual score, not one side.
 */
export const VALUES_SLOPE = 0.9;
/** Day-seeded variety: a score is multiplied by a factor in [1 - JITTER, 1 + JITTER). */
const JITTER = 0.1;

/** Share of `mine` that `theirs` also has (0.5 when I chose none: nothing to go on). */
export function interestShare(mine: readonly string[], theirs: readonly string[]): number {
  if (mine.length === 0) return 0.5;
  const set = new Set(theirs);
  return mine.filter((t) => set.has(t)).length / mine.length;
}

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** 1 when together, falling with distance; province-level guesses when a coordinate is missing. */
export function closeness(a: Person, b: Person): number {
  if (a.lat !== null && a.lng !== null && b.lat !== null && b.lng !== null) {
    return Math.exp(-distanceKm({ lat: a.lat, lng: a.lng }, { lat: b.lat, lng: b.lng }) / DISTANCE_SCALE_KM);
  }
  if (a.city && b.city) return a.city === b.city ? 0.6 : 0.15;
  return 0.35;
}

export function ageCloseness(ageA: number, ageB: number): number {
  return Math.max(0, 1 - Math.abs(ageA - ageB) / (MATCHING_LIMITS.ageWindowYears + 1));
}

export function activity(lastActiveAt: string, now: Date): number {
  const days = Math.max(0, daysBetween(new Date(lastActiveAt), now));
  return Math.exp(-days / ACTIVITY_SCALE_DAYS);
}

const saturate = (n: number, k: number): number => 1 - Math.exp(-n / k);
const boosted = (s: number, hearted: boolean): number => (hearted ? s + HEART_BOOST * (1 - s) : s);

export function harmonicMean(a: number, b: number): number {
  return a + b > 0 ? (2 * a * b) / (a + b) : 0;
}

/** The formula's 궁합 factor (1 when there is no 궁합). */
export function valuesFactor(compatibility: number | null | undefined): number {
  return compatibility === null || compatibility === undefined
    ? 1
    : Math.exp((VALUES_SLOPE * (compatibility - 50)) / 100);
}

/** Exposure damping for members already holding many unanswered requests. */
export function pendingDamping(pending: number): number {
  return 1 / (1 + PENDING_DAMP * Math.max(0, pending - PENDING_FREE));
}

/** Hearts the viewer received lately from members like `c` (c's gender, within PEER_AGE_YEARS). */
export function heartsFromPeersOf(c: Person, givers: HeartGivers): number {
  const year = Number(c.birthday.slice(0, 4));
  let n = 0;
  for (let y = year - PEER_AGE_YEARS; y <= year + PEER_AGE_YEARS; y++) n += givers.get(giverKey(c.gender, y)) ?? 0;
  return n;
}

export type ScoreBreakdown = { forViewer: number; forCandidate: number; mutual: number; damping: number };

export function scoreCandidate(viewer: Person, c: Candidate, givers: HeartGivers, now: Date): ScoreBreakdown {
  const near = closeness(viewer, c);
  const age = ageCloseness(ageOn(viewer.birthday, now), ageOn(c.birthday, now));
  const active = activity(c.lastActiveAt, now);
  const shared = WEIGHTS.distance * near + WEIGHTS.age * age + WEIGHTS.activity * active;
  // Viewer → candidate: my interests they share, and hearts from people like me.
  const forViewer = boosted(
    WEIGHTS.interests * interestShare(viewer.interests, c.interests) +
      shared +
      WEIGHTS.hearts * saturate(c.peerHearts, 3),
    c.viewerHearted,
  );
  // Candidate → viewer: their interests I share, and hearts I got from people like them.
  const forCandidate = boosted(
    WEIGHTS.interests * interestShare(c.interests, viewer.interests) +
      shared +
      WEIGHTS.hearts * saturate(heartsFromPeersOf(c, givers), 3),
    c.heartedViewer,
  );
  const damping = pendingDamping(c.pendingRequests);
  const mutual = harmonicMean(forViewer, forCandidate) * valuesFactor(c.compatibility);
  return { forViewer, forCandidate, mutual, damping };
}

/**
 * Candidate ids, best first: reciprocal score × damping × the day's variety factor (ties by id).
 * With `learned` vectors (model/blend.ts) the reciprocal score blends the formula with the
 * learned one for members with enough history; without them it is the formula alone.
 */
export function rankCandidates(
  viewer: Person,
  candidates: readonly Candidate[],
  givers: HeartGivers,
  now: Date,
  seed: number,
  learned?: LearnedInputs,
): number[] {
  const breakdowns = candidates.map((c) => ({ c, s: scoreCandidate(viewer, c, givers, now) }));
  const mutual = blendScores(new Map(breakdowns.map(({ c, s }) => [c.id, s.mutual])), learned);
  const scored = breakdowns.map(({ c, s }) => {
    const variety = 1 - JITTER + 2 * JITTER * unitHash(seed, c.id);
    return { id: c.id, score: (mutual.get(c.id) ?? s.mutual) * s.damping * variety };
  });
  scored.sort((x, y) => y.score - x.score || x.id - y.id);
  return scored.map((s) => s.id);
}
