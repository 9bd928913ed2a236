// The safety desk's reads and writes (docs/safety.md "Safety desk"): who has open signals, the
// counts the risk score is built from, a member's open flags, and the statements that settle a
// member's open signals (for the action's batch, with its audit row).
import { and, eq, isNull, sql } from 'drizzle-orm';
import { photoMatches, reports, safetyFlags } from '../../db/schema';
import type { Db } from '../../lib/env';

/** One member with open signals and the counts their score is built from. */
export type SignalRow = {
  id: number;
  name: string;
  email: string;
  gender: 'M' | 'F';
  birthday: string;
  status: 'ACTIVE' | 'INACTIVE' | 'BANNED';
  bannedUntil: string | null;
  createdAt: string;
  identityVerifiedAt: string | null;
  photoVerifiedAt: string | null;
  pendingReports: number;
  reporters: number;
  photoMatches: number;
  photoPending: number;
  blocks: number;
  flagRooms: number;
  /** Null only for a single member with nothing open. */
  oldestSignalAt: string | null;
};

export type OpenFlagRow = {
  id: number;
  senderId: number;
  roomId: number;
  messageId: number;
  receiverId: number | null;
  receiverName: string | null;
  kinds: string;
  early: number;
  createdAt: string;
};

/**
 * Every live member with at least one open signal (PENDING report against them, unreviewed flag
 * on a message they sent, OPEN photo match on their photo, PENDING selfie review), with counts.
 * `memberId` narrows it to one member (the item's detail), who is answered even with nothing open.
 */
export async function membersWithSignals(db: Db, blocksSince: string, memberId?: number): Promise<SignalRow[]> {
  // One member's row is there even with nothing open (the desk's detail after an action).
  const only = memberId === undefined ? sql`` : sql` AND m.id = ${memberId}`;
  const from =
    memberId === undefined
      ? sql`candidates c JOIN members m ON m.id = c.id`
      : sql`members m LEFT JOIN candidates c ON c.id = m.id`;
  return db.all<SignalRow>(sql`
    WITH open_signals (member_id, at) AS (
      SELECT target_id, created_at FROM reports WHERE status = 'PENDING'
      UNION ALL SELECT sender_id, created_at FROM safety_flags WHERE reviewed_at IS NULL
      UNION ALL SELECT member_id, created_at FROM photo_matches WHERE status = 'OPEN'
      UNION ALL SELECT member_id, created_at FROM photo_verifications WHERE status = 'PENDING'
    ),
    candidates AS (SELECT member_id AS id, min(at) AS oldest FROM open_signals GROUP BY member_id)
    SELECT m.id AS id, m.name AS name, m.email AS email, m.gender AS gender, m.birthday AS birthday,
      m.status AS status, m.banned_until AS bannedUntil, m.created_at AS createdAt,
      m.identity_verified_at AS identityVerifiedAt, m.photo_verified_at AS photoVerifiedAt,
      (SELECT count(*) FROM reports r WHERE r.target_id = m.id AND r.status = 'PENDING') AS pendingReports,
      (SELECT count(DISTINCT r.reporter_id) FROM reports r WHERE r.target_id = m.id AND r.status = 'PENDING') AS reporters,
      (SELECT count(*) FROM photo_matches p WHERE p.member_id = m.id AND p.status = 'OPEN') AS photoMatches,
      (SELECT count(*) FROM photo_verifications v WHERE v.member_id = m.id AND v.status = 'PENDING') AS photoPending,
      (SELECT count(*) FROM blocks b WHERE b.target_id = m.id AND b.created_at >= ${blocksSince}) AS blocks,
      (SELECT count(DISTINCT f.room_id) FROM safety_flags f WHERE f.sender_id = m.id AND f.reviewed_at IS NULL) AS flagRooms,
      c.oldest AS oldestSignalAt
    FROM ${from}
    WHERE m.deleted_at IS NULL${only}`);
}

/** Unreviewed flags, newest first: every member's (the queue's counts) or one member's (`limit` of them). */
export async function openFlags(db: Db, memberId?: number, limit = 10_000): Promise<OpenFlagRow[]> {
  const only = memberId === undefined ? sql`` : sql` AND f.sender_id = ${memberId}`;
  return db.all<OpenFlagRow>(sql`
    SELECT f.id AS id, f.sender_id AS senderId, f.room_id AS roomId, f.message_id AS messageId,
      f.receiver_id AS receiverId, r.name AS receiverName, f.kinds AS kinds, f.early AS early,
      f.created_at AS createdAt
    FROM safety_flags f LEFT JOIN members r ON r.id = f.receiver_id
    WHERE f.reviewed_at IS NULL${only}
    ORDER BY f.created_at DESC, f.id DESC LIMIT ${limit}`);
}

/** Ids of the member's PENDING reports and their reporters (to tell each reporter the result). */
export async function pendingReportsOf(
  db: Db,
  memberId: number,
): Promise<{ id: number; reporterId: number; createdAt: string }[]> {
  return db
    .select({ id: reports.id, reporterId: reports.reporterId, createdAt: reports.createdAt })
    .from(reports)
    .where(and(eq(reports.targetId, memberId), eq(reports.status, 'PENDING')));
}

/**
 * The statements that settle a member's open signals: flags reviewed (by whom, when), the listed
 * PENDING reports set to `reportStatus`, OPEN photo matches set to `matchStatus`. Pending selfie
 * reviews are left to the photo screen (approving a selfie is a decision of its own).
 */
export function settleSignals(
  db: Db,
  s: {
    memberId: number;
    adminId: number;
    at: string;
    reportIds: number[];
    reportStatus: 'ACCEPTED' | 'REJECTED';
    matchStatus: 'DISMISSED' | 'ACTIONED';
  },
) {
  const statements = [
    db
      .update(safetyFlags)
      .set({ reviewedAt: s.at, reviewedBy: s.adminId })
      .where(and(eq(safetyFlags.senderId, s.memberId), isNull(safetyFlags.reviewedAt))),
    db
      .update(photoMatches)
      .set({ status: s.matchStatus, decidedAt: s.at })
      .where(and(eq(photoMatches.memberId, s.memberId), eq(photoMatches.status, 'OPEN'))),
    ...s.reportIds.map((id) =>
      db
        .update(reports)
        .set({ status: s.reportStatus, handledAt: s.at, handledBy: s.adminId })
        .where(and(eq(reports.id, id), eq(reports.status, 'PENDING'))),
    ),
  ] as const;
  return statements;
}

/** Counts of the member's open signals right now (what an action will settle). */
export async function openSignalCounts(
  db: Db,
  memberId: number,
): Promise<{ flags: number; reports: number; photoMatches: number }> {
  const row = await db.get<{ flags: number; reports: number; photoMatches: number }>(sql`
    SELECT (SELECT count(*) FROM safety_flags WHERE sender_id = ${memberId} AND reviewed_at IS NULL) AS flags,
      (SELECT count(*) FROM reports WHERE target_id = ${memberId} AND status = 'PENDING') AS reports,
      (SELECT count(*) FROM photo_matches WHERE member_id = ${memberId} AND status = 'OPEN') AS photoMatches`);
  return row ?? { flags: 0, reports: 0, photoMatches: 0 };
}

/** Nudge outcomes per kinds text since `since` (a draft flagged for several kinds counts for each). */
export async function nudgeOutcomes(
  db: Db,
  since: string,
): Promise<{ kinds: string; outcome: 'EDITED' | 'SENT'; n: number }[]> {
  return db.all(sql`
    SELECT kinds, outcome, count(*) AS n FROM safety_nudges WHERE created_at >= ${since} GROUP BY kinds, outcome`);
}
