import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { VALIDATION_KO } from '../../src/contract';
import {
  bearer,
  cookieHeader,
  devSignIn,
  freshIp,
  ORIGIN,
  postSignup,
  signupData,
  signupForm,
  signUpMember,
  uniqueEmail,
  type CookieJar,
} from '../helpers/auth';

type ErrorBody = { code: string; message: string; fields?: Record<string, string> };

async function saveLocation(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return SELF.fetch(`${ORIGIN}/api/member/location`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp(), ...headers },
    body: JSON.stringify(body),
  });
}

async function placeOf(memberId: number) {
  return env.DB.prepare('SELECT address, city, district, lat, lng, location_updated_at FROM members WHERE id = ?')
    .bind(memberId)
    .first<{
      address: string | null;
      city: string | null;
      district: string | null;
      lat: number | null;
      lng: number | null;
      location_updated_at: string | null;
    }>();
}

describe('POST /api/member/location', () => {
  it('saves a consenting member’s location with city and district from the address', async () => {
    const member = await signUpMember();
    const res = await saveLocation(
      { address: '서울특별시 강남구 테헤란로 152', lat: 37.5, lng: 127.04 },
      bearer(member.accessToken),
    );
    expect(res.status).toBe(200);
    // Only the ~1 km cell is kept: 127.04 lies in the cell centred on 127.0375 (1/80°).
    expect(await res.json()).toMatchObject({ city: '서울특별시', district: '강남구', lat: 37.5, lng: 127.0375 });
    expect(await placeOf(member.memberId)).toMatchObject({
      address: '서울특별시 강남구 테헤란로 152',
      city: '서울특별시',
      district: '강남구',
      lat: 37.5,
      lng: 127.0375,
    });
  });

  it('accepts lat/lng as strings and the postcode service’s short province name', async () => {
    const member = await signUpMember();
    const res = await saveLocation(
      { address: '경기 성남시 분당구 판교역로 166', lat: '37.39', lng: '127.11' },
      bearer(member.accessToken),
    );
    expect(res.status).toBe(200);
    expect(await placeOf(member.memberId)).toMatchObject({
      city: '경기도',
      district: '성남시',
      lat: 37.39,
      lng: 127.1125,
    });
  });

  it('refuses a member without LOCATION consent with 403', async () => {
    const member = await signUpMember({ agreements: { LOCATION: false } });
    const res = await saveLocation(
      { address: '부산광역시 해운대구 우동', lat: 35.16, lng: 129.16 },
      bearer(member.accessToken),
    );
    expect(res.status).toBe(403);
    const err = await res.json<ErrorBody>();
    expect(err.code).toBe('LOCATION_CONSENT_REQUIRED');
    expect(err.message).toBe(VALIDATION_KO.locationNeedsConsent);
    expect((await placeOf(member.memberId))?.city).toBeNull();
  });

  it('refuses an address without a district, coordinates outside Korea and unknown fields', async () => {
    const member = await signUpMember();
    const auth = bearer(member.accessToken);
    const oneWord = await saveLocation({ address: '서울특별시', lat: 37.5, lng: 127 }, auth);
    expect(oneWord.status).toBe(400);
    expect((await oneWord.json<ErrorBody>()).code).toBe('ADDRESS_INVALID');
    const paris = await saveLocation({ address: '서울특별시 중구', lat: 48.85, lng: 2.35 }, auth);
    expect(paris.status).toBe(400);
    expect((await paris.json<ErrorBody>()).fields?.lat).toBe(VALIDATION_KO.coordinatesOutOfRange);
    const extra = await saveLocation({ address: '서울특별시 중구', lat: 37.5, lng: 127, city: 'x' }, auth);
    expect(extra.status).toBe(400);
  });

  it('keeps a location saved inside the signup session and gives it to the member when LOCATION is agreed', async () => {
    const identity = { email: uniqueEmail('loc'), name: '위치', gender: 'F' as const, birthday: '1997-02-02' };
    const { cookies } = await devSignIn(identity);
    const saved = await saveLocation(
      { address: '대전광역시 유성구 대학로 99', lat: 36.36, lng: 127.34 },
      { Cookie: cookieHeader(cookies) },
    );
    expect(saved.status).toBe(200);
    const res = await postSignup(signupForm(signupData(identity)), cookies);
    expect(res.status).toBe(200);
    expect(await placeOf(await res.json<number>())).toMatchObject({
      address: '대전광역시 유성구 대학로 99',
      city: '대전광역시',
      district: '유성구',
      lat: 36.36,
      lng: 127.3375,
    });
  });

  it('drops the signup session’s location when LOCATION is not agreed at signup', async () => {
    const identity = { email: uniqueEmail('noloc'), name: '무위치', gender: 'M' as const, birthday: '1997-02-02' };
    const { cookies } = await devSignIn(identity);
    await saveLocation(
      { address: '광주광역시 북구 용봉로 77', lat: 35.17, lng: 126.91 },
      { Cookie: cookieHeader(cookies) },
    );
    const res = await postSignup(signupForm(signupData(identity, { agreements: { LOCATION: false } })), cookies);
    expect(res.status).toBe(200);
    expect(await placeOf(await res.json<number>())).toMatchObject({ city: null, district: null, lat: null });
  });

  it('answers 401 with neither a member token nor a signup session, and never falls back from a bad token', async () => {
    const body = { address: '서울특별시 중구 세종대로 110', lat: 37.56, lng: 126.97 };
    const anonymous = await saveLocation(body);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json<ErrorBody>()).code).toBe('SIGNUP_SESSION_MISSING');

    const identity = { email: uniqueEmail('bad'), name: '토큰', gender: 'M' as const, birthday: '1990-03-03' };
    const { cookies }: { cookies: CookieJar } = await devSignIn(identity);
    const badToken = await saveLocation(body, { Authorization: 'Bearer nope', Cookie: cookieHeader(cookies) });
    expect(badToken.status).toBe(401);
    expect((await badToken.json<ErrorBody>()).code).toBe('TOKEN_INVALID');
  });

  it('refuses a cross-site request (CSRF)', async () => {
    const member = await signUpMember();
    const res = await saveLocation(
      { address: '서울특별시 중구', lat: 37.56, lng: 126.97 },
      { ...bearer(member.accessToken), Origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });
});
