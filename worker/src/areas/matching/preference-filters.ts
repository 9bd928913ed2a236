// Two-way matching preferences as SQL over candidate alias `c` (docs/matching.md):
// the candidate must fit my distance limit and I must fit theirs (age and distance). My own age
// range is applied as birthday bounds (filterBounds). Distances are between ~1 km cell centres,
// like the nearby list; when either side has no coordinates, a distance limit is met by living
// in the same 시/도.
import { sql, type SQL } from 'drizzle-orm';
import { CELLS_PER_DEGREE, snapToCell } from '../location/grid';
import type { FilterBounds, MatchViewer } from './viewer';

const KM_PER_DEGREE = 111.32;

/**
 * Numbers are inlined (finite values computed here, never member text): these filters repeat in
 * every pool of a query, and bound parameters would pass D1's limit of 100 per statement.
 */
function num(n: number): SQL {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  return sql.raw(String(n));
}

const cellOf = (column: SQL, perDegree: number): SQL =>
  sql`(CAST(${column} * ${num(perDegree)} + 0.5 AS INTEGER) * 1.0 / ${num(perDegree)})`;

/** Squared km between the two cells (SQL), or null when either lacks a position. */
function cellDistanceSq(v: MatchViewer): SQL | null {
  if (v.lat === null || v.lng === null) return null;
  const me = snapToCell({ lat: v.lat, lng: v.lng });
  const kmPerLng = KM_PER_DEGREE * Math.cos((me.lat * Math.PI) / 180);
  const dLat = sql`((${cellOf(sql`c.lat`, CELLS_PER_DEGREE.lat)} - ${num(me.lat)}) * ${num(KM_PER_DEGREE)})`;
  const dLng = sql`((${cellOf(sql`c.lng`, CELLS_PER_DEGREE.lng)} - ${num(me.lng)}) * ${num(kmPerLng)})`;
  return sql`(${dLat} * ${dLat} + ${dLng} * ${dLng})`;
}

/**
 * The cell distance a card's reason may use: only when both agreed to location use and have a
 * position — exactly when the nearby list would show it to the viewer anyway.
 */
export function sharedDistanceSq(v: MatchViewer): SQL {
  const d = cellDistanceSq(v);
  if (!d || !v.locationAgreed) return sql`NULL`;
  return sql`(CASE WHEN c.lat IS NOT NULL AND c.lng IS NOT NULL AND EXISTS (SELECT 1 FROM member_agreements
    WHERE member_id = c.id AND item = 'LOCATION' AND agreed = 1) THEN ${d} END)`;
}

/** SQL: true when `c` is within `limitKm` (an SQL number) of the viewer, by the rule above. */
function withinDistance(v: MatchViewer, limitKm: SQL): SQL {
  // My province by reference (no parameter): the same value for every row.
  const sameProvince = v.city ? sql`c.city = (SELECT city FROM members WHERE id = ${num(v.id)})` : sql`0`;
  const d = cellDistanceSq(v);
  if (!d) return sameProvince;
  return sql`(CASE WHEN c.lat IS NULL OR c.lng IS NULL THEN ${sameProvince} ELSE ${d} <= ${limitKm} * ${limitKm} END)`;
}

export function preferenceFilters(v: MatchViewer, b: FilterBounds): SQL[] {
  const parts: SQL[] = [];
  if (v.prefMaxDistanceKm !== null) parts.push(withinDistance(v, num(v.prefMaxDistanceKm)));
  // Their preferences about me: members without a row have none (one primary-key probe).
  parts.push(sql`NOT EXISTS (SELECT 1 FROM member_preferences p WHERE p.member_id = c.id AND (
      (p.age_min IS NOT NULL AND p.age_min > ${num(b.viewerAge)})
      OR (p.age_max IS NOT NULL AND p.age_max < ${num(b.viewerAge)})
      OR (p.max_distance_km IS NOT NULL AND NOT ${withinDistance(v, sql`p.max_distance_km`)})))`);
  return parts;
}
