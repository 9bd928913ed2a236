// Issue 11: where a member may say they live. Only the ~1 km cell is stored (location call and
// signup), coordinates must fit the chosen district, and a member may move 3 times per Korean day.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LOCATION_KO } from '../../src/contract/location';
import { buildApp } from '../../src/app';
import { devSignIn, freshIp, postSignup, signupData, signupForm, uniqueEmail } from '../helpers/auth';
import { ORIGIN, seedMember, tokenFor } from '../helpers/matching';

type ErrorBody = { code: string; message: string; fields?: Record<string, string> };

/** POST /api/member/location as `memberId`, with the Worker's clock at `at`. */
async function moveAt(memberId: number, at: string, body: unknown): Promise<Response> {
  const request = new Request(`${ORIGIN}/api/member/location`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${await tokenFor(memberId, new Date(at))}`,
      'Content-Type': 'application/json',
      'CF-Connecting-IP': freshIp(),
    },
    body: JSON.stringify(body),
  });
  const ctx = createExecutionContext();
  const res = await buildApp().fetch(request, { ...env, FIXED_NOW: at }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const stored = (memberId: number) =>
  env.DB.prepare('SELECT address, district, lat, lng FROM members WHERE id = ?')
    .bind(memberId)
    .first<{ address: string | null; district: string | null; lat: number | null; lng: number | null }>();

// 23:59 on 10 March and 00:00 on 11 March, Korea time.
const LATE = '2026-03-10T14:59:00.000Z';
const NEXT_DAY = '2026-03-10T15:00:00.000Z';
const MAPO = (i: number) => ({ address: '서울특별시 마포구', lat: 37.55 + 0.01 * i, lng: 126.91 });

describe('location changes per day', () => {
  it('allows 3 changes per Korean day, then refuses with 429 and says when, and allows again the next day', async () => {
    const me = await seedMember({ place: null });
    for (let i = 0; i < 3; i++) expect((await moveAt(me, LATE, MAPO(i))).status).toBe(200);
    const before = await stored(me);

    const refused = await moveAt(me, LATE, MAPO(3));
    expect(refused.status).toBe(429);
    const err = await refused.json<ErrorBody>();
    expect(err.code).toBe('LOCATION_CHANGE_LIMIT');
    expect(err.message).toBe(LOCATION_KO.changeLimit(3, '3월 11일'));
    expect(err.message).toContain('하루에 3번까지만');
    expect(await stored(me)).toEqual(before);

    // Saving the place I already have is not a change, even with the day's budget spent.
    expect((await moveAt(me, LATE, MAPO(2))).status).toBe(200);

    // A minute later it is the next day in Korea.
    expect((await moveAt(me, NEXT_DAY, MAPO(3))).status).toBe(200);
    expect((await stored(me))?.lat).toBe(37.58);
  });

  it('counts each member separately', async () => {
    const a = await seedMember({ place: null });
    const b = await seedMember({ place: null });
    for (let i = 0; i < 3; i++) await moveAt(a, LATE, MAPO(i));
    expect((await moveAt(a, LATE, MAPO(3))).status).toBe(429);
    expect((await moveAt(b, LATE, MAPO(0))).status).toBe(200);
  });
});

describe('coordinates and the chosen district', () => {
  it('refuses a Busan address with Seoul coordinates, and an unknown 시/도, storing nothing', async () => {
    const me = await seedMember({ place: null });
    const busan = await moveAt(me, LATE, { address: '부산광역시 해운대구 우동', lat: 37.56, lng: 126.97 });
    expect(busan.status).toBe(400);
    const err = await busan.json<ErrorBody>();
    expect(err.code).toBe('LOCATION_MISMATCH');
    expect(err.message).toBe(LOCATION_KO.outsideDistrict);
    expect(err.fields?.address).toBe(LOCATION_KO.outsideDistrict);
    // 마포구's coordinates are 13 km from 강남구: not plausibly inside it either.
    expect((await moveAt(me, LATE, { address: '서울특별시 강남구', lat: 37.56, lng: 126.91 })).status).toBe(400);
    const unknown = await moveAt(me, LATE, { address: '아틀란티스 중구', lat: 37.56, lng: 126.97 });
    expect(unknown.status).toBe(400);
    expect((await unknown.json<ErrorBody>()).message).toBe(LOCATION_KO.unknownProvince);
    expect((await stored(me))?.lat).toBeNull();
  });

  it('accepts a point near the chosen district’s edge and a 구 of a big 시', async () => {
    const me = await seedMember({ place: null });
    // 해운대구 ~3 km from its centroid, and 수원시 영통구 (the list keeps 수원시 whole).
    expect((await moveAt(me, LATE, { address: '부산광역시 해운대구', lat: 35.17, lng: 129.19 })).status).toBe(200);
    expect((await moveAt(me, LATE, { address: '경기 수원시 영통구', lat: 37.26, lng: 127.05 })).status).toBe(200);
    expect(await stored(me)).toMatchObject({ district: '수원시' });
  });

  it('stores and answers only the ~1 km cell centre of the position sent', async () => {
    const me = await seedMember({ place: null });
    const res = await moveAt(me, LATE, { address: '서울특별시 강남구 테헤란로 152', lat: 37.50123, lng: 127.03691 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ lat: 37.5, lng: 127.0375 });
    expect(await stored(me)).toMatchObject({ lat: 37.5, lng: 127.0375 });
  });
});

describe('signup takes the same check and snapping', () => {
  const identity = () => ({ email: uniqueEmail('grid'), name: '격자', gender: 'F' as const, birthday: '1995-05-05' });

  it('stores the cell centre of the signup form’s coordinates', async () => {
    const who = identity();
    const { cookies } = await devSignIn(who);
    const location = { city: '서울특별시', district: '마포구', lat: 37.55612, lng: 126.91234 };
    const res = await postSignup(signupForm(signupData(who, { location })), cookies);
    expect(res.status).toBe(200);
    expect(await stored(await res.json<number>())).toMatchObject({ lat: 37.56, lng: 126.9125 });
  });

  it('refuses coordinates outside the chosen district and creates no member', async () => {
    const who = identity();
    const { cookies } = await devSignIn(who);
    const location = { city: '부산광역시', district: '해운대구', lat: 37.56, lng: 126.97 };
    const res = await postSignup(signupForm(signupData(who, { location })), cookies);
    expect(res.status).toBe(400);
    const err = await res.json<ErrorBody>();
    expect(err.code).toBe('LOCATION_MISMATCH');
    expect(err.fields?.district).toBe(LOCATION_KO.outsideDistrict);
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM members WHERE email = ?')
      .bind(who.email)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });
});
