// The day's recommendation list for a member: hard filters in SQL over a bounded pool, reciprocal
// scoring in JS, ranked once per Korean day (and again if the member's own preferences change).
import { ageOn } from '../../contract/age';
import { MATCHING_LIMITS } from '../../contract/matching';
import type { Db } from '../../lib/env';
import {
  countHeartGivers,
  findCandidatePool,
  type FilterBounds,
  type MatchViewer,
  type PoolSizes,
  type StoredRanking,
} from './candidate-repo';
import { birthdayYearsBefore, hashText, koreanDay, shiftYears } from './day';
import { saveRanking } from './ranking-repo';
import { PEER_AGE_YEARS, giverKey, rankCandidates, type Candidate } from './scoring';

/** Up to 600 people a day: 400 from my province, 200 from anywhere else (most recently active first). */
export const POOL_SIZES: PoolSizes = { sameProvince: 400, anywhere: 200 };
const PEER_HEARTS_DAYS = 30;
const DAY_MS = 86_400_000;

export const matchingEnabled = (v: MatchViewer): boolean => v.romanceMatching || v.friendMatching;

/** Birthday window (±10 years of mine, never across the adult line), the clock and the cool-down start. */
export function filterBounds(v: MatchViewer, now: Date): FilterBounds {
  const adultCut = birthdayYearsBefore(now, MATCHING_LIMITS.adultAge);
  return {
    birthdayFrom: shiftYears(v.birthday, -MATCHING_LIMITS.ageWindowYears),
    birthdayTo: shiftYears(v.birthday, MATCHING_LIMITS.ageWindowYears),
    adult: ageOn(v.birthday, now) >= MATCHING_LIMITS.adultAge,
    adultCut,
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
  ];
  return hashText(parts.join('|')).toString(36);
}

export const daySeed = (memberId: number, day: string): number => hashText(`${memberId}:${day}`);

/** Ranks today's candidates for `v` (no storage): the function the match-quality benchmark calls. */
export async function rankForViewer(db: Db, v: MatchViewer, now: Date, day = koreanDay(now)): Promise<number[]> {
  const since = new Date(now.getTime() - PEER_HEARTS_DAYS * DAY_MS).toISOString();
  const [rows, givers] = await Promise.all([
    findCandidatePool(db, v, filterBounds(v, now), POOL_SIZES, {
      heartsSince: since,
      birthdayFrom: shiftYears(v.birthday, -PEER_AGE_YEARS),
      birthdayTo: shiftYears(v.birthday, PEER_AGE_YEARS),
    }),
    countHeartGivers(db, v.id, since),
  ]);
  const candidates: Candidate[] = rows.map((r) => ({
    id: r.id,
    gender: r.gender,
    birthday: r.birthday,
    city: r.city,
    lat: r.lat,
    lng: r.lng,
    interests: r.interests ? r.interests.split('|') : [],
    lastActiveAt: r.lastActiveAt,
    pendingRequests: r.pendingRequests,
    peerHearts: r.peerHearts,
    viewerHearted: Boolean(r.viewerHearted),
    heartedViewer: Boolean(r.heartedViewer),
  }));
  const giverCounts = new Map<string, number>();
  for (const g of givers) giverCounts.set(giverKey(g.gender, Number(g.year)), g.n);
  return rankCandidates(v, candidates, giverCounts, now, daySeed(v.id, day));
}

/** Today's stored list when it is still valid, otherwise a fresh one (stored for the rest of the day). */
export async function todaysRanking(
  db: Db,
  v: MatchViewer,
  stored: StoredRanking | undefined,
  now: Date,
): Promise<{ ids: number[]; computedAt: string }> {
  const day = koreanDay(now);
  const fingerprint = preferenceFingerprint(v);
  if (stored && stored.day === day && stored.fingerprint === fingerprint) {
    return { ids: parseIds(stored.profileIds), computedAt: stored.computedAt };
  }
  const ids = await rankForViewer(db, v, now, day);
  const computedAt = now.toISOString();
  await saveRanking(db, v.id, { day, fingerprint, profileIds: ids.join(','), computedAt });
  return { ids, computedAt };
}

export const parseIds = (text: string): number[] => (text ? text.split(',').map(Number) : []);

export function pageOf<T>(list: readonly T[], page: number): T[] {
  const size = MATCHING_LIMITS.pageSize;
  return list.slice(page * size, page * size + size);
}
