// Nearby list and popular ranking queries. Coordinates stay inside SQL: rows carry only a
// squared distance, never a latitude or longitude.
import { sql } from 'drizzle-orm';
import type { Db } from '../../lib/env';
import { notBlockedEitherWay } from '../blocks/repo';
import {
  cardColumns,
  hardFilters,
  intLiteral,
  wantedGenders,
  type CardRow,
  type FilterBounds,
  type MatchViewer,
} from './candidate-repo';

export type NearbyRow = CardRow & { distanceSq: number };

/** km per degree of latitude; per degree of longitude it is this times cos(latitude). */
export const KM_PER_DEGREE = 111.32;

/**
 * Members within `radiusKm` of the viewer who agreed to location use and have a location,
 * passing the hard filters, nearest first (equirectangular distance: exact enough under 50 km).
 */
export async function findNearby(
  db: Db,
  v: MatchViewer & { lat: number; lng: number },
  b: FilterBounds,
  radiusKm: number,
  offset: number,
  limit: number,
): Promise<NearbyRow[]> {
  const kmPerLng = KM_PER_DEGREE * Math.cos((v.lat * Math.PI) / 180);
  const dLat = radiusKm / KM_PER_DEGREE;
  const dLng = radiusKm / kmPerLng;
  const genders = wantedGenders(v);
  return db.all<NearbyRow>(sql`SELECT * FROM (
      SELECT ${cardColumns},
        ((c.lat - ${v.lat}) * ${KM_PER_DEGREE}) * ((c.lat - ${v.lat}) * ${KM_PER_DEGREE})
          + ((c.lng - ${v.lng}) * ${kmPerLng}) * ((c.lng - ${v.lng}) * ${kmPerLng}) AS distanceSq
      FROM members c
      WHERE c.lat BETWEEN ${v.lat - dLat} AND ${v.lat + dLat}
        AND c.lng BETWEEN ${v.lng - dLng} AND ${v.lng + dLng}
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
 * The members with the most hearts received since `since` (ties: lower id), leaving out deleted,
 * inactive or banned members and anyone blocked either way with the viewer.
 */
export async function findPopular(
  db: Db,
  viewerId: number,
  since: string,
  nowIso: string,
  limit: number,
): Promise<PopularRow[]> {
  return db.all<PopularRow>(sql`WITH top AS (
      SELECT target_id AS id, COUNT(*) AS hearts FROM hearts INDEXED BY hearts_created WHERE created_at >= ${since}
      GROUP BY target_id ORDER BY hearts DESC, target_id LIMIT 50
    )
    SELECT ${cardColumns}, top.hearts AS hearts FROM top JOIN members c ON c.id = top.id
    WHERE c.deleted_at IS NULL
      AND (c.status = 'ACTIVE' OR (c.status = 'BANNED' AND c.banned_until IS NOT NULL AND c.banned_until <= ${nowIso}))
      AND ${notBlockedEitherWay(sql`c.id`, viewerId)}
    ORDER BY top.hearts DESC, c.id LIMIT ${intLiteral(limit)}`);
}
