// Issue 13 §2: matching preferences both ways — validation against the hard rules, the viewer's
// and the candidate's age and distance limits (with the 시/도 fallback for members without
// coordinates), in recommendations and the nearby list, and an immediate re-rank on change.
import { describe, expect, it } from 'vitest';
import type { MatchingPreferences } from '../../src/contract/profile-details';
import {
  MAPO,
  birthdayForAge,
  callAs,
  nearbyPage,
  recommendPage,
  recommendedIds,
  seedCandidate,
  seedMember,
} from '../helpers/matching';

const PATH = '/api/on/mypage/matching-preferences';
const setPrefs = (me: number, body: unknown) => callAs(me, PATH, { method: 'PUT', body });
const prefs = async (me: number) => (await callAs(me, PATH)).json<MatchingPreferences>();
const NONE = { ageMin: null, ageMax: null, maxDistanceKm: null };
/** What GET answers besides the limits: 인증된 회원만 보기 is off unless set (issue 20). */
const NONE_ANSWER = { ...NONE, verifiedOnly: false };
/** ~dLat° north of 마포 (0.1° ≈ 11 km). */
const north = (dLat: number) => ({ ...MAPO, lat: MAPO.lat + dLat });
const BUSAN = { city: '부산광역시', district: '해운대구', lat: 35.16, lng: 129.16 };

describe('matching preferences: the call', () => {
  it('starts with no limits and tells which ages may be chosen (±10, never below the youngest adult)', async () => {
    const adult = await seedMember({ birthday: birthdayForAge(35) });
    expect(await prefs(adult)).toEqual({ ...NONE_ANSWER, allowedAgeMin: 25, allowedAgeMax: 45 });
    // Adults only (issue 20): the youngest adult by the year rule can be 만 18 until their birthday.
    const young = await seedMember({ birthday: birthdayForAge(22) });
    expect(await prefs(young)).toEqual({ ...NONE_ANSWER, allowedAgeMin: 18, allowedAgeMax: 32 });
  });

  it('saves a range inside the allowed one and refuses the rest in Korean', async () => {
    const me = await seedMember({ birthday: birthdayForAge(30) });
    const ok = await setPrefs(me, { ageMin: 27, ageMax: 34, maxDistanceKm: 30 });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      ageMin: 27,
      ageMax: 34,
      maxDistanceKm: 30,
      verifiedOnly: false,
      allowedAgeMin: 20,
      allowedAgeMax: 40,
    });
    for (const body of [
      { ageMin: 19, ageMax: 30, maxDistanceKm: null },
      { ageMin: 30, ageMax: 41, maxDistanceKm: null },
      { ageMin: 33, ageMax: 28, maxDistanceKm: null },
      { ageMin: null, ageMax: null, maxDistanceKm: 4 },
      { ageMin: null, ageMax: null, maxDistanceKm: 101 },
      { ageMin: null, ageMax: null },
    ]) {
      const res = await setPrefs(me, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json<{ message: string }>()).message).toMatch(/[가-힣]/);
    }
    expect(await prefs(me)).toMatchObject({ ageMin: 27, ageMax: 34, maxDistanceKm: 30 });
    expect((await setPrefs(me, NONE)).status).toBe(200);
    expect(await prefs(me)).toMatchObject(NONE);
  });
});

describe('matching preferences: both ways', () => {
  it('keeps to my age range, and to theirs about me', async () => {
    const me = await seedMember({ birthday: birthdayForAge(60) });
    const age55 = await seedCandidate({ birthday: birthdayForAge(55) });
    const age58 = await seedCandidate({ birthday: birthdayForAge(58) });
    const age64 = await seedCandidate({ birthday: birthdayForAge(64) });
    const wantsYounger = await seedCandidate({ birthday: birthdayForAge(62) });
    await setPrefs(wantsYounger, { ageMin: 52, ageMax: 59, maxDistanceKm: null });
    let ids = await recommendedIds(me);
    expect(ids).toEqual(expect.arrayContaining([age55, age58, age64]));
    expect(ids).not.toContain(wantsYounger);

    await setPrefs(me, { ageMin: 57, ageMax: 62, maxDistanceKm: null });
    ids = await recommendedIds(me);
    expect(ids).toContain(age58);
    expect(ids).not.toContain(age55);
    expect(ids).not.toContain(age64);
    // The other side sees me only if I fit their range too.
    expect(await recommendedIds(age58)).toContain(me);
    expect(await recommendedIds(age55)).not.toContain(me);
  });

  it('keeps to my distance, and theirs; without coordinates the same 시/도 counts as near', async () => {
    const me = await seedMember({ birthday: birthdayForAge(70) });
    const b = birthdayForAge(70);
    const near = await seedCandidate({ birthday: b, place: north(0.02) });
    const far = await seedCandidate({ birthday: b, place: north(0.4) });
    const busan = await seedCandidate({ birthday: b, place: BUSAN });
    const noCoordsSameCity = await seedCandidate({
      birthday: b,
      place: { ...MAPO, lat: null as never, lng: null as never },
    });
    const noCoordsBusan = await seedCandidate({
      birthday: b,
      place: { ...BUSAN, lat: null as never, lng: null as never },
    });
    const noPlace = await seedCandidate({ birthday: b, place: null });
    const picky = await seedCandidate({ birthday: b, place: north(0.2) });
    await setPrefs(picky, { ageMin: null, ageMax: null, maxDistanceKm: 10 });

    let ids = await recommendedIds(me);
    expect(ids).toEqual(expect.arrayContaining([near, far, busan, noCoordsSameCity, noCoordsBusan, noPlace]));
    expect(ids).not.toContain(picky); // ~22 km from me, they want 10 km

    await setPrefs(me, { ageMin: null, ageMax: null, maxDistanceKm: 20 });
    ids = await recommendedIds(me);
    expect(ids).toEqual(expect.arrayContaining([near, noCoordsSameCity]));
    for (const out of [far, busan, noCoordsBusan, noPlace, picky]) expect(ids).not.toContain(out);

    // A candidate without coordinates with a limit of their own: same 시/도 passes, another does not.
    await setPrefs(noCoordsSameCity, { ageMin: null, ageMax: null, maxDistanceKm: 5 });
    await setPrefs(noCoordsBusan, { ageMin: null, ageMax: null, maxDistanceKm: 5 });
    await setPrefs(me, NONE);
    ids = await recommendedIds(me);
    expect(ids).toContain(noCoordsSameCity);
    expect(ids).not.toContain(noCoordsBusan);
  });

  it('applies to the nearby list', async () => {
    const me = await seedMember({ birthday: birthdayForAge(75) });
    const b = birthdayForAge(75);
    const close = await seedCandidate({ birthday: b, place: north(0.01) });
    const within30 = await seedCandidate({ birthday: b, place: north(0.2) });
    const wantsClose = await seedCandidate({ birthday: b, place: north(0.1) });
    await setPrefs(wantsClose, { ageMin: null, ageMax: null, maxDistanceKm: 5 });
    let ids = (await nearbyPage(me, 30)).content.map((p) => p.memberId);
    expect(ids).toEqual(expect.arrayContaining([close, within30]));
    expect(ids).not.toContain(wantsClose);
    await setPrefs(me, { ageMin: null, ageMax: null, maxDistanceKm: 5 });
    ids = (await nearbyPage(me, 30)).content.map((p) => p.memberId);
    expect(ids).toContain(close);
    expect(ids).not.toContain(within30);
  });

  it("re-ranks today's list at once when my preferences change", async () => {
    const me = await seedMember({ birthday: birthdayForAge(80) });
    const older = await seedCandidate({ birthday: birthdayForAge(84) });
    const same = await seedCandidate({ birthday: birthdayForAge(80) });
    const first = (await recommendPage(me, 0)).map((p) => p.memberId);
    expect(first).toEqual(expect.arrayContaining([older, same]));
    await setPrefs(me, { ageMin: 78, ageMax: 82, maxDistanceKm: null });
    const again = (await recommendPage(me, 0)).map((p) => p.memberId);
    expect(again).toContain(same);
    expect(again).not.toContain(older);
    await setPrefs(me, NONE);
    expect((await recommendPage(me, 0)).map((p) => p.memberId)).toContain(older);
  });
});
