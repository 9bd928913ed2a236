// The simulation's hidden truth: how likely a member is to like a profile they are shown. It
// depends on shared interests (Jaccard, not the recommender's measure), age gap, distance, the
// other's appeal and the member's own pickiness, with weights each member draws privately. The
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

/** P(`from` likes `to`) once shown `to`'s profile. */
export function likeProbability(from: SimMember, to: SimMember): number {
  if (!seeks(from, to)) return 0;
  const t = from.taste;
  const logit =
    -1.6 +
    3 * t.interests * jaccard(from.interests, to.interests) -
    t.age * Math.abs(from.age - to.age) -
    t.distance * km(from, to) +
    0.8 * Math.log(to.appeal) -
    t.pickiness;
  return 1 / (1 + Math.exp(-logit));
}
