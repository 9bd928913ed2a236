// Matching (api-contract "Matching, hearts, profiles, reports" and docs/api-extensions.md rows
// owned by matching): recommendations, history, nearby, popular, blocks. docs/matching.md
// explains the numbers below in plain words.
import { z } from 'zod';
import { boundedArray } from './bounded-array';
import { VALIDATION_KO } from './messages';
import type { CardReason, CardSummary } from './profile-details';
import { MATCHING_LIMITS, type NearbyRadiusKm } from './matching-core';
import type { Verified } from './photo-verification';

export * from './matching-core';

const pageNumber = z.coerce.number().int().min(0).max(10_000).default(0);

export const recommendQuery = z.object({ page: pageNumber });

export const historyBulkBody = z
  .strictObject({
    profileIds: boundedArray(z.number().int().positive(), MATCHING_LIMITS.historyBulkMax, VALIDATION_KO.tooMany),
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
  /** Visible details in short (docs/api-extensions.md "profile-details"). Always sent by the server. */
  summary?: CardSummary;
  /** Up to 3 reasons this card was shown, from the numbers that ranked it. Always sent by the server. */
  reasons?: CardReason[];
  /** 본인확인 / 사진 인증 (docs/trust.md "Identity (본인확인)", "Verified photos"). Always sent by the server. */
  verified?: Verified;
  /** 궁합 % (0–100) from both members' 가치관 answers, null when fewer than 3 are shared (docs/values.md). Always sent by the server. */
  compatibility?: number | null;
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
  /** Always sent by the server (docs/api-extensions.md "profile-details"). */
  summary?: CardSummary;
  /** Always sent by the server (docs/api-extensions.md "profile-details"). */
  reasons?: CardReason[];
  /** Always sent by the server (docs/trust.md). */
  verified?: Verified;
  /** 궁합 % (0–100) from both members' 가치관 answers, null when fewer than 3 are shared (docs/values.md). Always sent by the server. */
  compatibility?: number | null;
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
  /** Always sent by the server (docs/trust.md). */
  verified?: Verified;
  /** 궁합 % (0–100) from both members' 가치관 answers, null when fewer than 3 are shared (docs/values.md). Always sent by the server. */
  compatibility?: number | null;
};

/** GET /api/on/blocks: members I blocked, newest first. */
export type BlockedMember = { memberId: number; name: string; mainImageUrl: string | null; blockedAt: string };

/** PUT / DELETE /api/on/block/{memberId}: the state after the call. */
export type BlockResult = { memberId: number; blocked: boolean };
