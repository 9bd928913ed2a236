// The operators' safety desk (docs/safety.md "Safety desk"): the queue's risk score (weights and the
// Korean label of each part), the desk's shapes, warning presets and limits. Zod-free: the admin
// console imports it; the request schemas live in safety-desk.ts.
import type { AdminPhotoMatch, AdminPhotoVerification } from './photo-verification';
import type { AdminReport } from './admin-core';
import type { Gender, MemberStatus } from './enums';
import type { SafetyKind } from './safety/kinds';
import type { AuditAction } from './audit';
import type { AdminRole } from './admin-auth';

/**
 * Points per signal. A member's score is the sum of their parts; the queue is ordered by it
 * (highest first, then the oldest open signal). Kept here so docs/safety.md and the code agree.
 */
export const DESK_RISK_WEIGHTS = {
  /** Each PENDING report against the member. */
  pendingReport: 10,
  /** Each distinct member among those PENDING reports' reporters (several people > one insistent one). */
  reporter: 15,
  /** Each unreviewed flagged message, by the kinds it carries. */
  flag: { MONEY: 12, CONTACT: 8, SEXUAL: 10, ABUSE: 6 } satisfies Record<SafetyKind, number>,
  /** Each unreviewed CONTACT/MONEY flag among the sender's first messages in a room (the scam path). */
  earlyScam: 10,
  /** Per room beyond the first with unreviewed flags (the same pattern with several people). */
  extraRoom: 15,
  /** Each OPEN duplicate-photo match (the member's photo looks like another account's). */
  photoMatch: 20,
  /** A selfie waiting for review (a review item more than a risk). */
  photoPending: 5,
  /** Each block the member received in the last `blockDays` days. */
  block: 4,
  blockDays: 30,
  /** Account younger than 7 days / than 30 days. */
  newAccount7: 15,
  newAccount30: 5,
  /** Not identity-verified (본인확인). */
  noIdentity: 10,
  /** A verified photo lowers the score. */
  photoVerified: -5,
} as const;

/** What each detector kind is called on the desk. */
export const DESK_KIND_LABELS: Record<SafetyKind, string> = {
  CONTACT: '외부 연락처 유도',
  MONEY: '금전·투자 권유',
  SEXUAL: '성적인 표현',
  ABUSE: '욕설·비하',
};

/** The Korean label of each score part, so an operator sees why a member is where they are. */
export const DESK_SCORE_LABELS = {
  pendingReports: (n: number) => `처리 전 신고 ${n}건`,
  reporters: (n: number) => `신고한 회원 ${n}명`,
  flags: (kind: SafetyKind, n: number) => `${DESK_KIND_LABELS[kind]} 감지 ${n}건`,
  earlyScam: (n: number) => `첫 대화에서 연락처·금전 이야기 ${n}건`,
  rooms: (n: number) => `대화방 ${n}곳에서 감지`,
  photoMatches: (n: number) => `다른 회원과 비슷한 사진 ${n}건`,
  photoPending: '사진 인증 검토 대기',
  blocks: (n: number) => `최근 30일 동안 차단 ${n}번`,
  accountAge: (days: number) => `가입 ${days}일째`,
  noIdentity: '본인확인 전',
  photoVerified: '사진 인증 완료',
} as const;

export const DESK_LIMITS = {
  /** Flags shown on an item (newest first), each with its context. */
  flagsShown: 20,
  /** Messages read before and after a flagged message. */
  contextAround: 3,
  warningMax: 300,
  reasonMax: 200,
  /** Nudge statistics cover this many days. */
  nudgeDays: 30,
  /** Audit entries on a member's record. */
  memberAudit: 50,
} as const;

export type DeskScorePart = { key: string; label: string; points: number };

export type DeskQueueItem = {
  id: number;
  name: string;
  email: string;
  status: MemberStatus;
  createdAt: string;
  score: number;
  parts: DeskScorePart[];
  /** Short Korean summary of the open signals ('신고 2 · 감지 3 · 사진 1'). */
  signals: { reports: number; flags: number; photoMatches: number; photoPending: number };
  oldestSignalAt: string;
};

export type DeskContextMessage = {
  id: number;
  /** True when the member on the desk sent it. */
  fromMember: boolean;
  content: string;
  sentAt: string;
  photo: boolean;
  deleted: boolean;
  /** The flagged message itself. */
  flagged: boolean;
};

export type DeskFlag = {
  id: number;
  roomId: number;
  messageId: number;
  kinds: SafetyKind[];
  early: boolean;
  createdAt: string;
  receiverId: number | null;
  receiverName: string | null;
  /** The message with the ones around it, from the room's own store (empty when the room has none). */
  context: DeskContextMessage[];
};

export type DeskDetail = DeskQueueItem & {
  gender: Gender;
  age: number;
  identityVerified: boolean;
  photoVerified: boolean;
  flags: DeskFlag[];
  reports: AdminReport[];
  photoMatches: AdminPhotoMatch[];
  photoVerifications: AdminPhotoVerification[];
};

export type DeskNudgeStat = { kind: SafetyKind; edited: number; sent: number };
export type DeskNudgeStats = { days: number; byKind: DeskNudgeStat[]; edited: number; sent: number };

export type DeskActionResult = {
  id: number;
  action: 'DISMISS' | 'WARN' | 'BAN';
  flagsReviewed: number;
  reportsSettled: number;
  photoMatchesClosed: number;
};

export type AuditEntryView = {
  id: number;
  adminId: number;
  adminName: string;
  adminRole: AdminRole;
  action: AuditAction;
  memberId: number | null;
  memberName: string | null;
  subjectType: string | null;
  subjectId: string | null;
  reason: string | null;
  detail: Record<string, unknown> | null;
  createdAt: string;
};

/** Warning texts an operator starts from (and may edit) before sending a SAFETY_WARNING. */
export const WARNING_PRESETS = [
  {
    key: 'contact',
    label: '외부 연락처 유도',
    text: '대화 중 외부 메신저나 연락처로 옮기자고 권한 일이 확인됐어요. 온기에서는 서로를 충분히 알기 전에 연락처를 묻거나 건네는 일을 삼가 주세요. 반복되면 이용이 제한될 수 있어요.',
  },
  {
    key: 'money',
    label: '금전·투자 권유',
    text: '대화 중 투자나 송금, 돈과 관련된 권유가 확인됐어요. 온기에서는 금전 거래를 권하는 대화를 허용하지 않아요. 반복되면 이용이 바로 제한될 수 있어요.',
  },
  {
    key: 'sexual',
    label: '성적인 대화',
    text: '상대가 원하지 않는 성적인 표현이 확인됐어요. 서로 존중하는 대화를 부탁드려요. 반복되면 이용이 제한될 수 있어요.',
  },
  {
    key: 'abuse',
    label: '욕설·비하',
    text: '대화 중 욕설이나 상대를 깎아내리는 표현이 확인됐어요. 모두가 편안하게 대화할 수 있도록 말을 골라 주세요. 반복되면 이용이 제한될 수 있어요.',
  },
] as const;

export const DESK_MESSAGES = {
  memberNotFound: '회원을 찾을 수 없어요.',
  nothingOpen: '이 회원에게 검토할 신호가 남아 있지 않아요.',
  warningRequired: '보낼 안내 문구를 적어 주세요.',
  warningMax: `안내 문구는 ${DESK_LIMITS.warningMax}자까지 적을 수 있어요.`,
  reasonRequired: '처리 사유를 적어 주세요.',
  reasonMax: `사유는 ${DESK_LIMITS.reasonMax}자까지 적을 수 있어요.`,
} as const;
