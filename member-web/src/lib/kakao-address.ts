// Optional address search (Daum postcode) + geocoding (Kakao Maps), loaded on demand and only
// when the Worker provides a maps key in window.__ONGI_CONFIG__. Without it the offline picker is used.
import { findProvince, type Province } from '@contract/regions';

declare global {
  interface Window {
    __ONGI_CONFIG__?: { kakaoMapsKey?: string };
    daum?: {
      Postcode: new (options: { oncomplete: (data: PostcodeResult) => void; onclose?: (state: string) => void }) => {
        open: () => void;
      };
    };
    kakao?: {
      maps: {
        load: (cb: () => void) => void;
        services: {
          Geocoder: new () => {
            addressSearch: (q: string, cb: (result: { x: string; y: string }[], status: string) => void) => void;
          };
          Status: { OK: string };
        };
      };
    };
  }
}

interface PostcodeResult {
  sido: string;
  sigungu: string;
  address: string;
}

export interface AddressPick {
  province: Province;
  districtName: string;
  lat: number;
  lng: number;
}

const POSTCODE_SRC = 'https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js';

export const kakaoMapsKey = (): string | undefined => window.__ONGI_CONFIG__?.kakaoMapsKey || undefined;

const loaded = new Map<string, Promise<void>>();
function loadScript(src: string): Promise<void> {
  let p = loaded.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.onload = () => resolve();
      el.onerror = () => {
        loaded.delete(src);
        reject(new Error(`failed to load ${src}`));
      };
      document.head.appendChild(el);
    });
    loaded.set(src, p);
  }
  return p;
}

function openPostcode(): Promise<PostcodeResult | null> {
  return new Promise((resolve, reject) => {
    const Postcode = window.daum?.Postcode;
    if (!Postcode) return reject(new Error('postcode unavailable'));
    new Postcode({
      oncomplete: (data) => resolve(data),
      onclose: (state) => {
        if (state === 'FORCE_CLOSE') resolve(null);
      },
    }).open();
  });
}

function geocode(query: string): Promise<{ lat: number; lng: number } | null> {
  return new Promise((resolve) => {
    const maps = window.kakao?.maps;
    if (!maps) return resolve(null);
    maps.load(() => {
      new maps.services.Geocoder().addressSearch(query, (result, status) => {
        const first = result[0];
        if (status !== maps.services.Status.OK || !first) return resolve(null);
        resolve({ lat: Number(first.y), lng: Number(first.x) });
      });
    });
  });
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Postcode popup → 시/도 + 시/군/구 → their point. Only the district is geocoded (not the street
 * address) and rounded, so the saved point never pinpoints where someone lives.
 * Resolves null when the member closes the popup; throws when the services cannot be used.
 */
export async function searchAddress(key: string): Promise<AddressPick | null> {
  await loadScript(POSTCODE_SRC);
  const picked = await openPostcode();
  if (!picked) return null;
  const province = findProvince(picked.sido);
  if (!province) throw new Error(`unknown province ${picked.sido}`);
  // '수원시 장안구' → '수원시': the region list keeps big cities whole.
  const known =
    province.districts.find((d) => d.name === picked.sigungu) ??
    province.districts.find((d) => d.name === picked.sigungu.split(' ')[0]);
  const districtName = known?.name ?? (picked.sigungu || province.name);
  await loadScript(
    `https://dapi.kakao.com/v2/maps/sdk.js?appkey=${encodeURIComponent(key)}&libraries=services&autoload=false`,
  );
  const point =
    (await geocode(`${picked.sido} ${picked.sigungu}`.trim())) ?? (known ? { lat: known.lat, lng: known.lng } : null);
  if (!point) throw new Error('geocoding failed');
  return { province, districtName, lat: round2(point.lat), lng: round2(point.lng) };
}
