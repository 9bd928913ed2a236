// The nearby list as an attacker uses it (issue 11): move my own location step by step, watch a
// victim's distance flip between 0 and 1 km, and work out where the victim lives. Rate limits
// are sidestepped the way a determined attacker would: a fresh account whenever one is refused
// and a fresh client address for every call. Two "twin" victims live in one ~1 km grid cell,
// about 1.3 km apart: whatever the attack does, if every answer is the same for both twins its
// estimate is the same too, so it cannot be within a few hundred metres of both.
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { NearbyPage } from '../../src/contract/matching';
import { freshIp } from '../helpers/auth';
import { ORIGIN, seedCandidate, seedMember, tokenFor } from '../helpers/matching';

const KM_PER_DEG = 111.32;
// 서귀포시's centroid in the region list; nobody else in the test database lives there.
const ORIGIN_LAT = 33.25;
const ORIGIN_LNG = 126.56;
const COS0 = Math.cos((ORIGIN_LAT * Math.PI) / 180);
const ADDRESS = '제주특별자치도 서귀포시';
// Far from every other test's members in age too, so the lists hold only this test's people.
const VICTIM_BIRTHDAY = '1941-03-03';
const ATTACKER_BIRTHDAY = '1942-04-04';

type Km = { x: number; y: number };
const toKm = (lat: number, lng: number): Km => ({
  x: (lng - ORIGIN_LNG) * KM_PER_DEG * COS0,
  y: (lat - ORIGIN_LAT) * KM_PER_DEG,
});
const toDeg = (p: Km) => ({ lat: ORIGIN_LAT + p.y / KM_PER_DEG, lng: ORIGIN_LNG + p.x / (KM_PER_DEG * COS0) });
const dist = (a: Km, b: Km) => Math.hypot(a.x - b.x, a.y - b.y);

/** Saves a location through the API as `memberId`. */
async function moveTo(memberId: number, lat: number, lng: number): Promise<Response> {
  return SELF.fetch(`${ORIGIN}/api/member/location`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${await tokenFor(memberId)}`,
      'Content-Type': 'application/json',
      'CF-Connecting-IP': freshIp(),
    },
    body: JSON.stringify({ address: ADDRESS, lat, lng }),
  });
}

/** An attacker with as many accounts as it takes; counts every request it sends. */
class Attacker {
  requests = 0;
  accounts = 0;
  private current: number | undefined;
  /** Every answer seen, in order: the victim's distance or '-' when not listed. */
  readonly transcript: string[] = [];

  private async account(): Promise<number> {
    if (this.current === undefined) {
      this.current = await seedMember({ birthday: ATTACKER_BIRTHDAY, place: null });
      this.accounts += 1;
    }
    return this.current;
  }

  /** The victim's distanceKm seen from (lat, lng), or undefined when outside the 5 km list. */
  async probe(victimId: number, p: Km): Promise<number | undefined> {
    const { lat, lng } = toDeg(p);
    for (;;) {
      const me = await this.account();
      this.requests += 1;
      const res = await moveTo(me, lat, lng);
      if (res.status === 429) {
        this.current = undefined; // this account is spent for today: make another
        continue;
      }
      if (res.status !== 200) throw new Error(`move refused: ${res.status} ${await res.text()}`);
      this.requests += 1;
      const list = await SELF.fetch(`${ORIGIN}/api/on/matching/nearby?radiusKm=5`, {
        headers: { Authorization: `Bearer ${await tokenFor(me)}`, 'CF-Connecting-IP': freshIp() },
      });
      const page = await list.json<NearbyPage>();
      const d = page.content.find((c) => c.memberId === victimId)?.distanceKm;
      this.transcript.push(d === undefined ? '-' : String(d));
      return d;
    }
  }

  /** The attack: trilaterate roughly, find a spot where the distance reads 0, then bisect the
   * 0→1 km boundary in four directions. */
  async locate(victimId: number): Promise<Km> {
    const anchors: Km[] = [
      { x: 0, y: 0 },
      { x: 2, y: 0 },
      { x: 0, y: 2 },
    ];
    const radii: number[] = [];
    for (const a of anchors) radii.push((await this.probe(victimId, a)) ?? 5);
    const rough = trilaterate(anchors, radii);

    let inside: Km | undefined;
    search: for (let ring = 0; ring <= 3; ring++) {
      for (let i = -ring; i <= ring; i++) {
        for (let j = -ring; j <= ring; j++) {
          if (Math.max(Math.abs(i), Math.abs(j)) !== ring) continue;
          const p = { x: rough.x + 0.35 * i, y: rough.y + 0.35 * j };
          if ((await this.probe(victimId, p)) === 0) {
            inside = p;
            break search;
          }
        }
      }
    }
    if (!inside) return rough;
    const q = inside;

    // Bisect the edge of the 0 km region along the horizontal and the vertical line through the
    // inside point: the midpoint of a chord of a disc lies on the centre's x (or y), and of a
    // rectangle on the rectangle's centre — the best single guess either way.
    const edge = async (u: Km): Promise<number> => {
      let lo = 0;
      let hi = 3;
      for (let step = 0; step < 20; step++) {
        const mid = (lo + hi) / 2;
        const d = await this.probe(victimId, { x: q.x + u.x * mid, y: q.y + u.y * mid });
        if (d === 0) lo = mid;
        else hi = mid;
      }
      return lo;
    };
    const east = await edge({ x: 1, y: 0 });
    const west = await edge({ x: -1, y: 0 });
    const north = await edge({ x: 0, y: 1 });
    const south = await edge({ x: 0, y: -1 });
    return { x: q.x + (east - west) / 2, y: q.y + (north - south) / 2 };
  }
}

/** Least-squares point from three (anchor, distance) pairs (linearised circle equations). */
function trilaterate(anchors: Km[], radii: number[]): Km {
  const [p0, p1, p2] = anchors;
  const [r0 = 0, r1 = 0, r2 = 0] = radii;
  if (!p0 || !p1 || !p2) return { x: 0, y: 0 };
  // (x-xi)²+(y-yi)²=ri² minus the first equation: two linear equations in x, y.
  const a1 = 2 * (p1.x - p0.x);
  const b1 = 2 * (p1.y - p0.y);
  const c1 = r0 ** 2 - r1 ** 2 + p1.x ** 2 - p0.x ** 2 + p1.y ** 2 - p0.y ** 2;
  const a2 = 2 * (p2.x - p0.x);
  const b2 = 2 * (p2.y - p0.y);
  const c2 = r0 ** 2 - r2 ** 2 + p2.x ** 2 - p0.x ** 2 + p2.y ** 2 - p0.y ** 2;
  const det = a1 * b2 - a2 * b1;
  return { x: (c1 * b2 - c2 * b1) / det, y: (a1 * c2 - a2 * c1) / det };
}

/** A victim who saved an exact position through the API, as a member with a precise address would. */
async function victimAt(lat: number, lng: number): Promise<number> {
  const id = await seedCandidate({ birthday: VICTIM_BIRTHDAY, lookingFor: 'F', place: null });
  const res = await moveTo(id, lat, lng);
  if (res.status !== 200) throw new Error(`victim move refused: ${res.status} ${await res.text()}`);
  return id;
}

describe('locating a member through the nearby list (issue 11)', () => {
  it('cannot place either of two members in one ~1 km cell closer than a few hundred metres', async () => {
    // Both twins are inside the cell centred on (33.26, 126.5625), ~0.64 km from its centre.
    const twins = [
      { lat: 33.26 + 0.004, lng: 126.5625 + 0.005 },
      { lat: 33.26 - 0.004, lng: 126.5625 - 0.005 },
    ];
    const results: { errorM: number; requests: number; accounts: number; transcript: string[]; estimate: Km }[] = [];
    for (const twin of twins) {
      const victim = await victimAt(twin.lat, twin.lng);
      const attacker = new Attacker();
      const estimate = await attacker.locate(victim);
      const errorM = dist(estimate, toKm(twin.lat, twin.lng)) * 1000;
      results.push({
        errorM,
        requests: attacker.requests,
        accounts: attacker.accounts,
        transcript: attacker.transcript,
        estimate,
      });
    }
    // The numbers for the issue's closing note.
    console.info(
      `[nearby-attack] ${results
        .map((r, i) => `twin ${i + 1}: error ${r.errorM.toFixed(2)} m, ${r.requests} requests, ${r.accounts} accounts`)
        .join('; ')}`,
    );
    const [first, second] = results;
    // Every answer was the same for both twins, so the attack learnt nothing that tells them apart…
    expect(second?.transcript).toEqual(first?.transcript);
    expect(second?.estimate).toEqual(first?.estimate);
    // …and its best guess is hundreds of metres from each of them.
    for (const r of results) expect(r.errorM).toBeGreaterThanOrEqual(300);
  }, 120_000);
});
