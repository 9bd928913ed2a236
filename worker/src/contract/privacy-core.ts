// Privacy on a member's own terms (docs/privacy.md): 아는 사람 피하기, 비공개 모드, 데이트 공유.
// The zod-free half: limits, Korean messages, phone normalising and the response shapes, so the
// settings page can count and preview a pasted list without loading the validator.
import { groupDigits } from './numbers';

export const PRIVACY_LIMITS = {
  /** Numbers one member may avoid in all (a family, a workplace, an ex's circle fit many times over). */
  avoidPhonesMax: 1_000,
  /** Characters of a share's place. */
  sharePlaceMax: 60,
  /** A share link works this long after it is made. */
  shareHours: 48,
  /** Open (not revoked, not expired) shares a member may hold at once. */
  openSharesMax: 5,
  /** How far ahead a date may be planned. */
  shareAheadDays: 30,
  /** Views of a share listed for its owner (newest first). */
  shareViewsListed: 50,
} as const;

export const PRIVACY_KO = {
  phonesRequired: '피하고 싶은 사람의 휴대폰 번호를 하나 이상 적어 주세요.',
  phonesTooMany: `번호는 모두 합쳐 ${groupDigits(PRIVACY_LIMITS.avoidPhonesMax)}개까지 등록할 수 있어요. 꼭 피하고 싶은 사람의 번호만 골라 주세요. 연락처 전체를 올리는 기능은 없어요.`,
  phonesNoneValid: '휴대폰 번호를 찾지 못했어요. 010-1234-5678처럼 적어 주세요.',
  privateModeFlag: '비공개 모드를 켤지 끌지 골라 주세요.',
  placeRequired: '만나는 장소를 적어 주세요.',
  placeTooLong: `장소는 ${PRIVACY_LIMITS.sharePlaceMax}자까지 적을 수 있어요.`,
  meetAtInvalid: '만나는 날짜와 시간을 골라 주세요.',
  meetAtOutOfRange: `만나는 시간은 지금부터 ${PRIVACY_LIMITS.shareAheadDays}일 안으로 골라 주세요.`,
  tooManyShares: `공유 중인 약속이 ${PRIVACY_LIMITS.openSharesMax}개예요. 지난 공유를 먼저 멈춰 주세요.`,
  shareNotFound: '공유 링크를 찾을 수 없어요. 링크가 만료되었거나 공유가 멈췄을 수 있어요.',
  roomNotOpen: '대화 중인 채팅방에서만 약속을 공유할 수 있어요.',
} as const;

/**
 * A Korean mobile number in its one stored form (`01012345678`), or null. Accepts what people
 * type and paste: hyphens, dots, spaces, brackets, `+82 10-…`, `82-10-…`, `+82 (0)10…`.
 * Only mobile numbers: 본인확인 confirms a mobile line, so nothing else could ever match.
 */
export function normalizePhone(raw: string): string | null {
  let digits = raw.replace(/[\s\-.()\u00a0\u2010-\u2015]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  if (!/^\d+$/.test(digits)) return null;
  if (digits.startsWith('82')) {
    digits = digits.slice(2);
    if (!digits.startsWith('0')) digits = `0${digits}`;
  }
  return /^01[016789]\d{7,8}$/.test(digits) ? digits : null;
}

/** A pasted list split into entries: new lines, commas and semicolons separate numbers. */
export function splitPhoneList(text: string): string[] {
  return text
    .split(/[\n\r,;]+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** What a pasted list holds: the distinct valid numbers and how many entries were not numbers. */
export function parsePhoneList(entries: readonly string[]): { phones: string[]; invalid: number } {
  const phones = new Set<string>();
  let invalid = 0;
  for (const entry of entries) {
    const phone = normalizePhone(entry);
    if (phone) phones.add(phone);
    else invalid++;
  }
  return { phones: [...phones], invalid };
}

/** GET /api/on/privacy */
export type PrivacySettings = {
  /** How many numbers the member avoids (the numbers themselves are never kept). */
  avoidCount: number;
  privateMode: boolean;
  /** Whether 본인확인 gave this member a phone, so others' avoid lists can find them. */
  phoneVerified: boolean;
};

/** POST /api/on/privacy/avoid-phones */
export type AvoidPhonesResult = { added: number; invalid: number; avoidCount: number };

/** One view of a share link (the time only: nothing about the viewer is kept). */
export type DateShareView = { viewedAt: string };

/** The owner's view of a share (GET /api/on/date-shares, POST …/date-shares). */
export type DateShareItem = {
  id: string;
  roomId: number;
  matchName: string;
  place: string;
  meetAt: string;
  expiresAt: string;
  revokedAt: string | null;
  createdAt: string;
  views: DateShareView[];
};

/** POST answer: the item and, once only, the link's token. */
export type CreatedDateShare = DateShareItem & { token: string; path: string };

/** GET /api/share/{token}: what a friend without an account sees. */
export type PublicDateShare = {
  matchName: string;
  mainImageUrl: string | null;
  place: string;
  meetAt: string;
  expiresAt: string;
  /** The sharing member's nickname, so the friend knows whose date it is. */
  sharedBy: string;
};
