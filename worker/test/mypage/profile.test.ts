// GET /api/on/mypage/profile, GET/PUT interests and matching settings.
import { describe, expect, it } from 'vitest';
import { VALIDATION_KO, type InterestsResponse, type MatchingSettings, type MypageProfile } from '../../src/contract';
import { signUpMember } from '../helpers/auth';
import { ban, call, countRows, type ErrorBody } from '../helpers/mypage';

describe('GET /api/on/mypage/profile', () => {
  it("answers the member's name, age, email, gender and seeking gender", async () => {
    const m = await signUpMember({ name: '이봄', gender: 'F', birthday: '2000-01-01', lookingFor: 'both' });
    const res = await call('/api/on/mypage/profile', { token: m.accessToken });
    expect(res.status).toBe(200);
    const body = await res.json<MypageProfile>();
    expect(body).toMatchObject({ name: '이봄', email: m.email, gender: 'F', lookingForGender: 'both' });
    expect(body.age).toBeGreaterThanOrEqual(25);
  });

  it('answers 401 to a visitor and 403 to a banned member', async () => {
    expect((await call('/api/on/mypage/profile')).status).toBe(401);
    const m = await signUpMember();
    await ban(m.memberId);
    expect((await call('/api/on/mypage/profile', { token: m.accessToken })).status).toBe(403);
  });
});

describe('GET/PUT /api/on/mypage/interests', () => {
  const put = (token: string, interests: unknown) =>
    call('/api/on/mypage/interests', { method: 'PUT', token, json: { interests } });

  it('answers the signup interests in the fixed tag order', async () => {
    const m = await signUpMember({ interests: ['음악', '운동'] });
    const res = await call('/api/on/mypage/interests', { token: m.accessToken });
    expect(await res.json<InterestsResponse>()).toEqual({ interests: ['운동', '음악'] });
  });

  it('replaces the interests with up to six tags', async () => {
    const m = await signUpMember();
    const six = ['운동', '독서', '여행', '음악', '게임', '요리'];
    const res = await put(m.accessToken, six);
    expect(res.status).toBe(200);
    expect(await res.json<InterestsResponse>()).toEqual({ interests: six });
    expect(await (await call('/api/on/mypage/interests', { token: m.accessToken })).json()).toEqual({ interests: six });
  });

  it('accepts an empty list', async () => {
    const m = await signUpMember();
    expect(await (await put(m.accessToken, [])).json()).toEqual({ interests: [] });
  });

  it("refuses a 7th interest with the spec's message and keeps the old ones", async () => {
    const m = await signUpMember({ interests: ['여행'] });
    const res = await put(m.accessToken, ['운동', '독서', '여행', '음악', '게임', '요리', '사진']);
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).message).toBe(VALIDATION_KO.interestsMax);
    expect(await (await call('/api/on/mypage/interests', { token: m.accessToken })).json()).toEqual({
      interests: ['여행'],
    });
  });

  it('refuses a tag outside the 12 and a repeated tag', async () => {
    const m = await signUpMember();
    expect((await put(m.accessToken, ['낚시'])).status).toBe(400);
    expect((await put(m.accessToken, ['운동', '운동'])).status).toBe(400);
    expect(
      (
        await call('/api/on/mypage/interests', {
          method: 'PUT',
          token: m.accessToken,
          json: { interests: ['운동'], extra: 1 },
        })
      ).status,
    ).toBe(400);
  });

  it('answers 401 to a visitor and 403 to a banned member, changing nothing', async () => {
    expect((await call('/api/on/mypage/interests', { method: 'PUT', json: { interests: [] } })).status).toBe(401);
    const m = await signUpMember({ interests: ['여행'] });
    await ban(m.memberId);
    expect((await put(m.accessToken, [])).status).toBe(403);
    expect(await countRows('SELECT COUNT(*) AS n FROM member_interests WHERE member_id = ?', m.memberId)).toBe(1);
  });
});

describe('GET/PUT /api/on/mypage/matching-settings', () => {
  const path = '/api/on/mypage/matching-settings';

  it('starts with both toggles on and saves a change', async () => {
    const m = await signUpMember();
    expect(await (await call(path, { token: m.accessToken })).json()).toEqual({
      romanceMatching: true,
      friendMatching: true,
    });
    const res = await call(path, {
      method: 'PUT',
      token: m.accessToken,
      json: { romanceMatching: false, friendMatching: true },
    });
    expect(res.status).toBe(200);
    expect(await res.json<MatchingSettings>()).toEqual({ romanceMatching: false, friendMatching: true });
    expect(await (await call(path, { token: m.accessToken })).json()).toEqual({
      romanceMatching: false,
      friendMatching: true,
    });
  });

  it('refuses a body without both booleans', async () => {
    const m = await signUpMember();
    expect((await call(path, { method: 'PUT', token: m.accessToken, json: { romanceMatching: false } })).status).toBe(
      400,
    );
    expect(
      (await call(path, { method: 'PUT', token: m.accessToken, json: { romanceMatching: 'no', friendMatching: true } }))
        .status,
    ).toBe(400);
  });

  it("changes only the caller's settings", async () => {
    const a = await signUpMember();
    const b = await signUpMember();
    await call(path, { method: 'PUT', token: a.accessToken, json: { romanceMatching: false, friendMatching: false } });
    expect(await (await call(path, { token: b.accessToken })).json()).toEqual({
      romanceMatching: true,
      friendMatching: true,
    });
  });

  it('answers 401 to a visitor and 403 to a banned member', async () => {
    expect((await call(path)).status).toBe(401);
    const m = await signUpMember();
    await ban(m.memberId);
    expect(
      (
        await call(path, {
          method: 'PUT',
          token: m.accessToken,
          json: { romanceMatching: false, friendMatching: false },
        })
      ).status,
    ).toBe(403);
  });
});
