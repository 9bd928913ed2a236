// Demo hearts (관심): who likes whom over the last ten days, so the home page's popular ranking
// and the recommender's "hearts from similar members" have real signals to work with.
import type { NewMember } from '../../worker/src/areas/demo/repo';
import type { Random } from './random';

export type DemoHeart = { memberId: number; targetId: number; createdAt: string };

const DAY_MS = 86_400_000;

export function planHearts(rng: Random, people: readonly NewMember[], now: Date): DemoHeart[] {
  const active = people.filter((m) => m.status === 'ACTIVE');
  // A few people draw more attention than others, as in any real community.
  const appeal = new Map(active.map((m) => [m.id, rng.chance(0.06) ? rng.between(4, 9) : rng.between(0.5, 1.5)]));
  const hearts: DemoHeart[] = [];
  for (const m of active) {
    const wanted = active.filter((o) => o.id !== m.id && (m.lookingFor === 'both' || o.gender === m.lookingFor));
    if (wanted.length === 0) continue;
    const chosen = new Set<number>();
    const count = rng.int(0, 6);
    for (let i = 0; i < count * 3 && chosen.size < count; i++) {
      chosen.add(rng.weighted(wanted, (o) => appeal.get(o.id) ?? 1).id);
    }
    for (const targetId of chosen) {
      const at = new Date(now.getTime() - rng.between(0.02, 10) * DAY_MS);
      hearts.push({ memberId: m.id, targetId, createdAt: at.toISOString() });
    }
  }
  return hearts;
}
