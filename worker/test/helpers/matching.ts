// Matching test helpers: members seeded straight into D1 with exactly the traits a filter looks
// at, access tokens minted for any clock, and calls through the Worker (optionally at FIXED_NOW).
import { SELF, createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import type { HistoryBulkResult, MatchingStatus, NearbyPage, RecommendedProfile } from '../../src/contract/matching';
import { buildApp } from '../../src/app';
import * as schema from '../../src/db/schema';
import { signAccessToken } from '../../src/lib/tokens';

export const ORIGIN = 'http://localhost';
export const db = () => drizzle(env.DB, { schema });

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq += 1)}${crypto.randomUUID().slice(0, 6)}`;

export type MemberTraits = {
  name?: string;
  gender?: 'M' | 'F';
  lookingFor?: 'M' | 'F' | 'both';
  birthday?: string;
  status?: 'ACTIVE' | 'INACTIVE' | 'BANNED';
  bannedUntil?: string | null;
  deletedAt?: string | null;
  romanceMatching?: boolean;
  friendMatching?: boolean;
  /** `null` for no location; default 서울 마포구. */
  place?: { city: string; district: string; lat: number; lng: number } | null;
  locationAgreed?: boolean;
  interests?: string[];
  lastActiveAt?: string;
  /** Number of photo rows (keys only; the bytes are not needed). */
  photos?: number;
  /** Seeded members are identity-verified (본인확인) unless `false`. */
  identityVerified?: boolean;
};

export const MAPO = { city: '서울특별시', district: '마포구', lat: 37.56, lng: 126.91 };

/** A woman seeking men by default; `candidate()` makes the matching man. */
export async function seedMember(t: MemberTraits = {}): Promise<number> {
  const tag = unique();
  const place = t.place === undefined ? MAPO : t.place;
  const [row] = await db()
    .insert(schema.members)
    .values({
      providerType: 'NAVER',
      providerUserId: `match-${tag}`,
      name: t.name ?? `회원${tag.slice(-4)}`,
      email: `match-${tag}@example.com`,
      gender: t.gender ?? 'F',
      birthday: t.birthday ?? '1996-05-10',
      lookingFor: t.lookingFor ?? ((t.gender ?? 'F') === 'F' ? 'M' : 'F'),
      status: t.status ?? 'ACTIVE',
      bannedUntil: t.bannedUntil ?? null,
      deletedAt: t.deletedAt ?? null,
      romanceMatching: t.romanceMatching ?? true,
      friendMatching: t.friendMatching ?? true,
      city: place?.city ?? null,
      district: place?.district ?? null,
      lat: place?.lat ?? null,
      lng: place?.lng ?? null,
      lastActiveAt: t.lastActiveAt ?? new Date().toISOString(),
      identityVerifiedAt: t.identityVerified === false ? null : new Date().toISOString(),
      nicknameChosenAt: new Date().toISOString(),
    })
    .returning({ id: schema.members.id });
  if (!row) throw new Error('member insert returned no row');
  const interests = t.interests ?? ['여행', '음악'];
  if (interests.length > 0) {
    await db()
      .insert(schema.memberInterests)
      .values(interests.map((tag) => ({ memberId: row.id, tag })));
  }
  await db()
    .insert(schema.memberAgreements)
    .values({ memberId: row.id, item: 'LOCATION', agreed: t.locationAgreed ?? true, termsVersion: 'test' });
  const photos = t.photos ?? 1;
  if (photos > 0) {
    await db()
      .insert(schema.memberImages)
      .values(
        Array.from({ length: photos }, (_, slot) => ({
          memberId: row.id,
          role: slot === 0 ? ('MAIN' as const) : ('SUB' as const),
          slot,
          objectKey: `profiles/test${tag.replace(/[^A-Za-z0-9]/g, '')}x${slot}.png`,
          contentType: 'image/png',
          width: 64,
          height: 64,
          bytes: 100,
        })),
      );
  }
  return row.id;
}

/** A man seeking women, a good match for the default viewer. */
export const seedCandidate = (t: MemberTraits = {}) =>
  seedMember({ gender: 'M', lookingFor: 'F', birthday: '1994-08-20', ...t });

export const tokenFor = (memberId: number, now = new Date()) => signAccessToken(env, memberId, now);

/** A GET/POST as `memberId`; with `at`, through a fresh app whose clock reads that instant. */
export async function callAs(
  memberId: number,
  path: string,
  init: { method?: string; body?: unknown; at?: string } = {},
): Promise<Response> {
  const at = init.at ? new Date(init.at) : new Date();
  const headers: Record<string, string> = {
    Authorization: `Bearer ${await tokenFor(memberId, at)}`,
    Accept: 'application/json',
  };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const request = new Request(`${ORIGIN}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!init.at) return SELF.fetch(request);
  const ctx = createExecutionContext();
  const res = await buildApp().fetch(request, { ...env, FIXED_NOW: init.at }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

async function json<T>(res: Response): Promise<T> {
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
  return res.json<T>();
}

export const recommendPage = async (memberId: number, page: number, at?: string) =>
  json<RecommendedProfile[]>(await callAs(memberId, `/api/on/matching/recommend?page=${page}`, { at }));

/** Every page until the empty one: the pages in order. */
export async function recommendPages(memberId: number, at?: string): Promise<RecommendedProfile[][]> {
  const pages: RecommendedProfile[][] = [];
  for (let page = 0; page < 40; page++) {
    const list = await recommendPage(memberId, page, at);
    if (list.length === 0) return pages;
    pages.push(list);
  }
  throw new Error('recommendations never ended');
}

export const recommendedIds = async (memberId: number, at?: string): Promise<number[]> =>
  (await recommendPages(memberId, at)).flat().map((p) => p.memberId);

export const saveHistory = async (memberId: number, page: number, profileIds: number[], at?: string) =>
  json<HistoryBulkResult>(
    await callAs(memberId, '/api/on/matching/history/bulk', {
      method: 'POST',
      body: { profileIds, page, count: profileIds.length },
      at,
    }),
  );

export const matchingStatus = async (memberId: number, at?: string) =>
  json<MatchingStatus>(await callAs(memberId, '/api/on/matching/status', { at }));

export const nearbyPage = async (memberId: number, radiusKm: number, page = 0) =>
  json<NearbyPage>(await callAs(memberId, `/api/on/matching/nearby?radiusKm=${radiusKm}&page=${page}`));

export async function heart(from: number, to: number, at = new Date().toISOString()): Promise<void> {
  await db().insert(schema.hearts).values({ memberId: from, targetId: to, createdAt: at });
}

export async function chatRequest(
  from: number,
  to: number,
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED' | 'CANCELLED' = 'PENDING',
): Promise<number> {
  const [row] = await db()
    .insert(schema.chatRequests)
    .values({ requesterId: from, targetId: to, status })
    .returning({ id: schema.chatRequests.id });
  if (!row) throw new Error('chat request insert returned no row');
  return row.id;
}

export async function historyRow(memberId: number, profileId: number, shownAt: string): Promise<void> {
  await db().insert(schema.matchingHistory).values({ memberId, profileId, page: 0, shownAt });
}

export const block = (memberId: number, targetId: number) =>
  callAs(memberId, `/api/on/block/${targetId}`, { method: 'PUT' });

/** ISO instant `days` from now (negative: in the past). */
export const daysFromNow = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString();

/** A birthday that makes someone exactly `age` today (Korea time), for the adult line. */
export function birthdayForAge(age: number, now = new Date()): string {
  const kst = new Date(now.getTime() + 9 * 3600_000);
  kst.setUTCFullYear(kst.getUTCFullYear() - age);
  kst.setUTCDate(kst.getUTCDate() - 30);
  return kst.toISOString().slice(0, 10);
}
