// Matching's numbers and messages, free of zod so the member SPA's matching pages can use them
// without loading the validator; matching.ts re-exports them with its schemas.
import { LIMITS } from './limits';

export const MATCHING_LIMITS = {
  /** Profiles per recommendation page (docs/product-spec.md §4), the same for the nearby list. */
  pageSize: LIMITS.recommendPageSize,
  /** A profile saved to history is not recommended again for this many days. */
  cooldownDays: 7,
  /** Largest age difference between two members who are shown to each other. */
  ageWindowYears: 10,
  /** At most this many ids in one history call. */
  historyBulkMax: 100,
  /** Distances the nearby list offers, in km. */
  nearbyRadiiKm: [5, 10, 30, 50] as const,
  /** Popular ranking: hearts of the last N days, top K. */
  popularDays: 7,
  popularCount: 3,
} as const;

/**
 * `GET /api/on/matching/recommend?page=resume` (docs/api-extensions.md): the deck page the status's
 * `resumePage` names, in one call; the answer names the page it resolved in DECK_PAGE_HEADER.
 */
export const RESUME_PAGE = 'resume';
export const DECK_PAGE_HEADER = 'X-Ongi-Page';

export type NearbyRadiusKm = (typeof MATCHING_LIMITS.nearbyRadiiKm)[number];

export const MATCHING_KO = {
  locationRequired: '내 위치를 먼저 저장해 주세요.',
  locationConsentRequired: '위치 정보 이용에 동의해야 가까운 사람을 볼 수 있어요.',
  blockSelf: '나 자신은 차단할 수 없어요.',
  memberNotFound: '회원을 찾을 수 없어요.',
} as const;
