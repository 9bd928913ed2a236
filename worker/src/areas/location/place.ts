// Checking a chosen place before it is stored: the coordinates must plausibly lie in the chosen
// 시/도 · 시/군/구, and only their ~1 km cell is kept (grid.ts). Used by the location call and by signup.
import { LOCATION_KO } from '../../contract/location';
import { REGIONS, findProvince, type District } from '../../contract/regions';
import { Invalid } from '../../lib/errors';
import { distanceKm } from '../matching/scoring';
import { snapToCell } from './grid';

/**
 * The region list has one approximate centroid per district, not boundaries. A point is taken as
 * inside the chosen district when that centroid is no more than SLACK_KM farther than the nearest
 * centroid of any district (points near a border are often nearer the neighbour's centroid, and
 * geocoders put a district at its office, not its centroid), and never more than MAX_KM away
 * (the largest 군 reach about that far from their centre). A Busan address with Seoul coordinates
 * is hundreds of km off; 강남구 with 마포구's coordinates is 13 km off with 마포구 at 0.
 */
export const PLACE_SLACK_KM = 12;
export const PLACE_MAX_KM = 60;

const ALL_DISTRICTS: readonly District[] = REGIONS.flatMap((p) => p.districts);

export type PlaceVerdict = 'ok' | 'unknown-province' | 'outside';

export function judgePlace(city: string, district: string, p: { lat: number; lng: number }): PlaceVerdict {
  const province = findProvince(city);
  if (!province) return 'unknown-province';
  const named = province.districts.find((d) => d.name === district.trim());
  // A district the list does not know (a new one, or a 구 of a big 시) is judged by its province.
  const chosen = named ? [named] : province.districts;
  const toChosen = Math.min(...chosen.map((d) => distanceKm(p, d)));
  const toNearest = Math.min(...ALL_DISTRICTS.map((d) => distanceKm(p, d)));
  return toChosen <= Math.min(PLACE_MAX_KM, toNearest + PLACE_SLACK_KM) ? 'ok' : 'outside';
}

/**
 * The cell centre to store for a chosen place, or 400 when the coordinates do not fit the region
 * (`field` names the form field the message belongs to).
 */
export function checkedPosition(
  city: string,
  district: string,
  p: { lat: number; lng: number },
  field: string,
): { lat: number; lng: number } {
  const verdict = judgePlace(city, district, p);
  if (verdict === 'unknown-province') {
    throw new Invalid(LOCATION_KO.unknownProvince, { [field]: LOCATION_KO.unknownProvince }, 'ADDRESS_INVALID');
  }
  if (verdict === 'outside') {
    throw new Invalid(LOCATION_KO.outsideDistrict, { [field]: LOCATION_KO.outsideDistrict }, 'LOCATION_MISMATCH');
  }
  return snapToCell(p);
}
