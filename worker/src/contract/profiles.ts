// Profile modal and hearts (api-contract "Matching, hearts, profiles, reports").
import type { ImageRole } from './enums';
import type { Verified } from './photo-verification';
import type { PublicProfileDetails } from './profile-details';
import type { SharedValueAnswer } from './values';
import type { ProfileVoice } from './voice';

/** GET /api/on/profile/modal/{memberId}. city/district are null for a member without a location. */
export type ModalProfile = {
  memberId: number;
  name: string;
  age: number;
  city: string | null;
  district: string | null;
  interests: string[];
  images: { role: ImageRole; url: string }[];
  hearted: boolean;
  /** Visible details only (docs/api-extensions.md "profile-details"): hidden texts omitted, religion only when shown. Always sent. */
  details?: PublicProfileDetails;
  /** 본인확인 / 사진 인증 (docs/trust.md "Identity (본인확인)", "Verified photos"). Always sent by the server. */
  verified?: Verified;
  /** 궁합 % (0–100) or null with fewer than 3 shared questions (docs/values.md). Always sent by the server. */
  compatibility?: number | null;
  /** Questions both answered where this member's answer is public: their answer and whether it fits what I accept. Always sent. */
  sharedValues?: SharedValueAnswer[];
  /** The 목소리 소개 (docs/voice.md "A voice on the profile"): null when none or hidden by an admin. Always sent. */
  voice?: ProfileVoice | null;
};

/** PUT / DELETE /api/on/heart/{memberId}: the state after the call. */
export type HeartResponse = { memberId: number; hearted: boolean };

/** Reason codes of the modal's data checks (docs/product-spec.md §5), shown after 'could not load profile data'. */
export const PROFILE_CHECK_CODES = [
  'PROFILE_EMPTY',
  'MISSING_MEMBER_ID',
  'MISSING_NAME',
  'MISSING_OR_INVALID_AGE',
  'MISSING_LOCATION',
  'MISSING_INTERESTS',
  'MISSING_IMAGES',
  'NO_OPPONENT_ID_IN_CHAT_USER',
] as const;
export type ProfileCheckCode = (typeof PROFILE_CHECK_CODES)[number];

export const PROFILE_KO = {
  notFound: '프로필을 찾을 수 없어요.',
  heartSelf: '내 프로필에는 관심을 보낼 수 없어요.',
} as const;
