// The ~1 km grid every stored position is snapped to (docs/matching.md "The threat: locating someone by moving oneself"). Whatever the nearby list, the
// recommendations or any later feature compute from a member's position, they only ever see the
// centre of the cell the member is in, so no sequence of answers can place anyone more precisely
// than their cell — however often, and from however many accounts, someone moves around them.
//
// Cells are 1/100° of latitude (1.11 km) by 1/80° of longitude (1.09–1.17 km across Korea).
// Centres sit on whole multiples of the step, so the region list's 2-decimal centroids are
// centres of their own cells (and never on a cell edge) and snapping a centre changes nothing.

/** Cells per degree of latitude and of longitude. */
export const CELLS_PER_DEGREE = { lat: 100, lng: 80 } as const;

/**
 * The centre of `value`'s cell. `Math.floor(v + 0.5)` (not `Math.round`) because SQL repeats it
 * as `CAST(v + 0.5 AS INTEGER)` — the same floating-point steps, so JS and SQL always agree
 * (Korean coordinates are positive, where truncation is floor).
 */
export function snapDegrees(value: number, perDegree: number): number {
  return Math.floor(value * perDegree + 0.5) / perDegree;
}

export function snapToCell(p: { lat: number; lng: number }): { lat: number; lng: number } {
  return { lat: snapDegrees(p.lat, CELLS_PER_DEGREE.lat), lng: snapDegrees(p.lng, CELLS_PER_DEGREE.lng) };
}
