// Reports for the console: per-member summaries, the reports against one member, and the
// PENDING → ACCEPTED | REJECTED update (conditional, so a report is handled once).
import { aliasedTable, and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Gender, MemberStatus, ProviderType, ReportReason } from '../../contract/enums';
import type { ReportStatus } from '../../contract/admin';
import { members, reports } from '../../db/schema';
import type { Db } from '../../lib/env';

export type ReportedMemberRow = {
  id: number;
  name: string;
  email: string;
  gender: Gender;
  birthday: string;
  providerType: ProviderType;
  status: MemberStatus;
  bannedUntil: string | null;
  accepted: number;
  pending: number;
  rejected: number;
};

const countOf = (status: ReportStatus) => sql<number>`sum(CASE WHEN ${reports.status} = ${status} THEN 1 ELSE 0 END)`;

/** Live members with at least one report against them: most pending first, then most accepted. */
export async function reportedMembers(db: Db): Promise<ReportedMemberRow[]> {
  const pending = countOf('PENDING');
  const accepted = countOf('ACCEPTED');
  return db
    .select({
      id: members.id,
      name: members.name,
      email: members.email,
      gender: members.gender,
      birthday: members.birthday,
      providerType: members.providerType,
      status: members.status,
      bannedUntil: members.bannedUntil,
      accepted,
      pending,
      rejected: countOf('REJECTED'),
    })
    .from(reports)
    .innerJoin(members, eq(members.id, reports.targetId))
    .where(isNull(members.deletedAt))
    .groupBy(members.id)
    .orderBy(desc(pending), desc(accepted), asc(members.id));
}

export type ReportRow = {
  id: number;
  status: ReportStatus;
  reasonType: ReportReason;
  reporterId: number;
  reporterName: string;
  targetId: number;
  targetName: string;
  chatRoomId: number | null;
  content: string;
  messageSamples: string | null;
  evidenceUrl: string | null;
  pageUrl: string | null;
  createdAt: string;
  handledAt: string | null;
  handledBy: number | null;
};

const reporter = aliasedTable(members, 'reporter');
const target = aliasedTable(members, 'target');

function reportSelect(db: Db) {
  return db
    .select({
      id: reports.id,
      status: reports.status,
      reasonType: reports.reasonType,
      reporterId: reports.reporterId,
      reporterName: reporter.name,
      targetId: reports.targetId,
      targetName: target.name,
      chatRoomId: reports.chatRoomId,
      content: reports.content,
      messageSamples: reports.messageSamples,
      evidenceUrl: reports.evidenceUrl,
      pageUrl: reports.pageUrl,
      createdAt: reports.createdAt,
      handledAt: reports.handledAt,
      handledBy: reports.handledBy,
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(target, eq(target.id, reports.targetId));
}

/** Reports against a member, newest first. */
export async function reportsAgainst(db: Db, targetId: number): Promise<ReportRow[]> {
  return reportSelect(db).where(eq(reports.targetId, targetId)).orderBy(desc(reports.createdAt), desc(reports.id));
}

export async function findReport(db: Db, id: number): Promise<ReportRow | undefined> {
  const rows = await reportSelect(db).where(eq(reports.id, id)).limit(1);
  return rows[0];
}

/** PENDING → `status`, stamping who and when. False when the report was not PENDING (or is absent). */
export async function settleReport(
  db: Db,
  id: number,
  status: Exclude<ReportStatus, 'PENDING'>,
  adminId: number,
  at: string,
): Promise<boolean> {
  const rows = await db
    .update(reports)
    .set({ status, handledAt: at, handledBy: adminId })
    .where(and(eq(reports.id, id), eq(reports.status, 'PENDING')))
    .returning({ id: reports.id });
  return rows.length === 1;
}
