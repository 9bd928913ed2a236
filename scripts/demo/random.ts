// A seeded random source, so every run generates the same people, posts and pictures.

export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  between(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(list: readonly T[]): T;
  weighted<T>(list: readonly T[], weight: (item: T) => number): T;
  sample<T>(list: readonly T[], n: number): T[];
};

/** mulberry32: small, fast and good enough for demo data. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => {
    const item = list[Math.floor(next() * list.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick,
    weighted(list, weight) {
      const total = list.reduce((n, x) => n + weight(x), 0);
      let r = next() * total;
      for (const x of list) {
        r -= weight(x);
        if (r < 0) return x;
      }
      return pick(list);
    },
    sample(list, n) {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy.slice(0, Math.max(0, Math.min(n, copy.length)));
    },
  };
}
