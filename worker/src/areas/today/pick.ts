// Which of a member's ranked candidates make today's set (docs/today.md "Selection" and "Fairness").
// Pure: the recommender's order, how often each candidate was shown in the last 7 days, and whom
// this member already saw this week; no SQL, no clock.

/** How far down the recommender's list a set may reach. */
export const SHORTLIST = 30;
/** Each showing in the last 7 days moves a candidate this many places down the shortlist. */
export const EXPOSURE_PENALTY = 4;
/** The exposure window (days, today included). */
export const EXPOSURE_DAYS = 7;

/**
 * Up to `size` ids: the first SHORTLIST of `ranked` not seen by this member this week, ordered
 * by place + EXPOSURE_PENALTY × showings this week (ties: the recommender's order). A candidate
 * nobody was shown lately keeps its place; a popular one already shown 5 times this week drops 20
 * places, so the week's cards spread over more people without leaving the recommender's top.
 */
export function pickToday(
  ranked: readonly number[],
  exposure: ReadonlyMap<number, number>,
  seen: ReadonlySet<number>,
  size: number,
): number[] {
  return ranked
    .filter((id) => !seen.has(id))
    .slice(0, SHORTLIST)
    .map((id, place) => ({ id, place, cost: place + EXPOSURE_PENALTY * (exposure.get(id) ?? 0) }))
    .sort((a, b) => a.cost - b.cost || a.place - b.place)
    .slice(0, size)
    .map((c) => c.id);
}

/** Gini coefficient of exposure counts (0 = everyone shown equally; → 1 = a few get every showing). */
export function gini(counts: readonly number[]): number {
  const xs = [...counts].sort((a, b) => a - b);
  const n = xs.length;
  const total = xs.reduce((s, x) => s + x, 0);
  if (n === 0 || total === 0) return 0;
  let weighted = 0;
  xs.forEach((x, i) => (weighted += (i + 1) * x));
  return (2 * weighted) / (n * total) - (n + 1) / n;
}

/** Share of all showings that went to the most-shown 10 % of members. */
export function topTenShare(counts: readonly number[]): number {
  const xs = [...counts].sort((a, b) => b - a);
  const total = xs.reduce((s, x) => s + x, 0);
  if (total === 0) return 0;
  const top = xs.slice(0, Math.max(1, Math.ceil(xs.length / 10)));
  return top.reduce((s, x) => s + x, 0) / total;
}
