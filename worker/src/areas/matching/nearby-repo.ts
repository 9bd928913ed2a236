// Nearby list and popular ranking queries. Coordinates stay inside SQL: rows carry only a
// squared distance, never a latitude or longitude.
import { rawRead } from '../../lib/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../lib/env';
import { visibleRowTo } from '../visibility/repo';
import { CELLS_PER_DEGREE, snapToCell } from '../location/grid';
import { cardColumns, hardFilters, intLiteral, reasonColumns, wantedGenders, type CardRow } from './candidate-repo';
import type { FilterBounds, MatchViewer } from './viewer';

export type NearbyRow = CardRow & { distanceSq: number };

/** km per degree of latitude; per degree of longitude it is this times cos(latitude). */
export const KM_PER_DEGREE = 111.32;

/**
 * A column's ~1 km cell centre in SQL, the same steps as `snapDegrees` in grid.ts. Stored positions
 * are already snapped; snapping again here keeps the list cell-only even for a row written some
 * other way (idempotent on centres).
 */
const cellOf = (column: SQL, perDegree: number): SQL =>
  sql`(CAST(${column} * ${perDegree} + 0.5 AS INTEGER) * 1.0 / ${perDegree})`;

/**
 * Members within `radiusKm` of the viewer who agreed to location use and have a location,
 * passing the hard filters, nearest first. Everything is computed between ~1 km cell centres
 * (docs/matching.md "The threat: locating someone by moving oneself"): membership, order and distance depend only on which cells the two members are in,
 * so moving one's own position, however finely and from however many accounts, can reveal
 * another member's cell but nothing inside it. Ties (same cell distance) go by member id.
 * Equirectangular distance: exact enough under 50 km.
 */
export async function findNearby(
  db: Db,
  v: MatchViewer & { lat: number; lng: number },
  b: FilterBounds,
  radiusKm: number,
  offset: number,
  limit: number,
): Promise<NearbyRow[]> {
  const me = snapToCell(v);
  const kmPerLng = KM_PER_DEGREE * Math.cos((me.lat * Math.PI) / 180);
  // The index box is on raw columns: one extra cell each way covers every row whose centre is inside.
  const dLat = radiusKm / KM_PER_DEGREE + 1 / CELLS_PER_DEGREE.lat;
  const dLng = radiusKm / kmPerLng + 1 / CELLS_PER_DEGREE.lng;
  const cLat = cellOf(sql`c.lat`, CELLS_PER_DEGREE.lat);
  const cLng = cellOf(sql`c.lng`, CELLS_PER_DEGREE.lng);
  const genders = wantedGenders(v);
  return db.all<NearbyRow>(sql`SELECT * FROM (
      SELECT ${cardColumns}, ${reasonColumns(v)},
        ((${cLat} - ${me.lat}) * ${KM_PER_DEGREE}) * ((${cLat} - ${me.lat}) * ${KM_PER_DEGREE})
          + ((${cLng} - ${me.lng}) * ${kmPerLng}) * ((${cLng} - ${me.lng}) * ${kmPerLng}) AS distanceSq
      FROM members c
      WHERE c.lat BETWEEN ${me.lat - dLat} AND ${me.lat + dLat}
        AND c.lng BETWEEN ${me.lng - dLng} AND ${me.lng + dLng}
        AND c.gender IN (${sql.join(
          genders.map((g) => sql`${g}`),
          sql`, `,
        )})
        AND ${hardFilters(v, b, { cooldown: false })}
        AND EXISTS (SELECT 1 FROM member_agreements WHERE member_id = c.id AND item = 'LOCATION' AND agreed = 1)
    ) WHERE distanceSq <= ${radiusKm * radiusKm}
    ORDER BY distanceSq, id LIMIT ${intLiteral(limit)} OFFSET ${intLiteral(offset)}`);
}

export type PopularRow = CardRow & { hearts: number };

/**
 * A query, not yet run (the route batches it with the auth statement): the members with the most hearts received since `since` (ties: lower id) among those the viewer
 * could be recommended by seeking (docs/matching.md "Who may be shown to whom"): visible to the viewer by the visibility
 * module (withdrawn, banned, blocked either way, under 19 are left out), not dormant, of a gender
 * the viewer seeks and seeking the viewer's gender — both directions, as recommendations. The
 * viewer's own row is joined (`v`), so this stays one statement.
 */
export function popularQuery(db: Db, viewerId: number, since: string, now: Date, limit: number) {
  const me = intLiteral(viewerId);
  return rawRead<PopularRow>(
    db,
    sql`WITH top AS (
      SELECT target_id AS id, COUNT(*) AS hearts FROM hearts INDEXED BY hearts_created WHERE created_at >= ${since}
      GROUP BY target_id ORDER BY hearts DESC, target_id LIMIT 200
    )
    SELECT ${cardColumns}, top.hearts AS hearts FROM top JOIN members c ON c.id = top.id JOIN members v ON v.id = ${me}
    WHERE c.id <> ${me} AND c.status <> 'INACTIVE' AND ${visibleRowTo(sql`c`, me, now)}
      AND (v.looking_for = 'both' OR c.gender = v.looking_for)
      AND c.looking_for IN (v.gender, 'both')
    ORDER BY top.hearts DESC, c.id LIMIT ${intLiteral(limit)}`,
  );
}
