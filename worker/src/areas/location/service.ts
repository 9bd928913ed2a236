// Saving where a member is (POST /api/member/location): for a member with LOCATION consent, or
// provisionally inside a signup session (signup keeps it only if LOCATION is agreed there).
// Coordinates must fit the chosen district and only their ~1 km cell is stored; a member may
// move a few times per Korean day (docs/matching.md "The threat: locating someone by moving oneself": stepping around someone must not locate them).
import type { LocationBody } from '../../contract/auth';
import { LOCATION_KO, LOCATION_LIMITS } from '../../contract/location';
import { VALIDATION_KO } from '../../contract/messages';
import { findProvince } from '../../contract/regions';
import { iso } from '../../lib/clock';
import { AppError, Forbidden, Invalid } from '../../lib/errors';
import type { AuthContext } from '../auth/context';
import { setSignupSessionLocation } from '../auth/repo';
import { openSignupSession } from '../auth/signup-session';
import { koreanDay } from '../../lib/day';
import { hasAgreed, updateMemberLocation } from '../members/repo';
import { checkedPosition } from './place';
import { countLocationChange, findMemberPlace } from './repo';

export type SavedPlace = { address: string; city: string; district: string; lat: number; lng: number };

const REGION_MAX = 30;

/**
 * City and district are the address's first two words ("서울특별시 강남구 …"). A short province
 * name from the postcode service ("서울") becomes the full one; 세종 has no district of its own.
 */
export function regionOf(address: string): { city: string; district: string } {
  const [first, second] = address.trim().split(/\s+/);
  const province = first ? findProvince(first) : undefined;
  const city = province?.name ?? first;
  const sejongLike = province?.districts.length === 1 && province.districts[0]?.name === province.name;
  const district = sejongLike ? province.name : second;
  if (!city || !district || city.length > REGION_MAX || district.length > REGION_MAX) {
    throw new Invalid(
      VALIDATION_KO.locationIncomplete,
      { address: VALIDATION_KO.locationIncomplete },
      'ADDRESS_INVALID',
    );
  }
  return { city, district };
}

/** The place to store: region from the address, coordinates checked against it and snapped. */
function placeOf(body: LocationBody): SavedPlace {
  const region = regionOf(body.address);
  const cell = checkedPosition(region.city, region.district, body, 'address');
  return { address: body.address.trim(), ...region, ...cell };
}

const DAY_MS = 86_400_000;

/** Start of the Korean day of `now` (epoch ms) and the next day's date as "7월 5일". */
function koreanDayBounds(now: Date): { start: number; nextDay: string } {
  const start = Date.parse(`${koreanDay(now)}T00:00:00+09:00`);
  const next = koreanDay(new Date(start + DAY_MS));
  return { start, nextDay: `${Number(next.slice(5, 7))}월 ${Number(next.slice(8, 10))}일` };
}

export async function saveMemberLocation(ctx: AuthContext, memberId: number, body: LocationBody): Promise<SavedPlace> {
  if (!(await hasAgreed(ctx.db, memberId, 'LOCATION'))) {
    throw new Forbidden(VALIDATION_KO.locationNeedsConsent, 'LOCATION_CONSENT_REQUIRED');
  }
  const place = placeOf(body);
  const current = await findMemberPlace(ctx.db, memberId);
  // Saving the place I already have (a retry, a double click) is not a change.
  if (current && current.address === place.address && current.lat === place.lat && current.lng === place.lng) {
    return place;
  }
  const { start, nextDay } = koreanDayBounds(ctx.now);
  const changes = await countLocationChange(ctx.db, memberId, start / 1000);
  if (changes > LOCATION_LIMITS.changesPerDay) {
    throw new AppError(429, 'LOCATION_CHANGE_LIMIT', LOCATION_KO.changeLimit(LOCATION_LIMITS.changesPerDay, nextDay));
  }
  await updateMemberLocation(ctx.db, memberId, place, iso(ctx.now));
  return place;
}

export async function saveSignupLocation(
  ctx: AuthContext,
  cookie: string | undefined,
  body: LocationBody,
): Promise<SavedPlace> {
  const session = await openSignupSession(ctx, cookie);
  const place = placeOf(body);
  await setSignupSessionLocation(ctx.db, session.id, place);
  return place;
}
