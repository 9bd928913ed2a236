// Location-based matching: nearest first within the chosen radius, whole km only, never any
// coordinates, only members who agreed to location use, and the same hard filters.
import { describe, expect, it } from 'vitest';
import { MAPO, block, callAs, nearbyPage, seedCandidate, seedMember } from '../helpers/matching';

const at = (dLat: number) => ({ ...MAPO, lat: MAPO.lat + dLat });

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, into));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  }
  return into;
}

describe('nearby members', () => {
  it('answers 409 LOCATION_REQUIRED when I have no location or no location consent', async () => {
    const nowhere = await seedMember({ place: null });
    const res = await callAs(nowhere, '/api/on/matching/nearby?radiusKm=10');
    expect(res.status).toBe(409);
    expect((await res.json<{ code: string }>()).code).toBe('LOCATION_REQUIRED');
    const noConsent = await seedMember({ locationAgreed: false });
    expect((await callAs(noConsent, '/api/on/matching/nearby?radiusKm=10')).status).toBe(409);
  });

  it('lists members inside the radius nearest first, in whole km (0 under 1 km)', async () => {
    const me = await seedMember({ birthday: '1980-01-01' });
    const close = await seedCandidate({ birthday: '1980-02-02', place: at(0.003) }); // ~0.3 km
    const six = await seedCandidate({ birthday: '1980-02-02', place: at(0.05) }); // ~5.6 km
    const twenty = await seedCandidate({ birthday: '1980-02-02', place: at(0.2) }); // ~22 km

    const within10 = await nearbyPage(me, 10);
    const ids10 = within10.content.map((p) => p.memberId);
    expect(ids10).toEqual(expect.arrayContaining([close, six]));
    expect(ids10).not.toContain(twenty);
    expect(ids10.indexOf(close)).toBeLessThan(ids10.indexOf(six));
    const byId = new Map(within10.content.map((p) => [p.memberId, p]));
    expect(byId.get(close)?.distanceKm).toBe(0);
    expect(byId.get(six)?.distanceKm).toBe(6);
    expect(byId.get(six)?.location).toBe('서울 마포구');

    const within30 = await nearbyPage(me, 30);
    expect(within30.content.find((p) => p.memberId === twenty)?.distanceKm).toBe(22);
    const distances = within30.content.map((p) => p.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('compares ~1 km cells, not exact positions: two members in one cell look alike (issue 11)', async () => {
    const me = await seedMember({ birthday: '1958-01-01' });
    // Both in the cell north of mine (37.565–37.575): one at its far edge, written first (lower id),
    // one just inside its near edge. Exact positions would say 2 km and 0 km, the near one first.
    const far = await seedCandidate({ birthday: '1958-02-02', place: at(0.0145) });
    const near = await seedCandidate({ birthday: '1958-02-02', place: at(0.0055) });
    const list = (await nearbyPage(me, 5)).content.filter((p) => p.memberId === far || p.memberId === near);
    expect(list.map((p) => [p.memberId, p.distanceKm])).toEqual([
      [far, 1],
      [near, 1],
    ]);
  });

  it('never sends coordinates or addresses', async () => {
    const me = await seedMember();
    await seedCandidate({ place: at(0.01) });
    const res = await callAs(me, '/api/on/matching/nearby?radiusKm=50');
    const text = await res.text();
    const keys = keysOf(JSON.parse(text));
    for (const k of ['lat', 'lng', 'latitude', 'longitude', 'address', 'distanceSq']) expect(keys.has(k)).toBe(false);
    expect(text).not.toMatch(/37\.5\d|126\.9\d/);
    expect([...keys].sort()).toEqual(
      [
        ...['age', 'content', 'distanceKm', 'interests', 'last', 'location', 'mainImageUrl', 'memberId', 'name'],
        // issue 13: the card summary and the reasons (code + text)
        ...['summary', 'heightCm', 'jobCategory', 'mbti', 'lookingFor', 'reasons', 'code', 'text'],
        ...['verified', 'identity', 'photo'],
        // issue 24: 궁합 (docs/values.md)
        'compatibility',
      ].sort(),
    );
  });

  it('leaves out members without location consent or location, and applies the hard filters', async () => {
    const me = await seedMember({ birthday: '1975-01-01' });
    const shown = await seedCandidate({ birthday: '1975-01-01', place: at(0.01) });
    const noConsent = await seedCandidate({ birthday: '1975-01-01', place: at(0.01), locationAgreed: false });
    const noPlace = await seedCandidate({ birthday: '1975-01-01', place: null });
    const blocked = await seedCandidate({ birthday: '1975-01-01', place: at(0.01) });
    const wrongGender = await seedMember({ birthday: '1975-01-01', place: at(0.01) });
    const dormant = await seedCandidate({ birthday: '1975-01-01', place: at(0.01), status: 'INACTIVE' });
    await block(blocked, me);
    const ids = (await nearbyPage(me, 5)).content.map((p) => p.memberId);
    expect(ids).toContain(shown);
    for (const hidden of [noConsent, noPlace, blocked, wrongGender, dormant, me]) expect(ids).not.toContain(hidden);
  });

  it('pages 20 at a time and says when the list ends', async () => {
    const me = await seedMember({ birthday: '1965-01-01' });
    for (let i = 0; i < 22; i++) await seedCandidate({ birthday: '1965-06-01', place: at(0.001 * i) });
    const first = await nearbyPage(me, 5, 0);
    expect(first.content).toHaveLength(20);
    expect(first.last).toBe(false);
    const second = await nearbyPage(me, 5, 1);
    expect(second.last).toBe(true);
    const ids = [...first.content, ...second.content].map((p) => p.memberId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('accepts only the offered radii', async () => {
    const me = await seedMember();
    expect((await callAs(me, '/api/on/matching/nearby?radiusKm=7')).status).toBe(400);
    expect((await callAs(me, '/api/on/matching/nearby?radiusKm=50')).status).toBe(200);
  });
});
