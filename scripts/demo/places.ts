// Where demo members live: provinces weighted by population (millions, 2025, rounded),
// districts inside a province weighted so cities and 구 outnumber rural 군.
import { snapToCell } from '../../worker/src/areas/location/grid';
import { type District, type Province, REGIONS } from '../../worker/src/contract/regions';
import type { Random } from './random';

const POPULATION: Record<string, number> = {
  서울: 9.3,
  부산: 3.2,
  대구: 2.3,
  인천: 3.0,
  광주: 1.4,
  대전: 1.4,
  울산: 1.1,
  세종: 0.4,
  경기: 13.7,
  강원: 1.5,
  충북: 1.6,
  충남: 2.1,
  전북: 1.7,
  전남: 1.8,
  경북: 2.5,
  경남: 3.2,
  제주: 0.7,
};

const districtWeight = (d: District): number => (d.name.endsWith('군') ? 1 : 4);

export type Place = { province: Province; district: District; lat: number; lng: number; address: string };

export function randomPlace(rng: Random): Place {
  const province = rng.weighted(REGIONS, (p) => POPULATION[p.short] ?? 1);
  const district = rng.weighted(province.districts, districtWeight);
  // A little jitter around the centroid so members of one district are not on one point, then
  // the ~1 km cell the Worker would store (docs/matching.md "The threat: locating someone by moving oneself": stored positions are cell centres only).
  const { lat, lng } = snapToCell({
    lat: district.lat + rng.between(-0.02, 0.02),
    lng: district.lng + rng.between(-0.02, 0.02),
  });
  const address = province.name === district.name ? province.name : `${province.name} ${district.name}`;
  return { province, district, lat, lng, address };
}
