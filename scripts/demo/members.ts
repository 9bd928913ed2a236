// Demo members: who they are, where they live, what they like, what they agreed to, and
// which photos they have (the pictures themselves are drawn later from `photos`).
import {
  AGREEMENT_ITEMS,
  INTEREST_TAGS,
  REQUIRED_AGREEMENTS,
  ageOn,
  type InterestTag,
} from '../../worker/src/contract';
import type { DemoMembers, NewMember } from '../../worker/src/areas/demo/repo';
import { devProviderUserId } from '../../worker/src/areas/dev-portal/codes';
import { sha256Hex } from '../../worker/src/lib/crypto';
import { newImageKey } from '../../worker/src/areas/media/service';
import { type Look, randomLook } from './avatar';
import { koreanName } from './names';
import { randomPlace } from './places';
import type { Random } from './random';
import { SCENES, type Scene } from './scenes';

/** The terms version every demo member agreed to (wrangler.toml [vars] TERMS_VERSION). */
export const DEMO_TERMS_VERSION = '2026-11-01';
export const DEMO_EMAIL_PATTERN = 'demo%@ongi.dev';
export const demoEmail = (n: number): string => `demo${String(n).padStart(4, '0')}@ongi.dev`;

export const PHOTO_WIDTH = 400;
export const PHOTO_HEIGHT = 500;

export type PhotoPlan = { key: string; memberId: number; look: Look; scene: Scene; variant: number; seed: number };

const DAY = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString();

/** Interests people pick more often come up more often. */
export const INTEREST_WEIGHT: Partial<Record<InterestTag, number>> = {
  여행: 3,
  음악: 3,
  영화: 3,
  운동: 2.5,
  요리: 2,
  독서: 2,
  사진: 1.5,
  게임: 1.5,
  패션: 1.5,
};

function birthdayForAge(rng: Random, age: number, now: Date): string {
  // A day in the year-long window in which someone is exactly `age` today.
  const latest = new Date(now.getTime());
  latest.setUTCFullYear(latest.getUTCFullYear() - age);
  for (;;) {
    const day = new Date(latest.getTime() - rng.int(1, 364) * DAY).toISOString().slice(0, 10);
    if (ageOn(day, now) === age) return day;
  }
}

function randomAge(rng: Random): number {
  // Mostly late 20s to mid 30s, some early 20s and early 40s. Adults only (docs/trust.md "Adults only"): 21 or
  // more, so every demo member is born in (this year − 21) or earlier, well past the year rule.
  const a = 21 + ((rng.next() + rng.next() + rng.next()) / 3) * 25;
  return Math.min(45, Math.max(21, Math.floor(a)));
}

export type MemberPlan = DemoMembers & { photos: PhotoPlan[] };

export async function planMembers(rng: Random, count: number, firstId: number, now: Date): Promise<MemberPlan> {
  const plan: MemberPlan = {
    members: [],
    interests: [],
    agreements: [],
    images: [],
    identityVerifications: [],
    photos: [],
  };
  const taken = new Set<string>();
  const termsFrom = Date.parse(`${DEMO_TERMS_VERSION}T00:00:00Z`);
  for (let i = 0; i < count; i++) {
    const id = firstId + i;
    const gender = i % 2 === 0 ? 'F' : 'M';
    const email = demoEmail(i + 1);
    const created = now.getTime() - rng.between(1, 200) * DAY;
    const lastActive = now.getTime() - (now.getTime() - created) * rng.next() ** 3;
    const locationAgreed = rng.chance(0.93);
    const place = locationAgreed ? randomPlace(rng) : null;
    const member: NewMember = {
      id,
      providerType: 'NAVER',
      providerUserId: await devProviderUserId(email),
      name: koreanName(rng, gender, taken),
      email,
      gender,
      birthday: birthdayForAge(rng, randomAge(rng), now),
      lookingFor: rng.chance(0.88) ? (gender === 'F' ? 'M' : 'F') : 'both',
      status: rng.chance(0.025) ? 'INACTIVE' : 'ACTIVE',
      openAge: rng.chance(0.92),
      romanceMatching: rng.chance(0.95),
      friendMatching: rng.chance(0.85),
      address: place?.address ?? null,
      city: place?.province.name ?? null,
      district: place?.district.name ?? null,
      lat: place?.lat ?? null,
      lng: place?.lng ?? null,
      locationUpdatedAt: place ? iso(created) : null,
      createdAt: iso(created),
      lastActiveAt: iso(lastActive),
      // Demo members went through 본인확인 at signup and chose their nickname then.
      identityVerifiedAt: iso(created),
      nicknameChosenAt: iso(created),
    };
    plan.members.push(member);
    plan.identityVerifications?.push({
      id: `demo-iv-${email.split('@')[0]}`,
      provider: 'PORTONE',
      memberId: id,
      // A deterministic stand-in for HMAC(IDENTITY_CI_KEY, CI): demo people have no real CI.
      ciHash: await sha256Hex(`demo-ci|${email}`),
      name: member.name,
      birthDate: member.birthday,
      gender,
      verifiedAt: iso(created),
      createdAt: iso(created),
    });

    const interestCount = rng.weighted([1, 2, 3, 4, 5, 6], (n) => [1, 3, 4, 3, 2, 1][n - 1] ?? 1);
    const pool = [...INTEREST_TAGS];
    for (let k = 0; k < interestCount; k++) {
      const tag = rng.weighted(pool, (t) => INTEREST_WEIGHT[t] ?? 1);
      pool.splice(pool.indexOf(tag), 1);
      plan.interests.push({ memberId: id, tag });
    }

    // Members who joined before the current terms agreed to them again when they took effect.
    const decided = created >= termsFrom ? created : rng.between(termsFrom, now.getTime());
    for (const item of AGREEMENT_ITEMS) {
      const agreed = REQUIRED_AGREEMENTS.includes(item) || (item === 'LOCATION' ? locationAgreed : rng.chance(0.4));
      plan.agreements.push({ memberId: id, item, agreed, termsVersion: DEMO_TERMS_VERSION, decidedAt: iso(decided) });
    }

    const look = randomLook(rng, gender);
    const photoCount = rng.weighted([1, 2, 3], (n) => [3, 3.5, 3.5][n - 1] ?? 1);
    const outdoor = rng.sample(
      SCENES.filter((s) => s !== 'studio'),
      2,
    );
    for (let slot = 0; slot < photoCount; slot++) {
      const key = newImageKey('profiles', 'png');
      const scene = slot === 0 ? 'studio' : (outdoor[slot - 1] ?? 'park');
      plan.photos.push({ key, memberId: id, look, scene, variant: slot, seed: rng.int(1, 2 ** 30) });
      plan.images.push({
        memberId: id,
        role: slot === 0 ? 'MAIN' : 'SUB',
        slot,
        objectKey: key,
        contentType: 'image/png',
        width: PHOTO_WIDTH,
        height: PHOTO_HEIGHT,
        bytes: 0, // filled in once the picture is drawn
        createdAt: iso(created),
      });
    }
  }
  return plan;
}
