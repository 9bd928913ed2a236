// The simulation's hidden truth: how likely a member is to like a profile they are shown. It
// depends on shared interests (Jaccard, not the recommender's measure), age gap, distance, the
// other's appeal, the other's profile details (MBTI, smoking, drinking, relationship goal — see
// detailAffinity) and the member's own pickiness, with weights each member draws privately. The
// recommender never sees any of this; it sees only profiles and past hearts.
import type { SimMember } from '../recommend/population';
import { seeks } from '../recommend/population';

const rad = Math.PI / 180;
function km(a: SimMember, b: SimMember): number {
  if (a.lat === null || a.lng === null || b.lat === null || b.lng === null) return 80;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function jaccard(a: readonly string[], b: readonly string[]): number {
  const set = new Set(a);
  const both = b.filter((t) => set.has(t)).length;
  const either = new Set([...a, ...b]).size;
  return either === 0 ? 0 : both / either;
}

const DRINK_LEVEL = { NO: 0, SOMETIMES: 1, OFTEN: 2 } as const;

/** The hidden taste over profile details (0 when either side has none). */
export function detailAffinity(from: SimMember, to: SimMember): number {
  const t = from.detailTaste;
  const d = to.details;
  const mine = from.details;
  if (!t || !d) return 0;
  let s = 0;
  if (d.mbti) for (let i = 0; i < 4; i++) s += (t.mbti[i] ?? 0) * (d.mbti[i] === 'ESTJ'[i] ? 1 : -1);
  if (d.smoking === 'YES' || d.smoking === 'SOMETIMES') s -= t.smokeAversion;
  if (d.drinking && mine?.drinking) {
    const gap = Math.abs(DRINK_LEVEL[d.drinking] - DRINK_LEVEL[mine.drinking]);
    s += gap === 0 ? t.drinkMatch : gap === 2 ? -0.5 * t.drinkMatch : 0;
  }
  if (
    mine?.goal &&
    d.goal &&
    ((mine.goal === 'SERIOUS' && d.goal === 'FRIENDS') || (mine.goal === 'FRIENDS' && d.goal === 'SERIOUS'))
  ) {
    s -= t.goalClash;
  }
  return s;
}

/** P(`from` likes `to`) once shown `to`'s profile. */
export function likeProbability(from: SimMember, to: SimMember): number {
  if (!seeks(from, to)) return 0;
  const t = from.taste;
  const logit =
    -1.6 +
    3 * t.interests * jaccard(from.interests, to.interests) -
    t.age * Math.abs(from.age - to.age) -
    t.distance * km(from, to) +
    0.8 * Math.log(to.appeal) +
    detailAffinity(from, to) -
    t.pickiness;
  return 1 / (1 + Math.exp(-logit));
}
