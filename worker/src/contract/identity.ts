// Identity verification (본인확인, docs/trust.md "Identity (본인확인)"): the calls' bodies and answers, limits and the
// Korean messages the Worker and the member SPA share. docs/trust.md "Identity (본인확인)".
import { z } from 'zod';
import type { Gender } from './enums';

export const IDENTITY_LIMITS = {
  /** A verification binds a signup only while it is this fresh (and the signup session is open). */
  freshMinutes: 30,
  /** A person who deleted their account can sign up again after this many days. */
  rejoinCoolingOffDays: 30,
} as const;

/** Who verified a person: stored with each verification (PortOne V2 today). */
export const IDENTITY_PROVIDERS = ['PORTONE'] as const;
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];

/** A verification's status as PortOne V2 reports it (the dev portal's emulation stores it too). */
export const PORTONE_VERIFICATION_STATUSES = ['READY', 'VERIFIED', 'FAILED'] as const;
export type PortoneVerificationStatus = (typeof PORTONE_VERIFICATION_STATUSES)[number];

/** PortOne's identityVerificationId as the SPA makes it (`ongi-…`) or scripts do. */
export const IDENTITY_VERIFICATION_ID = /^[A-Za-z0-9_-]{8,64}$/;

export const identityBody = z.strictObject({
  identityVerificationId: z.string().regex(IDENTITY_VERIFICATION_ID, '본인확인 번호가 올바르지 않아요.'),
});
export type IdentityBody = z.infer<typeof identityBody>;

/** What the member is shown of their verification: never the CI. */
export type VerifiedIdentity = { name: string; birthDate: string; gender: Gender };

/** The provider's public configuration the SPA needs to open the verification window. */
export type IdentityConfig = {
  storeId: string;
  channelKey: string;
  /** Only with the dev portal: the emulated SDK script injected before @portone/browser-sdk runs. */
  devSdkUrl?: string;
};

export const IDENTITY_KO = {
  required: '본인확인을 마친 회원만 할 수 있어요. 본인확인을 먼저 해 주세요.',
  signupRequired: '본인확인을 먼저 마쳐 주세요.',
  notFound: '본인확인 내역을 찾을 수 없어요. 다시 본인확인을 해 주세요.',
  notVerified: '본인확인이 끝나지 않았어요. 다시 본인확인을 해 주세요.',
  incomplete: '본인확인 결과에 필요한 정보가 없어요. 다른 방법으로 다시 본인확인을 해 주세요.',
  used: '이미 사용한 본인확인이에요. 다시 본인확인을 해 주세요.',
  expired: '본인확인한 지 30분이 지났어요. 다시 본인확인을 해 주세요.',
  alreadyMember: '이미 가입한 계정이 있어요.',
  banned: '이용이 영구 정지된 분은 다시 가입할 수 없어요.',
  coolingOff: (date: string) => `탈퇴한 뒤 30일 동안은 다시 가입할 수 없어요. ${date}부터 가입할 수 있어요.`,
  providerFailed: '본인확인 기관과 연결하지 못했어요. 잠시 후 다시 시도해 주세요.',
  notConfigured: '본인확인을 지금 사용할 수 없어요. 잠시 후 다시 시도해 주세요.',
  otherMember: '다른 계정에서 이미 본인확인한 분이에요.',
} as const;
