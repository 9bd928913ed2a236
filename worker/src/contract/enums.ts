// Fixed vocabularies of the product (spec §3, §9). Imported by the Worker and both SPAs.

export const PORTALS = ['naver', 'kakao'] as const;
export type Portal = (typeof PORTALS)[number];

export const PROVIDER_TYPES = ['NAVER', 'KAKAO'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];
export const providerTypeOf = (portal: Portal): ProviderType => (portal === 'naver' ? 'NAVER' : 'KAKAO');

export const GENDERS = ['M', 'F'] as const;
export type Gender = (typeof GENDERS)[number];

export const LOOKING_FOR = ['M', 'F', 'both'] as const;
export type LookingFor = (typeof LOOKING_FOR)[number];

/** The 12 interest tags (spec §3), stored and sent as these Korean labels. */
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

export const AGREEMENT_ITEMS = ['SERVICE_USE', 'PRIVACY', 'SENSITIVE_INFO', 'LOCATION', 'OVER_14', 'MARKETING'] as const;
export type AgreementItem = (typeof AGREEMENT_ITEMS)[number];
export const REQUIRED_AGREEMENTS: readonly AgreementItem[] = ['SERVICE_USE', 'PRIVACY', 'SENSITIVE_INFO', 'OVER_14'];

export const MEMBER_STATUSES = ['ACTIVE', 'INACTIVE', 'BANNED'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const IMAGE_ROLES = ['MAIN', 'SUB'] as const;
export type ImageRole = (typeof IMAGE_ROLES)[number];

export const POST_CATEGORIES = ['FREE', 'REVIEW', 'COURSE'] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];

export const REPORT_REASONS = ['SPAM', 'ABUSE', 'FRAUD', 'INAPPROPRIATE', 'IMPERSONATION', 'OTHER'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const LOGIN_STATUSES = ['LOGIN', 'NEED_AGREEMENT'] as const;
