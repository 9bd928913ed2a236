// Unit tests of the reciprocal scoring (pure functions, no database).
import { describe, expect, it } from 'vitest';
import {
  harmonicMean,
  interestShare,
  pendingDamping,
  rankCandidates,
  scoreCandidate,
  valuesFactor,
  type Candidate,
  type Person,
} from './scoring';

const NOW = new Date('2026-11-20T03:00:00Z');
const viewer: Person = {
  id: 1,
  gender: 'F',
  birthday: '1995-01-01',
  city: '서울특별시',
  lat: 37.56,
  lng: 126.91,
  interests: ['여행', '음악'],
};
const candidate = (id: number, over: Partial<Candidate> = {}): Candidate => ({
  id,
  gender: 'M',
  birthday: '1994-01-01',
  city: '서울특별시',
  lat: 37.56,
  lng: 126.91,
  interests: ['여행', '음악'],
  lastActiveAt: NOW.toISOString(),
  pendingRequests: 0,
  peerHearts: 0,
  viewerHearted: false,
  heartedViewer: false,
  ...over,
});

describe('reciprocal scoring', () => {
  it('measures interest overlap from each side separately', () => {
    expect(interestShare(['여행', '음악'], ['여행', '음악', '운동', '요리'])).toBe(1);
    expect(interestShare(['여행', '음악', '운동', '요리'], ['여행', '음악'])).toBe(0.5);
  });

  it('ranks a mutual fit above a one-sided one with the same total', () => {
    expect(harmonicMean(0.6, 0.6)).toBeGreaterThan(harmonicMean(0.95, 0.25));
    const mutual = scoreCandidate(viewer, candidate(2), new Map(), NOW);
    // I like everything about them, but they chose six things and share only two with me.
    const oneSided = scoreCandidate(
      viewer,
      candidate(3, { interests: ['여행', '음악', '운동', '요리', '게임', '영화'] }),
      new Map(),
      NOW,
    );
    expect(oneSided.forViewer).toBeCloseTo(mutual.forViewer);
    expect(oneSided.forCandidate).toBeLessThan(mutual.forCandidate);
    expect(oneSided.mutual).toBeLessThan(mutual.mutual);
  });

  it('counts a heart they already sent me on their side', () => {
    const plain = scoreCandidate(viewer, candidate(2), new Map(), NOW);
    const hearted = scoreCandidate(viewer, candidate(2, { heartedViewer: true }), new Map(), NOW);
    expect(hearted.forCandidate).toBeGreaterThan(plain.forCandidate);
    expect(hearted.forViewer).toBeCloseTo(plain.forViewer);
  });

  it('damps members holding many pending requests, more the more they hold', () => {
    expect(pendingDamping(0)).toBe(1);
    expect(pendingDamping(2)).toBe(1);
    expect(pendingDamping(6)).toBeLessThan(1);
    expect(pendingDamping(20)).toBeLessThan(pendingDamping(6));
  });

  it('orders the same way for the same seed and differently for another', () => {
    const pool = Array.from({ length: 40 }, (_, i) => candidate(i + 10));
    const a = rankCandidates(viewer, pool, new Map(), NOW, 111);
    expect(rankCandidates(viewer, pool, new Map(), NOW, 111)).toEqual(a);
    expect(rankCandidates(viewer, pool, new Map(), NOW, 222)).not.toEqual(a);
    expect([...a].sort((x, y) => x - y)).toEqual(pool.map((c) => c.id));
  });

  it('ranks a candidate with a high 궁합 above an otherwise equal one, and leaves no 궁합 neutral', () => {
    expect(valuesFactor(null)).toBe(1);
    expect(valuesFactor(undefined)).toBe(1);
    expect(valuesFactor(50)).toBe(1);
    expect(valuesFactor(90)).toBeGreaterThan(valuesFactor(60));
    const high = scoreCandidate(viewer, candidate(2, { compatibility: 90 }), new Map(), NOW);
    const none = scoreCandidate(viewer, candidate(3, { compatibility: null }), new Map(), NOW);
    const low = scoreCandidate(viewer, candidate(4, { compatibility: 20 }), new Map(), NOW);
    expect(high.mutual).toBeGreaterThan(none.mutual);
    expect(none.mutual).toBeGreaterThan(low.mutual);
    // Whatever the day's variety (±10 %), 궁합 90 against 20 decides between otherwise equal people.
    for (const seed of [1, 2, 3, 4, 5]) {
      const order = rankCandidates(
        viewer,
        [candidate(4, { compatibility: 20 }), candidate(2, { compatibility: 90 })],
        new Map(),
        NOW,
        seed,
      );
      expect(order).toEqual([2, 4]);
    }
  });
});
