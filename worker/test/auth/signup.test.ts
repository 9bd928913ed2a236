import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LIMITS, VALIDATION_KO } from '../../src/contract';
import { NICKNAME_KO } from '../../src/contract/nickname';
import { sha256Hex } from '../../src/lib/crypto';
import {
  ALL_AGREED,
  devSignIn,
  pngFile,
  postLogin,
  postSignup,
  setCookieNamed,
  signupData,
  signupForm,
  uniqueEmail,
  withCookies,
  type CookieJar,
  type DevIdentityInput,
} from '../helpers/auth';

type ErrorBody = { code: string; message: string; fields?: Record<string, string> };

/** A portal identity with an open signup session (NEED_AGREEMENT), ready for the form. */
async function openSession(
  over: Partial<DevIdentityInput> = {},
): Promise<{ identity: Required<DevIdentityInput>; cookies: CookieJar }> {
  const identity = {
    email: uniqueEmail('signup'),
    name: '박온기',
    gender: 'M' as const,
    birthday: '1996-07-01',
    ...over,
  };
  const { body, cookies } = await devSignIn(identity);
  if (body.status !== 'NEED_AGREEMENT') throw new Error('expected a new identity');
  return { identity, cookies };
}

/** Today's date in Korea, `years` years back (KST decides ages). */
function kstDateYearsAgo(years: number, dayShift = 0): string {
  const kst = new Date(Date.now() + 9 * 3600_000);
  const d = new Date(Date.UTC(kst.getUTCFullYear() - years, kst.getUTCMonth(), kst.getUTCDate() + dayShift));
  return d.toISOString().slice(0, 10);
}

async function profileObjects(): Promise<number> {
  return (await env.MEDIA.list({ prefix: 'profiles/' })).objects.length;
}

describe('POST /api/member/profile (signup)', () => {
  it('creates the member from the portal identity, stores interests, agreements, location and photos, and issues a login ticket', async () => {
    const { identity, cookies } = await openSession({ name: '포털이름' });
    const data = signupData(identity, {
      name: '바꾼이름',
      interests: ['운동', '독서', '환경 보호'],
      agreements: { MARKETING: true },
      location: { city: '서울특별시', district: '마포구', lat: 37.56, lng: 126.9 },
    });
    const res = await postSignup(signupForm(data, [await pngFile('a.png'), await pngFile('b.png')]), cookies);
    expect(res.status).toBe(200);
    const memberId = await res.json<number>();
    expect(typeof memberId).toBe('number');

    expect(setCookieNamed(res, 'ongi_login')?.attributes).toMatchObject({
      httponly: true,
      samesite: 'Strict',
      path: '/login',
    });
    expect(setCookieNamed(res, 'ongi_signup')?.attributes['max-age']).toBe('0');

    const member = await env.DB.prepare('SELECT * FROM members WHERE id = ?')
      .bind(memberId)
      .first<Record<string, unknown>>();
    expect(member).toMatchObject({
      name: '바꾼이름',
      email: identity.email,
      gender: 'M',
      birthday: '1996-07-01',
      provider_type: 'NAVER',
      looking_for: 'F',
      city: '서울특별시',
      district: '마포구',
      lat: 37.56,
      lng: 126.9,
      status: 'ACTIVE',
    });
    const interests = await env.DB.prepare('SELECT tag FROM member_interests WHERE member_id = ? ORDER BY tag')
      .bind(memberId)
      .all<{ tag: string }>();
    expect(interests.results.map((r) => r.tag).sort()).toEqual(['독서', '운동', '환경 보호'].sort());
    const agreements = await env.DB.prepare(
      'SELECT item, agreed, terms_version, decided_at FROM member_agreements WHERE member_id = ?',
    )
      .bind(memberId)
      .all<{ item: string; agreed: number; terms_version: string; decided_at: string }>();
    expect(agreements.results).toHaveLength(6);
    expect(agreements.results.every((a) => a.terms_version === env.TERMS_VERSION && a.decided_at)).toBe(true);
    expect(Object.fromEntries(agreements.results.map((a) => [a.item, a.agreed]))).toEqual({
      SERVICE_USE: 1,
      PRIVACY: 1,
      SENSITIVE_INFO: 1,
      LOCATION: 1,
      OVER_19: 1,
      MARKETING: 1,
    });
    const images = await env.DB.prepare(
      'SELECT role, slot, object_key FROM member_images WHERE member_id = ? ORDER BY slot',
    )
      .bind(memberId)
      .all<{ role: string; slot: number; object_key: string }>();
    expect(images.results.map((i) => [i.role, i.slot])).toEqual([
      ['MAIN', 0],
      ['SUB', 1],
    ]);
    for (const img of images.results) expect(await env.MEDIA.head(img.object_key)).not.toBeNull();

    const login = await postLogin(memberId, withCookies(res));
    expect(login.status).toBe(200);
  });

  it('accepts the data part as a plain text field and no photos', async () => {
    const { identity, cookies } = await openSession();
    const form = new FormData();
    form.append('data', JSON.stringify(signupData(identity)));
    const res = await postSignup(form, cookies);
    expect(res.status).toBe(200);
  });

  it('refuses signup without a signup session', async () => {
    const { identity } = await openSession();
    const res = await postSignup(signupForm(signupData(identity)), {});
    expect(res.status).toBe(401);
    const err = await res.json<ErrorBody>();
    expect(err.code).toBe('SIGNUP_SESSION_MISSING');
    expect(err.message).toMatch(/다시 로그인해 주세요/);
  });

  it('refuses signup with an expired signup session', async () => {
    const cookie = 'expired-signup-' + crypto.randomUUID();
    const email = uniqueEmail('expired');
    await env.DB.prepare(
      `INSERT INTO signup_sessions (id, provider_type, provider_user_id, name, email, gender, birthday, expires_at)
       VALUES (?, 'NAVER', ?, '만료', ?, 'F', '1999-01-01', ?)`,
    )
      .bind(await sha256Hex(cookie), 'pid-' + email, email, new Date(Date.now() - 1000).toISOString())
      .run();
    const data = signupData({ email, name: '만료', gender: 'F', birthday: '1999-01-01' });
    const res = await postSignup(signupForm(data), { ongi_signup: cookie });
    expect(res.status).toBe(401);
    expect((await res.json<ErrorBody>()).code).toBe('SIGNUP_SESSION_MISSING');
  });

  it('requires each of SERVICE_USE, PRIVACY, SENSITIVE_INFO and OVER_19; the retired OVER_14 is refused', async () => {
    const { identity, cookies } = await openSession();
    const retired = { ...signupData(identity), agreements: { ...ALL_AGREED, OVER_19: undefined, OVER_14: true } };
    const old = await postSignup(signupForm(retired), cookies);
    expect(old.status).toBe(400);
    for (const item of ['SERVICE_USE', 'PRIVACY', 'SENSITIVE_INFO', 'OVER_19'] as const) {
      const res = await postSignup(signupForm(signupData(identity, { agreements: { [item]: false } })), cookies);
      expect(res.status, item).toBe(400);
      const err = await res.json<ErrorBody>();
      expect(err.code).toBe('AGREEMENT_REQUIRED');
      expect(err.message).toBe(VALIDATION_KO.agreementRequired);
    }
    // LOCATION and MARKETING are optional; the session was not spent by the refusals.
    const ok = await postSignup(
      signupForm(signupData(identity, { agreements: { LOCATION: false, MARKETING: false } })),
      cookies,
    );
    expect(ok.status).toBe(200);
  });

  it("refuses a verified minor at 본인확인 (UNDER_19) and stores nothing; birthdays and ages are the verification's (test/identity)", async () => {
    const minor = await devSignIn(
      { email: uniqueEmail('minor'), name: '어린온기', gender: 'F', birthday: kstDateYearsAgo(15) },
      { verify: false },
    );
    // Without a verification the form is not even read.
    const res = await postSignup(signupForm({}), minor.cookies);
    expect(res.status).toBe(403);
    expect((await res.json<ErrorBody>()).code).toBe('IDENTITY_REQUIRED');
  });

  it('refuses 7 interests and an interest outside the 12 tags', async () => {
    const { identity, cookies } = await openSession();
    const seven = ['운동', '독서', '여행', '음악', '게임', '요리', '사진'] as const;
    const tooMany = await postSignup(signupForm(signupData(identity, { interests: [...seven] })), cookies);
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json<ErrorBody>()).fields?.interests).toBe(VALIDATION_KO.interestsMax);

    const unknown = { ...signupData(identity), interests: ['운동', '등산'] };
    const res = await postSignup(signupForm(unknown), cookies);
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).fields?.['interests.1']).toBe(VALIDATION_KO.interestUnknown);
  });

  it('refuses 4 photos', async () => {
    const { identity, cookies } = await openSession();
    const photos = await Promise.all([1, 2, 3, 4].map((i) => pngFile(`p${i}.png`)));
    const res = await postSignup(signupForm(signupData(identity), photos), cookies);
    expect(res.status).toBe(400);
    const err = await res.json<ErrorBody>();
    expect(err.code).toBe('IMAGES_TOO_MANY');
    expect(err.message).toBe(VALIDATION_KO.imagesMax);
  });

  it('refuses a file named .jpg that is not an image, and keeps no photo it already stored', async () => {
    const { identity, cookies } = await openSession();
    const before = await profileObjects();
    const fake = new File([new TextEncoder().encode('<html>not a photo</html>')], 'photo.jpg', { type: 'image/jpeg' });
    const res = await postSignup(signupForm(signupData(identity), [await pngFile('ok.png'), fake]), cookies);
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).code).toBe('NOT_AN_IMAGE');
    expect(await profileObjects()).toBe(before);
    const made = await env.DB.prepare('SELECT count(*) AS n FROM members WHERE email = ?')
      .bind(identity.email)
      .first<{ n: number }>();
    expect(made?.n).toBe(0);
  });

  it('refuses an oversize photo with 413', async () => {
    const { identity, cookies } = await openSession();
    const big = new Uint8Array(LIMITS.imageMaxBytes + 1);
    big.set(await (await pngFile()).bytes());
    const res = await postSignup(
      signupForm(signupData(identity), [new File([big], 'big.png', { type: 'image/png' })]),
      cookies,
    );
    expect(res.status).toBe(413);
    expect((await res.json<ErrorBody>()).code).toBe('IMAGE_TOO_LARGE');
  });

  it("ignores the body's email, gender, birthday and providerType: the portal and the verification decide them", async () => {
    const { identity, cookies } = await openSession({ gender: 'F', birthday: '1990-02-03' });
    const data = {
      ...signupData(identity),
      email: uniqueEmail('other'),
      gender: 'M',
      birthday: '2012-01-01',
      providerType: 'KAKAO',
    };
    const res = await postSignup(signupForm(data), cookies);
    expect(res.status).toBe(200);
    const memberId = await res.json<number>();
    const row = await env.DB.prepare('SELECT email, gender, birthday, provider_type FROM members WHERE id = ?')
      .bind(memberId)
      .first<{ email: string; gender: string; birthday: string; provider_type: string }>();
    expect(row).toEqual({ email: identity.email, gender: 'F', birthday: '1990-02-03', provider_type: 'NAVER' });
  });

  it('answers 409 when the portal identity already became a member', async () => {
    const identity = { email: uniqueEmail('twice'), name: '두리', gender: 'F' as const, birthday: '1994-04-04' };
    const first = await devSignIn(identity);
    const second = await devSignIn(identity);
    expect(first.body.status).toBe('NEED_AGREEMENT');
    expect(second.body.status).toBe('NEED_AGREEMENT');
    expect((await postSignup(signupForm(signupData(identity)), first.cookies)).status).toBe(200);
    const dup = await postSignup(signupForm(signupData(identity)), second.cookies);
    expect(dup.status).toBe(409);
    expect((await dup.json<ErrorBody>()).code).toBe('ALREADY_MEMBER');
  });

  it('spends the signup session: the same cookie cannot sign up twice', async () => {
    const { identity, cookies } = await openSession();
    expect((await postSignup(signupForm(signupData(identity)), cookies)).status).toBe(200);
    const again = await postSignup(signupForm(signupData(identity)), cookies);
    expect(again.status).toBe(401);
    expect((await again.json<ErrorBody>()).code).toBe('SIGNUP_SESSION_MISSING');
  });

  it('refuses location fields without LOCATION consent, a missing name, a missing seeking gender and unknown fields', async () => {
    const { identity, cookies } = await openSession();
    const base = signupData(identity, { agreements: { LOCATION: false } });
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { ...base, city: '서울특별시', district: '강남구', lat: 37.5, lng: 127 },
        'city',
        VALIDATION_KO.locationNeedsConsent,
      ],
      [{ ...base, name: '  ' }, 'name', NICKNAME_KO.required],
      [{ ...base, lookingFor: undefined }, 'lookingFor', VALIDATION_KO.lookingForRequired],
      [{ ...base, isAdmin: true }, 'isAdmin', VALIDATION_KO.unknownField],
    ];
    for (const [data, field, message] of cases) {
      const res = await postSignup(signupForm(data), cookies);
      expect(res.status, field).toBe(400);
      expect((await res.json<ErrorBody>()).fields?.[field]).toBe(message);
    }
  });

  it('refuses a cross-site signup (CSRF)', async () => {
    const { identity, cookies } = await openSession();
    const res = await postSignup(signupForm(signupData(identity)), cookies, { 'Sec-Fetch-Site': 'cross-site' });
    expect(res.status).toBe(403);
    expect((await res.json<ErrorBody>()).code).toBe('CSRF_REJECTED');
  });
});
