// 시/도 → 시/군/구 picker over the contract's REGIONS (offline), giving the district's centroid.
// With a Kakao maps key configured it also offers the postcode search.
import { useEffect, useId, useState } from 'react';
import { REGIONS, findProvince, type Province } from '@contract/regions';
import { ko } from '../i18n/ko';
import { kakaoMapsKey, searchAddress } from '../lib/kakao-address';
import { MapPinIcon } from './icons';

export interface RegionChoice {
  city: string;
  district: string;
  /** '<시/도> <시/군/구>' as POST /api/member/location expects. */
  address: string;
  lat: number;
  lng: number;
}

export function regionChoice(province: Province, districtName: string, lat: number, lng: number): RegionChoice {
  return { city: province.name, district: districtName, address: `${province.name} ${districtName}`, lat, lng };
}

interface RegionPickerProps {
  value: RegionChoice | null;
  onChange: (choice: RegionChoice | null) => void;
  /** id of an error message the selects point to. */
  errorId?: string;
}

export function RegionPicker({ value, onChange, errorId }: RegionPickerProps) {
  const id = useId();
  const [city, setCity] = useState(value?.city ?? '');
  const [searching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState<string | null>(null);
  const key = kakaoMapsKey();

  // A choice made elsewhere (address search, restored value) shows in the selects.
  useEffect(() => {
    if (value) setCity(value.city);
  }, [value]);

  const province = findProvince(city);

  const pickCity = (name: string) => {
    setCity(name);
    onChange(null);
  };
  const pickDistrict = (name: string) => {
    const d = province?.districts.find((x) => x.name === name);
    onChange(province && d ? regionChoice(province, d.name, d.lat, d.lng) : null);
  };

  const search = async () => {
    if (!key) return;
    setSearching(true);
    setSearchError(null);
    try {
      const pick = await searchAddress(key);
      if (pick) onChange(regionChoice(pick.province, pick.districtName, pick.lat, pick.lng));
    } catch (err) {
      console.error('[location] address search failed', err);
      setSearchError(ko.region.searchFailed);
    } finally {
      setSearching(false);
    }
  };

  const invalid = errorId ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  return (
    <div className="region-picker">
      <div className="form-grid form-grid--2">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-city`}>
            {ko.region.city}
          </label>
          <select
            id={`${id}-city`}
            className="select"
            value={province?.name ?? ''}
            onChange={(e) => pickCity(e.target.value)}
            {...invalid}
          >
            <option value="">{ko.region.chooseCity}</option>
            {REGIONS.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-district`}>
            {ko.region.district}
          </label>
          <select
            id={`${id}-district`}
            className="select"
            value={value && value.city === province?.name ? value.district : ''}
            onChange={(e) => pickDistrict(e.target.value)}
            disabled={!province}
            {...invalid}
          >
            <option value="">{ko.region.chooseDistrict}</option>
            {province?.districts.map((d) => (
              <option key={d.name} value={d.name}>
                {d.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {key ? (
        <button
          type="button"
          className="btn btn--secondary region-picker__search"
          onClick={() => void search()}
          disabled={searching}
        >
          <MapPinIcon size={18} />
          {searching ? ko.region.searching : ko.region.searchAddress}
        </button>
      ) : null}
      {searchError ? (
        <p className="field__error" role="alert">
          {searchError}
        </p>
      ) : null}
    </div>
  );
}
