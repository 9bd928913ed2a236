// 인증된 회원만 보기 (issue 20 §3): with the preference on, recommendations, random matching and
// nearby show only photo-verified members; the cards carry the verified flags.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { MatchingPreferences } from '../../src/contract/profile-details';
import { callAs, nearbyPage, recommendPage, recommendedIds, seedCandidate, seedMember } from '../helpers/matching';

const PATH = '/api/on/mypage/matching-preferences';
const verify = (id: number) =>
  env.DB.prepare('UPDATE members SET photo_verified_at = ? WHERE id = ?').bind(new Date().toISOString(), id).run();

describe('인증된 회원만 보기', () => {
  it('is off by default, can be turned on alone and is kept when a body leaves it out', async () => {
    const me = await seedMember();
    expect((await (await callAs(me, PATH)).json<MatchingPreferences>()).verifiedOnly).toBe(false);
    const on = await callAs(me, PATH, {
      method: 'PUT',
      body: { ageMin: null, ageMax: null, maxDistanceKm: null, verifiedOnly: true },
    });
    expect(on.status).toBe(200);
    expect((await on.json<MatchingPreferences>()).verifiedOnly).toBe(true);
    const kept = await callAs(me, PATH, { method: 'PUT', body: { ageMin: null, ageMax: null, maxDistanceKm: 30 } });
    expect(await kept.json<MatchingPreferences>()).toMatchObject({ maxDistanceKm: 30, verifiedOnly: true });
    const bad = await callAs(me, PATH, {
      method: 'PUT',
      body: { ageMin: null, ageMax: null, maxDistanceKm: null, verifiedOnly: 'yes' },
    });
    expect(bad.status).toBe(400);
  });

  it('keeps unverified members out of recommendations and nearby once on (the day list is re-ranked)', async () => {
    const me = await seedMember();
    const verified = await seedCandidate();
    const plain = await seedCandidate();
    await verify(verified);
    const before = await recommendedIds(me);
    expect(before).toEqual(expect.arrayContaining([verified, plain]));
    const card = (await recommendPage(me, 0)).find((c) => c.memberId === verified);
    expect(card?.verified).toEqual({ identity: false, photo: true });

    await callAs(me, PATH, {
      method: 'PUT',
      body: { ageMin: null, ageMax: null, maxDistanceKm: null, verifiedOnly: true },
    });
    const after = await recommendedIds(me);
    expect(after).toContain(verified);
    expect(after).not.toContain(plain);
    const near = (await nearbyPage(me, 50)).content.map((c) => c.memberId);
    expect(near).toContain(verified);
    expect(near).not.toContain(plain);

    await callAs(me, PATH, {
      method: 'PUT',
      body: { ageMin: null, ageMax: null, maxDistanceKm: null, verifiedOnly: false },
    });
    expect(await recommendedIds(me)).toEqual(expect.arrayContaining([verified, plain]));
  });
});
