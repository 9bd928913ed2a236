// Report handling rules (docs/product-spec.md §4): summaries per reported member, the reports against one member
// with their stored message samples, and accept/reject only while a report is PENDING.
import {
  ADMIN_CONSOLE_MESSAGES,
  type AdminReport,
  type ReportMessageSample,
  type ReportedUserSummary,
  type ReportStatus,
} from '../../contract/admin';
import { ageOn } from '../../contract/age';
import { currentStatus } from '../members/service';
import { notifyReportResult } from '../notifications/producers';
import type { Db, Env } from '../../lib/env';
import { Conflict, NotFound } from '../../lib/errors';
import { findReport, reportedMembers, reportsAgainst, settleReport, type ReportRow } from './reports-repo';
import { chatMediaUrl, isChatPhotoKey, isChatVoiceKey } from '../chat/photos';
import { memberForAdmin } from './members-service';
import { recordAudit, type AuditActor } from '../audit/repo';

/** Stored samples are JSON written by the report area; anything malformed shows as no samples. */
export function parseSamples(raw: string | null): (ReportMessageSample & { photoKey?: string; audioKey?: string })[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null) return [];
      const { from, text, time, photoKey, audioKey, unsent } = item as Record<string, unknown>;
      if ((from !== 'me' && from !== 'other') || typeof text !== 'string') return [];
      return [
        {
          from,
          text,
          time: typeof time === 'string' ? time : '',
          ...(typeof photoKey === 'string' && isChatPhotoKey(photoKey) ? { photoKey } : {}),
          ...(typeof audioKey === 'string' && isChatVoiceKey(audioKey) ? { audioKey } : {}),
          ...(unsent === true ? { unsent: true } : {}),
        },
      ];
    });
  } catch {
    return [];
  }
}

export function toAdminReport(row: ReportRow): AdminReport {
  return {
    id: row.id,
    status: row.status,
    reportType: row.reasonType,
    memberId: row.reporterId,
    reporterName: row.reporterName,
    targetId: row.targetId,
    targetName: row.targetName,
    chatroomId: row.chatRoomId,
    content: row.content,
    // A photo's key never leaves; reportsOfMember adds admin links instead.
    messageSamples: parseSamples(row.messageSamples).map(({ photoKey: _key, audioKey: _audio, ...sample }) => sample),
    evidenceUrl: row.evidenceUrl,
    pageUrl: row.pageUrl,
    createdAt: row.createdAt,
    reportedAt: row.createdAt,
    handledAt: row.handledAt,
    handledBy: row.handledBy,
  };
}

export async function reportedUserSummaries(db: Db, now: Date): Promise<ReportedUserSummary[]> {
  const rows = await reportedMembers(db);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    gender: r.gender,
    age: ageOn(r.birthday, now),
    providerType: r.providerType,
    status: currentStatus(r, now),
    reportAcceptedCount: r.accepted,
    reportPendingCount: r.pending,
    reportRejectedCount: r.rejected,
  }));
}

export async function reportsOfMember(db: Db, memberId: number, now: Date, env?: Env): Promise<AdminReport[]> {
  await memberForAdmin(db, memberId, now); // 404 for an unknown or withdrawn member
  const rows = await reportsAgainst(db, memberId);
  return Promise.all(rows.map((row) => (env ? withPhotoLinks(env, row, now) : toAdminReport(row))));
}

/** Photo and voice samples get a short-lived admin-only link (chat media are private to their room). */
async function withPhotoLinks(env: Env, row: ReportRow, now: Date): Promise<AdminReport> {
  const samples = await Promise.all(
    parseSamples(row.messageSamples).map(async ({ photoKey, audioKey, ...sample }) => ({
      ...sample,
      ...(photoKey ? { imageUrl: await chatMediaUrl(env, photoKey, now, 'admin') } : {}),
      ...(audioKey ? { audioUrl: await chatMediaUrl(env, audioKey, now, 'admin') } : {}),
    })),
  );
  return { ...toAdminReport(row), messageSamples: samples };
}

export async function settle(
  db: Db,
  reportId: number,
  status: Exclude<ReportStatus, 'PENDING'>,
  actor: AuditActor,
  now: Date,
  env: Env,
): Promise<AdminReport> {
  const settled = await settleReport(db, reportId, status, actor.id, now.toISOString());
  const row = await findReport(db, reportId);
  if (!row) throw new NotFound(ADMIN_CONSOLE_MESSAGES.reportNotFound, 'REPORT_NOT_FOUND');
  if (!settled) throw new Conflict(ADMIN_CONSOLE_MESSAGES.reportHandled, 'REPORT_ALREADY_HANDLED');
  await recordAudit(db, actor, {
    action: 'REPORT_DECIDED',
    memberId: row.targetId,
    subjectType: 'report',
    subjectId: reportId,
    detail: { status, reporterId: row.reporterId },
  });
  // The reporter learns that it was handled, never what happened to the other member.
  await notifyReportResult(
    { env, db, now },
    { reportId, reporterId: row.reporterId, status, reportedAt: row.createdAt },
  );
  return toAdminReport(row);
}
