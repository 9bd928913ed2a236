// The Korean calendar day (a ranking's day, a post view's day) and small deterministic hashes for seeding it.

const KST_OFFSET_MS = 9 * 3600_000;
const DAY_MS = 86_400_000;

/** YYYY-MM-DD of `now` in Korea time: the day a ranking belongs to, a post view counts once in. */
export function koreanDay(now: Date): string {
  return new Date(now.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant the Korean day of `now` began (midnight KST): daily caps count from here. */
export function koreanDayStart(now: Date): Date {
  return new Date(`${koreanDay(now)}T00:00:00+09:00`);
}

/** YYYY-MM-DD `years` before (negative: after) the Korean day of `now`, for birthday bounds. */
export function birthdayYearsBefore(now: Date, years: number): string {
  const day = koreanDay(now);
  const y = Number(day.slice(0, 4)) - years;
  return `${String(y).padStart(4, '0')}${day.slice(4)}`;
}

/** The same calendar date shifted by whole years (birthday strings compare as text). */
export function shiftYears(date: string, years: number): string {
  const y = Number(date.slice(0, 4)) + years;
  return `${String(y).padStart(4, '0')}${date.slice(4)}`;
}

export const daysBetween = (from: Date, to: Date): number => (to.getTime() - from.getTime()) / DAY_MS;

/** A number in [0, 1) fixed by (seed, id): the same all day, different the next. */
export function unitHash(seed: number, id: number): number {
  let x = (seed ^ Math.imul(id, 0x9e3779b1)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  x ^= x >>> 16;
  return (x >>> 0) / 4294967296;
}
