// Location-based matching (nearby list) and the home page's popular ranking.
import { ageOn } from '../../contract/age';
import { MATCHING_KO, MATCHING_LIMITS, type NearbyPage, type PopularProfile } from '../../contract/matching';
import { Conflict } from '../../lib/errors';
import type { Db } from '../../lib/env';
import { loadViewerAndRanking } from './candidate-repo';
import { explain, locationText, toRecommended, verifiedOf } from './cards';
import { findNearby, popularQuery, type PopularRow } from './nearby-repo';
import { filterBounds, matchingEnabled } from './ranking';
import type { MatchingContext } from './service';
import { memberGone } from '../members/service';
import { withCompatibility } from '../values/service';

const DAY_MS = 86_400_000;

/**
 * Whole km between cell centres (0 = the same ~1 km cell). Rounding alone would not protect anyone:
 * it is the cell-only inputs (findNearby, docs/matching.md "The threat: locating someone by moving oneself") that keep exact positions out of reach.
 */
export const roundKm = (km: number): number => (km < 1 ? 0 : Math.round(km));

export async function nearby(
  ctx: MatchingContext,
  memberId: number,
  radiusKm: number,
  page: number,
): Promise<NearbyPage> {
  const { viewer } = await loadViewerAndRanking(ctx.db, memberId);
  if (!viewer) throw memberGone();
  const { lat, lng } = viewer;
  if (lat === null || lng === null) throw new Conflict(MATCHING_KO.locationRequired, 'LOCATION_REQUIRED');
  if (!viewer.locationAgreed) throw new Conflict(MATCHING_KO.locationConsentRequired, 'LOCATION_REQUIRED');
  if (!matchingEnabled(viewer)) return { content: [], last: true };
  const size = MATCHING_LIMITS.pageSize;
  // One extra row says whether another page follows.
  const rows = await findNearby(
    ctx.db,
    { ...viewer, lat, lng },
    filterBounds(viewer, ctx.now),
    radiusKm,
    page * size,
    size + 1,
  );
  const content = rows.slice(0, size).map((row) => {
    const card = toRecommended(row, ctx.now);
    return {
      memberId: card.memberId,
      name: card.name,
      age: card.age,
      location: card.location,
      distanceKm: roundKm(Math.sqrt(row.distanceSq)),
      interests: card.interests,
      mainImageUrl: card.mainImageUrl,
      verified: card.verified,
      ...explain(row, viewer, ctx.now),
    };
  });
  return { content: await withCompatibility(ctx.db, memberId, content), last: rows.length <= size };
}

/** popular's first read, not yet run: the route batches it with the auth statement. */
export const popularRead = (db: Db, memberId: number, now: Date) =>
  popularQuery(
    db,
    memberId,
    new Date(now.getTime() - MATCHING_LIMITS.popularDays * DAY_MS).toISOString(),
    now,
    MATCHING_LIMITS.popularCount,
  );

/** `rows`: popularRead's answer. */
export async function popular(ctx: MatchingContext, memberId: number, rows: PopularRow[]): Promise<PopularProfile[]> {
  const cards = rows.map((row) => ({
    memberId: row.id,
    name: row.name,
    age: ageOn(row.birthday, ctx.now),
    location: locationText(row.city, row.district),
    interests: row.interests ? row.interests.split('|') : [],
    mainImageUrl: toRecommended(row, ctx.now).mainImageUrl,
    hearts: row.hearts,
    verified: verifiedOf(row),
  }));
  return withCompatibility(ctx.db, memberId, cards);
}
