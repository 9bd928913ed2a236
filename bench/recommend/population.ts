// A synthetic member population for the recommendation benchmarks: where people live (by
// population), ages, interests (popular tags more often), activity, settings, and each member's
// hidden taste (used only by the match-quality simulation, never by the recommender).
import { INTEREST_TAGS, type InterestTag } from '../../worker/src/contract/enums';
import { ageOn } from '../../worker/src/contract/age';
import { INTEREST_WEIGHT } from '../../scripts/demo/members';
import { koreanName } from '../../scripts/demo/names';
import { randomPlace } from '../../scripts/demo/places';
import type { Random } from '../../scripts/demo/random';

export type SimMember = {
  id: number;
  email: string;
  name: string;
  gender: 'M' | 'F';
  lookingFor: 'M' | 'F' | 'both';
  birthday: string;
  age: number;
  city: string | null;
  district: string | null;
  lat: number | null;
  lng: number | null;
  locationAgreed: boolean;
  interests: InterestTag[];
  status: 'ACTIVE' | 'INACTIVE';
  romanceMatching: boolean;
  friendMatching: boolean;
  createdAt: string;
  lastActiveAt: string;
  /** How often others heart this member (lognormal): drives the synthetic hearts. */
  appeal: number;
  /** Hidden taste: how much interests, age gap and distance matter to this member. */
  taste: { interests: number; age: number; distance: number; pickiness: number };
  /** Issue-13 profile details and the hidden taste over them (drawDetails; match-quality only). */
  details?: SimDetails;
  detailTaste?: DetailTaste;
};

export type SimDetails = {
  mbti: string | null;
  smoking: 'NO' | 'SOMETIMES' | 'YES' | 'QUITTING' | null;
  drinking: 'NO' | 'SOMETIMES' | 'OFTEN' | null;
  goal: 'SERIOUS' | 'FRIENDS' | 'UNSURE' | null;
};

/**
 * How much this member cares, privately, about the other's details: a weight per MBTI axis
 * (positive = prefers E / S / T / J), an aversion to smokers, a liking for the same drinking
 * habit, and whether a different relationship goal puts them off.
 */
export type DetailTaste = {
  mbti: [number, number, number, number];
  smokeAversion: number;
  drinkMatch: number;
  goalClash: number;
};

const MBTI_LETTERS = ['EI', 'SN', 'TF', 'JP'] as const;

/** Draws details (≈85 % answered) and a hidden detail taste for each member, from its own stream. */
export function drawDetails(rng: Random, members: SimMember[]): void {
  const answered = <T>(pick: () => T): T | null => (rng.chance(0.85) ? pick() : null);
  for (const m of members) {
    const mbti = answered(() => MBTI_LETTERS.map((pair) => pair[rng.chance(0.5) ? 0 : 1]).join(''));
    const smoking = answered(() =>
      rng.weighted(
        ['NO', 'SOMETIMES', 'YES', 'QUITTING'] as const,
        (k) => ({ NO: 70, SOMETIMES: 10, YES: 12, QUITTING: 8 })[k],
      ),
    );
    const drinking = answered(() =>
      rng.weighted(['NO', 'SOMETIMES', 'OFTEN'] as const, (k) => ({ NO: 25, SOMETIMES: 55, OFTEN: 20 })[k]),
    );
    const goal = answered(() =>
      rng.weighted(['SERIOUS', 'FRIENDS', 'UNSURE'] as const, (k) => ({ SERIOUS: 50, FRIENDS: 15, UNSURE: 35 })[k]),
    );
    m.details = { mbti, smoking, drinking, goal };
    const smoker = smoking === 'YES' || smoking === 'SOMETIMES';
    m.detailTaste = {
      mbti: [0, 0, 0, 0].map(() => 0.7 * normal(rng)) as [number, number, number, number],
      smokeAversion: smoker ? rng.between(-0.3, 0.3) : rng.between(0.5, 2.5),
      drinkMatch: rng.between(0, 1.5),
      goalClash: rng.between(0.5, 2),
    };
  }
}

const DAY = 86_400_000;

export const benchEmail = (n: number): string => `bench${String(n).padStart(6, '0')}@ongi.dev`;

function birthdayForAge(rng: Random, age: number, now: Date): string {
  for (;;) {
    const latest = new Date(now.getTime());
    latest.setUTCFullYear(latest.getUTCFullYear() - age);
    const day = new Date(latest.getTime() - rng.int(1, 364) * DAY).toISOString().slice(0, 10);
    if (ageOn(day, now) === age) return day;
  }
}

/** Mostly late 20s to mid 30s, some early 20s and 40s. */
const randomAge = (rng: Random): number =>
  Math.min(48, Math.max(20, Math.floor(20 + ((rng.next() + rng.next() + rng.next()) / 3) * 28)));

/** Standard normal (Box–Muller). */
export const normal = (rng: Random): number =>
  Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());

export function generatePopulation(rng: Random, count: number, firstId: number, now: Date): SimMember[] {
  const out: SimMember[] = [];
  for (let i = 0; i < count; i++) {
    const gender = rng.chance(0.5) ? 'F' : 'M';
    const created = now.getTime() - rng.between(1, 365) * DAY;
    const place = rng.chance(0.93) ? randomPlace(rng) : null;
    const age = randomAge(rng);
    const n = rng.weighted([1, 2, 3, 4, 5, 6], (k) => [1, 3, 4, 3, 2, 1][k - 1] ?? 1);
    const pool = [...INTEREST_TAGS];
    const interests: InterestTag[] = [];
    for (let k = 0; k < n; k++) {
      const tag = rng.weighted(pool, (t) => INTEREST_WEIGHT[t] ?? 1);
      pool.splice(pool.indexOf(tag), 1);
      interests.push(tag);
    }
    out.push({
      id: firstId + i,
      email: benchEmail(i + 1),
      // A fresh name set each time: 100,000 unique Korean names do not exist, repeats are realistic.
      name: koreanName(rng, gender, new Set()),
      gender,
      lookingFor: rng.chance(0.9) ? (gender === 'F' ? 'M' : 'F') : 'both',
      birthday: birthdayForAge(rng, age, now),
      age,
      city: place?.province.name ?? null,
      district: place?.district.name ?? null,
      lat: place?.lat ?? null,
      lng: place?.lng ?? null,
      locationAgreed: place !== null,
      interests,
      status: rng.chance(0.025) ? 'INACTIVE' : 'ACTIVE',
      romanceMatching: rng.chance(0.95),
      friendMatching: rng.chance(0.85),
      createdAt: new Date(created).toISOString(),
      lastActiveAt: new Date(now.getTime() - (now.getTime() - created) * rng.next() ** 3).toISOString(),
      appeal: Math.exp(0.8 * normal(rng)),
      taste: {
        interests: rng.between(0.5, 2),
        age: rng.between(0.05, 0.35),
        distance: rng.between(0.005, 0.05),
        pickiness: rng.between(-0.5, 0.5),
      },
    });
  }
  return out;
}

/** Who `from` may want (their gender preference). */
export const seeks = (from: SimMember, to: SimMember): boolean =>
  from.lookingFor === 'both' || from.lookingFor === to.gender;

/** Weighted picking among many members: cumulative weights and binary search. */
export class WeightedPicker {
  private readonly cumulative: Float64Array;
  constructor(
    private readonly items: readonly SimMember[],
    weight: (m: SimMember) => number,
  ) {
    this.cumulative = new Float64Array(items.length);
    let total = 0;
    items.forEach((m, i) => {
      total += weight(m);
      this.cumulative[i] = total;
    });
  }
  get size(): number {
    return this.items.length;
  }
  pick(rng: Random): SimMember | undefined {
    const total = this.cumulative[this.cumulative.length - 1];
    if (total === undefined) return undefined;
    const r = rng.next() * total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] ?? 0) < r) lo = mid + 1;
      else hi = mid;
    }
    return this.items[lo];
  }
}

export type SimHeart = { from: number; to: number; at: string };

/**
 * Hearts of the last 60 days: each active member sends a few (most send a handful, some many),
 * mostly to people of their own province, more often to appealing ones.
 */
export function generateHearts(rng: Random, members: readonly SimMember[], now: Date): SimHeart[] {
  const active = members.filter((m) => m.status === 'ACTIVE');
  const byGender = new Map<string, WeightedPicker>();
  const byGenderCity = new Map<string, WeightedPicker>();
  for (const g of ['M', 'F'] as const) {
    const ofGender = active.filter((m) => m.gender === g);
    byGender.set(g, new WeightedPicker(ofGender, (m) => m.appeal));
    const cities = new Map<string, SimMember[]>();
    for (const m of ofGender) {
      if (!m.city) continue;
      const list = cities.get(m.city);
      if (list) list.push(m);
      else cities.set(m.city, [m]);
    }
    for (const [city, list] of cities) byGenderCity.set(`${g}|${city}`, new WeightedPicker(list, (m) => m.appeal));
  }
  const hearts: SimHeart[] = [];
  for (const m of active) {
    const k = Math.min(40, Math.floor(-Math.log(1 - rng.next()) * 6));
    const seen = new Set<number>();
    for (let j = 0; j < k; j++) {
      const gender = m.lookingFor === 'both' ? (rng.chance(0.5) ? 'M' : 'F') : m.lookingFor;
      const local = m.city && rng.chance(0.7) ? byGenderCity.get(`${gender}|${m.city}`) : undefined;
      const target = (local ?? byGender.get(gender))?.pick(rng);
      if (!target || target.id === m.id || seen.has(target.id)) continue;
      seen.add(target.id);
      hearts.push({ from: m.id, to: target.id, at: new Date(now.getTime() - rng.between(0, 60) * DAY).toISOString() });
    }
  }
  return hearts;
}
