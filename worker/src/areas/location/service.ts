// Saving where a member is (POST /api/member/location): for a member with LOCATION consent, or
// provisionally inside a signup session (signup keeps it only if LOCATION is agreed there).
import type { LocationBody } from '../../contract/auth';
import { VALIDATION_KO } from '../../contract/messages';
import { findProvince } from '../../contract/regions';
import { iso } from '../../lib/clock';
import { Forbidden, Invalid } from '../../lib/errors';
import type { AuthContext } from '../auth/context';
import { setSignupSessionLocation } from '../auth/repo';
import { openSignupSession } from '../auth/signup-service';
import { hasAgreed, updateMemberLocation } from '../members/repo';

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

function placeOf(body: LocationBody): SavedPlace {
  return { address: body.address.trim(), ...regionOf(body.address), lat: body.lat, lng: body.lng };
}

export async function saveMemberLocation(ctx: AuthContext, memberId: number, body: LocationBody): Promise<SavedPlace> {
  if (!(await hasAgreed(ctx.db, memberId, 'LOCATION'))) {
    throw new Forbidden(VALIDATION_KO.locationNeedsConsent, 'LOCATION_CONSENT_REQUIRED');
  }
  const place = placeOf(body);
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
