// Admin console shapes (api-contract "Admin", api-extensions "dashboard"): members, bans, reports
// and the dashboard. Zod-free, so the admin SPA imports it without bundling a validator; the
// request schemas live in admin.ts.
import type { Gender, LookingFor, MemberStatus, ProviderType, ReportReason } from './enums';
import type { MyProfileDetails } from './profile-details';
import type { MyProfileVoice } from './voice';

export const REPORT_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const BAN_ACTIONS = ['BAN', 'UNBAN'] as const;
export type BanAction = (typeof BAN_ACTIONS)[number];

/** Server messages of the admin console (해요체). The console's own wording lives in its catalogue. */
export const ADMIN_CONSOLE_MESSAGES = {
  alreadyBanned: '이미 정지된 회원이에요.',
  notBanned: '정지된 회원이 아니에요.',
  banUntilFormat: '정지 만료 시각은 YYYY-MM-DDTHH:mm:00 형식으로 보내 주세요.',
  banUntilPast: '정지 만료 시각은 지금보다 뒤로 정해 주세요.',
  banReasonMax: '정지 사유는 200자를 넘을 수 없어요.',
  /** docs/product-spec.md §5: a temporary ban needs both the expiry date and time. */
  banUntilRequired: '임시 정지의 만료 날짜와 시간을 입력해 주세요',
  reportHandled: '이미 처리된 신고예요.',
  memberNotFound: '회원을 찾을 수 없어요.',
  reportNotFound: '신고를 찾을 수 없어요.',
  listQueryInvalid: '목록 조회 조건을 다시 확인해 주세요.',
} as const;

/** Ban expiry on the wire: Korea local time, minutes precision, seconds always ':00' (docs/product-spec.md §9). */
export const BAN_UNTIL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const KST_OFFSET_MS = 9 * 3600_000;

/**
 * "YYYY-MM-DDTHH:mm:00" read as Korea time (UTC+9, no daylight saving) → the UTC instant, or null
 * when the text is not a real calendar time (2026-02-30T10:00:00 is refused, not rolled over).
 */
export function kstLocalToDate(text: string): Date | null {
  const m = BAN_UNTIL_PATTERN.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(utc);
  const same =
    back.getUTCFullYear() === y &&
    back.getUTCMonth() === mo - 1 &&
    back.getUTCDate() === d &&
    back.getUTCHours() === h &&
    back.getUTCMinutes() === mi &&
    back.getUTCSeconds() === s;
  return same ? new Date(utc - KST_OFFSET_MS) : null;
}

/** The Korea-time calendar day (YYYY-MM-DD) of an instant. */
export function kstDay(at: Date): string {
  return new Date(at.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Korea-time "YYYY-MM-DD HH:mm:ss": the console's 'date time' without fractions or zone (docs/product-spec.md §9). */
export function formatKstDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return new Date(at.getTime() + KST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** A member row in the console (GET /admin/users, /admin/api/users). */
export type AdminUser = {
  id: number;
  name: string;
  email: string;
  gender: Gender;
  age: number;
  openAge: boolean;
  providerType: ProviderType;
  lookingFor: LookingFor;
  /** Birthday, YYYY-MM-DD. */
  birth: string;
  /** Computed: a temporary ban whose time has passed reads ACTIVE. */
  status: MemberStatus;
  /** UTC ISO end of the current ban; null when permanent or not banned. */
  bannedUntil: string | null;
  createdAt: string;
};

export type BanHistoryEntry = {
  id: number;
  createdAt: string;
  /** Same as createdAt (the spec's client reads either). */
  bannedAt: string;
  action: BanAction;
  reason: string | null;
  until: string | null;
  adminName: string | null;
  adminId: number | null;
};

/** GET /admin/api/users/{id}: the row plus what the detail view shows. */
export type AdminUserDetail = AdminUser & {
  interests: string[];
  images: { role: 'MAIN' | 'SUB'; url: string }[];
  /** "서울 강남구", or null without a saved location. */
  location: string | null;
  lastActiveAt: string;
  reports: { pending: number; accepted: number; rejected: number; made: number };
  /** The latest BAN entry while banned (who, why, until). */
  currentBan: BanHistoryEntry | null;
  /** The member's details as stored, with what an admin hid (POST /admin/users/{id}/profile-details/hide; docs/admin.md "Hidden profile texts stay hidden"). */
  profileDetails?: MyProfileDetails;
  /** The 목소리 소개 with an admin link (playable while hidden); null when none (docs/voice.md). */
  voiceIntro?: MyProfileVoice | null;
};

export type ReportedUserSummary = {
  id: number;
  name: string;
  email: string;
  gender: Gender;
  age: number;
  providerType: ProviderType;
  status: MemberStatus;
  reportAcceptedCount: number;
  reportPendingCount: number;
  reportRejectedCount: number;
};

export type ReportMessageSample = {
  from: 'me' | 'other';
  text: string;
  time: string;
  /** A photo message: a short-lived admin-only signed link to the photo (docs/chat.md). */
  imageUrl?: string;
  /** A voice note: a short-lived admin-only signed link to the recording (docs/voice.md "Voice notes"). */
  audioUrl?: string;
  /** The sender unsent it; `text` is the original, kept as evidence. */
  unsent?: boolean;
};

export type AdminReport = {
  id: number;
  status: ReportStatus;
  reportType: ReportReason;
  /** The reporter. */
  memberId: number;
  reporterName: string;
  targetId: number;
  targetName: string;
  chatroomId: number | null;
  content: string;
  messageSamples: ReportMessageSample[];
  evidenceUrl: string | null;
  pageUrl: string | null;
  createdAt: string;
  /** Same as createdAt (the spec's client reads either). */
  reportedAt: string;
  handledAt: string | null;
  handledBy: number | null;
};

export type DashboardDay = { day: string; signups: number; reports: number };

/** GET /admin/api/dashboard. Weeks start Monday 00:00 and days at 00:00, Korea time. */
export type AdminDashboard = {
  generatedAt: string;
  weekStartsAt: string;
  members: { total: number; newThisWeek: number };
  reportsThisWeek: { pending: number; handled: number };
  /** Open rooms with a message in the last 7 days. */
  activeChats: number;
  posts: { total: number; thisWeek: number };
  /** The last 30 Korea-time days, oldest first, zero-filled. */
  daily: DashboardDay[];
};

export const DASHBOARD_DAYS = 30;
export const ACTIVE_CHAT_DAYS = 7;
