// My page (api-contract "My page" and docs/api-extensions.md rows owned by mypage): request
// schemas, response shapes and the account-deletion confirmation. Imported by the Worker and the SPA.
import { z } from 'zod';
import { interestsSchema } from './auth';
import type { Gender, ImageRole, InterestTag, LookingFor } from './enums';
import { LIMITS } from './limits';

/** Multipart field names of POST /api/on/mypage/profile-images. */
export const PROFILE_IMAGE_FIELDS = { main: 'mainImage', sub: 'subImages' } as const;

/** One of my photos; the list is MAIN first, then SUBs in slot order (slot k = the k-th sub box). */
export type ProfileImage = { url: string; role: ImageRole };

export const interestsBody = z.strictObject({ interests: interestsSchema });
export type InterestsBody = z.infer<typeof interestsBody>;
export type InterestsResponse = { interests: InterestTag[] };

export type MypageProfile = {
  name: string;
  age: number;
  email: string;
  gender: Gender;
  lookingForGender: LookingFor;
};

export const matchingSettingsBody = z.strictObject({
  romanceMatching: z.boolean(),
  friendMatching: z.boolean(),
});
export type MatchingSettings = z.infer<typeof matchingSettingsBody>;

/** `{ content, last }` paging (0-based `page`). */
export type MypagePage<T> = { content: T[]; last: boolean };

const pageNumber = z.coerce.number().int().min(0).max(10_000).default(0);

export const profileLikesQuery = z.object({
  page: pageNumber,
  size: z.coerce.number().int().min(1).max(100).default(LIMITS.likedPageSize),
});

/** A person I hearted (GET /api/on/mypage/profile-likes), newest heart first. */
export type LikedProfile = {
  memberId: number;
  name: string;
  age: number;
  gender: Gender;
  mainImageUrl: string | null;
};

export const MATCHING_HISTORY_PAGE_SIZE = 20;

export const matchingHistoryQuery = z.object({
  page: pageNumber,
  size: z.coerce.number().int().min(1).max(100).default(MATCHING_HISTORY_PAGE_SIZE),
});

export const CHAT_REQUEST_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED', 'CANCELLED', 'EXPIRED'] as const;
export type ChatRequestStatus = (typeof CHAT_REQUEST_STATUSES)[number];

/** My page's matching history: the chat requests I sent and received (api-extensions). */
export type MatchingHistoryItem = {
  /** The chat request's id (the contract's name, kept on the wire; the member app calls it requestId). */
  matchingId: number;
  direction: 'SENT' | 'RECEIVED';
  /** EXPIRED ('만료됨'): nobody answered within 7 days. */
  status: ChatRequestStatus;
  /** The request's intro, or null. Always sent by the server. */
  intro?: string | null;
  opponentMemberId: number;
  /** '탈퇴한 회원' for a member who left. */
  opponentNickname: string;
  opponentProfileImageUrl: string | null;
  createdAt: string;
  answeredAt: string | null;
};

/** The exact words a member types to delete the account (DELETE /api/on/mypage/account). */
export const ACCOUNT_DELETE_CONFIRMATION = '탈퇴할게요';

export const MYPAGE_KO = {
  deleteConfirmationMismatch: `확인 문구 '${ACCOUNT_DELETE_CONFIRMATION}'를 정확히 입력해 주세요.`,
  imagesTooMany: '사진은 대표 사진 1장과 추가 사진 2장까지 올릴 수 있어요.',
  imageNotFound: '사진을 찾을 수 없어요.',
  imageUrlRequired: '삭제할 사진을 알려 주세요.',
  noImageGiven: '올릴 사진을 골라 주세요.',
} as const;

export const accountDeleteBody = z.strictObject({
  confirm: z.literal(ACCOUNT_DELETE_CONFIRMATION, { error: MYPAGE_KO.deleteConfirmationMismatch }),
});
export type AccountDeleteBody = z.infer<typeof accountDeleteBody>;

/** Name every area shows for a member who deleted the account. */
export const WITHDRAWN_MEMBER_NAME = '탈퇴한 회원';
