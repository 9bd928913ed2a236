// Matching (api-contract "Matching, hearts, profiles, reports" and docs/api-extensions.md rows
// owned by matching): recommendations, history, nearby, popular, blocks. docs/matching.md
// explains the numbers below in plain words.
import { z } from 'zod';
import { LIMITS } from './limits';
import type { CardReason, CardSummary } from './profile-details';

export const MATCHING_LIMITS = {
  /** Profiles per recommendation page (spec §4), the same for the nearby list. */
  pageSize: LIMITS.recommendPageSize,
  /** A profile saved to history is not recommended again for this many days. */
  cooldownDays: 7,
  /** Largest age difference between two members who are shown to each other. */
  ageWindowYears: 10,
  /** Adults (만 19세 이상) and minors are never shown to each other. */
  adultAge: 19,
  /** At most this many ids in one history call. */
  historyBulkMax: 100,
  /** Distances the nearby list offers, in km. */
  nearbyRadiiKm: [5, 10, 30, 50] as const,
  /** Popular ranking: hearts of the last N days, top K. */
  popularDays: 7,
  popularCount: 3,
} as const;

export type NearbyRadiusKm = (typeof MATCHING_LIMITS.nearbyRadiiKm)[number];

const pageNumber = z.coerce.number().int().min(0).max(10_000).default(0);

export const recommendQuery = z.object({ page: pageNumber });

export const historyBulkBody = z
  .strictObject({
    profileIds: z.array(z.number().int().positive()).max(MATCHING_LIMITS.historyBulkMax),
    page: z.number().int().min(0).max(10_000),
    count: z.number().int().min(0).max(MATCHING_LIMITS.historyBulkMax),
  })
  .refine((b) => b.count === b.profileIds.length, { message: '저장할 프로필 수가 맞지 않아요.', path: ['count'] });
export type HistoryBulkBody = z.infer<typeof historyBulkBody>;

export const nearbyQuery = z.object({
  radiusKm: z.coerce
    .number()
    .refine((n): n is NearbyRadiusKm => (MATCHING_LIMITS.nearbyRadiiKm as readonly number[]).includes(n), {
      message: '거리는 5, 10, 30, 50km 중에서 골라 주세요.',
    })
    .default(10),
  page: pageNumber,
});

/** GET /api/on/matching/recommend: one card of random matching. `location` is "서울 마포구" or ''. */
export type RecommendedProfile = {
  memberId: number;
  name: string;
  age: number;
  location: string;
  interests: string[];
  mainImageUrl: string | null;
  subImageUrls: string[];
  /** Visible details in short (issue 13). Always sent by the server. */
  summary?: CardSummary;
  /** Up to 3 reasons this card was shown, from the numbers that ranked it. Always sent by the server. */
  reasons?: CardReason[];
};

/** POST /api/on/matching/history/bulk: how many of the ids were (newly or already) recorded. */
export type HistoryBulkResult = { saved: number };

/**
 * GET /api/on/matching/status: what the random-matching page needs before its first call.
 * `resumePage`: the first page of today's list not yet saved to history (a second visit on the
 * same day continues instead of showing the same people again).
 */
export type MatchingStatus = {
  matchingEnabled: boolean;
  hasLocation: boolean;
  resumePage: number;
};

/** GET /api/on/matching/nearby: whole km between ~1 km grid cells (0 = same cell); never coordinates. */
export type NearbyProfile = {
  memberId: number;
  name: string;
  age: number;
  location: string;
  distanceKm: number;
  interests: string[];
  mainImageUrl: string | null;
  /** Always sent by the server (issue 13). */
  summary?: CardSummary;
  /** Always sent by the server (issue 13). */
  reasons?: CardReason[];
};
export type NearbyPage = { content: NearbyProfile[]; last: boolean };

/** GET /api/on/matching/popular: hearts received in the last 7 days. */
export type PopularProfile = {
  memberId: number;
  name: string;
  age: number;
  location: string;
  interests: string[];
  mainImageUrl: string | null;
  hearts: number;
};

/** GET /api/on/blocks: members I blocked, newest first. */
export type BlockedMember = { memberId: number; name: string; mainImageUrl: string | null; blockedAt: string };

/** PUT / DELETE /api/on/block/{memberId}: the state after the call. */
export type BlockResult = { memberId: number; blocked: boolean };

export const MATCHING_KO = {
  locationRequired: '내 위치를 먼저 저장해 주세요.',
  locationConsentRequired: '위치 정보 이용에 동의해야 가까운 사람을 볼 수 있어요.',
  blockSelf: '나 자신은 차단할 수 없어요.',
  memberNotFound: '회원을 찾을 수 없어요.',
} as const;
