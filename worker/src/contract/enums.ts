// Fixed vocabularies of the product (docs/product-spec.md §3, §9). Imported by the Worker and both SPAs.

export const PORTALS = ['naver', 'kakao'] as const;
export type Portal = (typeof PORTALS)[number];

export const PROVIDER_TYPES = ['NAVER', 'KAKAO'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];
export const providerTypeOf = (portal: Portal): ProviderType => (portal === 'naver' ? 'NAVER' : 'KAKAO');

export const GENDERS = ['M', 'F'] as const;
export type Gender = (typeof GENDERS)[number];

export const LOOKING_FOR = ['M', 'F', 'both'] as const;
export type LookingFor = (typeof LOOKING_FOR)[number];

/** The 12 interest tags (docs/product-spec.md §3), stored and sent as these Korean labels. */
export const INTEREST_TAGS = [
  '운동',
  '독서',
  '여행',
  '음악',
  '게임',
  '요리',
  '디지털 기기',
  '사진',
  '영화',
  '패션',
  '과학기술',
  '환경 보호',
] as const;
export type InterestTag = (typeof INTEREST_TAGS)[number];

/**
 * Labels the original client uses for three of the tags (spec: digital tech, photography,
 * technology), accepted on input and stored and answered as Ongi's own (docs/api-extensions.md).
 */
export const INTEREST_TAG_ALIASES: Readonly<Record<string, InterestTag>> = {
  '디지털 기술': '디지털 기기',
  '사진 촬영': '사진',
  테크놀로지: '과학기술',
};

/** Ongi's label for a tag as a client sent it (NFC, trimmed, alias resolved); unknown labels pass through. */
export function canonicalInterest(label: string): string {
  const text = label.normalize('NFC').trim();
  return INTEREST_TAG_ALIASES[text] ?? text;
}

/** The consents signup asks for and accepts (docs/trust.md "Adults only": 만 19세 이상 replaced 만 14세 이상). */
export const AGREEMENT_ITEMS = [
  'SERVICE_USE',
  'PRIVACY',
  'SENSITIVE_INFO',
  'LOCATION',
  'OVER_19',
  'MARKETING',
] as const;
export type AgreementItem = (typeof AGREEMENT_ITEMS)[number];
export const REQUIRED_AGREEMENTS: readonly AgreementItem[] = ['SERVICE_USE', 'PRIVACY', 'SENSITIVE_INFO', 'OVER_19'];

/**
 * Everything the stored consent history may hold: the current items and the retired OVER_14
 * (signups from before adults only, docs/trust.md "Adults only"). OVER_14 is readable in history (export, console) and never accepted.
 */
export const STORED_AGREEMENT_ITEMS = [...AGREEMENT_ITEMS, 'OVER_14'] as const;
export type StoredAgreementItem = (typeof STORED_AGREEMENT_ITEMS)[number];

/** How each stored consent reads wherever history is shown (export, admin console). */
export const AGREEMENT_HISTORY_LABELS: Record<StoredAgreementItem, string> = {
  SERVICE_USE: '서비스 이용약관',
  PRIVACY: '개인정보 수집·이용',
  SENSITIVE_INFO: '민감정보 처리',
  LOCATION: '위치정보 이용',
  OVER_19: '만 19세 이상',
  OVER_14: '만 14세 이상 (이전 약관)',
  MARKETING: '마케팅 수신',
};

export const MEMBER_STATUSES = ['ACTIVE', 'INACTIVE', 'BANNED'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const IMAGE_ROLES = ['MAIN', 'SUB'] as const;
export type ImageRole = (typeof IMAGE_ROLES)[number];

export const POST_CATEGORIES = ['FREE', 'REVIEW', 'COURSE'] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];

export const REPORT_REASONS = [
  'SPAM',
  'ABUSE',
  'FRAUD',
  'INAPPROPRIATE',
  'INAPPROPRIATE_PROFILE',
  'IMPERSONATION',
  'OTHER',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** One Korean label per reason code, shown by the member's report form and the admin console alike. */
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  SPAM: '스팸',
  ABUSE: '욕설·비방',
  FRAUD: '사기',
  INAPPROPRIATE: '부적절한 내용',
  INAPPROPRIATE_PROFILE: '부적절한 프로필',
  IMPERSONATION: '사칭',
  OTHER: '기타',
};

export const LOGIN_STATUSES = ['LOGIN', 'NEED_AGREEMENT'] as const;
