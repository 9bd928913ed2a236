// The safety desk (docs/safety.md "Safety desk"): one queue item per member who needs a person,
// ordered by a documented risk score; an item's evidence in context; and the one-click actions,
// each settling the member's open signals and writing the audit log in the same batch.
import {
  DESK_LIMITS,
  DESK_MESSAGES,
  DESK_RISK_WEIGHTS as W,
  DESK_SCORE_LABELS as L,
  type DeskActionResult,
  type DeskContextMessage,
  type DeskDetail,
  type DeskFlag,
  type DeskNudgeStats,
  type DeskQueueItem,
  type DeskScorePart,
} from '../../contract/safety-desk-core';
import type { DeskBanBody, DeskDismissBody, DeskWarnBody } from '../../contract/safety-desk';
import { SAFETY_KINDS, type SafetyKind } from '../../contract/safety/kinds';
import { CHAT_PREVIEW } from '../../contract/chat';
import type { Db, Env } from '../../lib/env';
import { Conflict, NotFound } from '../../lib/errors';
import { banMember, type ChatCutOff } from '../admin/bans-service';
import { memberForAdmin } from '../admin/members-service';
import { reportsOfMember } from '../admin/reports-service';
import { auditInsert, type AuditActor } from '../audit/repo';
import { messagesAround } from '../chat/rooms-api';
import { currentStatus, isBanned } from '../members/service';
import { notifyReportResult, notifySafetyWarning } from '../notifications/producers';
import { openMatches } from '../photo-verification/matches-service';
import { photoQueue } from '../photo-verification/service';
import {
  membersWithSignals,
  nudgeOutcomes,
  openFlags,
  openSignalCounts,
  pendingReportsOf,
  settleSignals,
  type OpenFlagRow,
  type SignalRow,
} from './repo';

const DAY_MS = 86_400_000;

export type DeskContext = { env: Env; db: Db; now: Date; actor: AuditActor; chat?: ChatCutOff };

const kindsOf = (csv: string): SafetyKind[] =>
  csv
    .split(',')
    .map((k) => k.trim())
    .filter((k): k is SafetyKind => (SAFETY_KINDS as readonly string[]).includes(k));

/** Flag counts per kind, early CONTACT/MONEY flags, for one member's unreviewed flags. */
function flagCounts(flags: OpenFlagRow[]) {
  const byKind = new Map<SafetyKind, number>();
  let earlyScam = 0;
  for (const f of flags) {
    const kinds = kindsOf(f.kinds);
    for (const k of kinds) byKind.set(k, (byKind.get(k) ?? 0) + 1);
    if (f.early && kinds.some((k) => k === 'CONTACT' || k === 'MONEY')) earlyScam += 1;
  }
  return { byKind, earlyScam, total: flags.length };
}

/**
 * The risk score and its parts (docs/safety.md "Risk score"): each part says in Korean what it
 * counts and how many points it adds; the score is their sum.
 */
export function riskScore(row: SignalRow, flags: OpenFlagRow[], now: Date): { score: number; parts: DeskScorePart[] } {
  const parts: DeskScorePart[] = [];
  const add = (key: string, label: string, points: number) => {
    if (points !== 0) parts.push({ key, label, points });
  };
  add('pendingReports', L.pendingReports(row.pendingReports), row.pendingReports * W.pendingReport);
  add('reporters', L.reporters(row.reporters), row.reporters * W.reporter);
  const counts = flagCounts(flags);
  for (const kind of SAFETY_KINDS) {
    const n = counts.byKind.get(kind) ?? 0;
    add(`flags.${kind}`, L.flags(kind, n), n * W.flag[kind]);
  }
  add('earlyScam', L.earlyScam(counts.earlyScam), counts.earlyScam * W.earlyScam);
  add('rooms', L.rooms(row.flagRooms), Math.max(0, row.flagRooms - 1) * W.extraRoom);
  add('photoMatches', L.photoMatches(row.photoMatches), row.photoMatches * W.photoMatch);
  add('photoPending', L.photoPending, row.photoPending > 0 ? W.photoPending : 0);
  add('blocks', L.blocks(row.blocks), row.blocks * W.block);
  const ageDays = Math.max(0, Math.floor((now.getTime() - new Date(row.createdAt).getTime()) / DAY_MS));
  add('accountAge', L.accountAge(ageDays + 1), ageDays < 7 ? W.newAccount7 : ageDays < 30 ? W.newAccount30 : 0);
  add('noIdentity', L.noIdentity, row.identityVerifiedAt ? 0 : W.noIdentity);
  add('photoVerified', L.photoVerified, row.photoVerifiedAt ? W.photoVerified : 0);
  return { score: parts.reduce((sum, p) => sum + p.points, 0), parts };
}

function toItem(row: SignalRow, flags: OpenFlagRow[], now: Date): DeskQueueItem {
  const { score, parts } = riskScore(row, flags, now);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: currentStatus(row, now),
    createdAt: row.createdAt,
    score,
    parts,
    signals: {
      reports: row.pendingReports,
      flags: flags.length,
      photoMatches: row.photoMatches,
      photoPending: row.photoPending,
    },
    oldestSignalAt: row.oldestSignalAt ?? row.createdAt,
  };
}

const blocksSince = (now: Date) => new Date(now.getTime() - W.blockDays * DAY_MS).toISOString();

/**
 * The queue: members with open signals who are not banned right now (a ban takes them off the
 * desk; when a temporary ban lapses their still-open signals bring them back), highest score
 * first, then the oldest open signal.
 */
export async function deskQueue(
  db: Db,
  now: Date,
  range: { start: number; end: number } | null,
): Promise<{ items: DeskQueueItem[]; total: number; start: number }> {
  const [rows, flags] = await Promise.all([membersWithSignals(db, blocksSince(now)), openFlags(db)]);
  const flagsOf = new Map<number, OpenFlagRow[]>();
  for (const f of flags) flagsOf.set(f.senderId, [...(flagsOf.get(f.senderId) ?? []), f]);
  const items = rows
    .filter((r) => !isBanned(r, now))
    .map((r) => toItem(r, flagsOf.get(r.id) ?? [], now))
    .sort((a, b) => b.score - a.score || a.oldestSignalAt.localeCompare(b.oldestSignalAt) || a.id - b.id);
  const start = range?.start ?? 0;
  const end = range ? range.end + 1 : items.length;
  return { items: items.slice(start, end), total: items.length, start };
}

const missing = () => new NotFound(DESK_MESSAGES.memberNotFound, 'MEMBER_NOT_FOUND');

async function flagWithContext(env: Env, memberId: number, f: OpenFlagRow): Promise<DeskFlag> {
  let stored: Awaited<ReturnType<typeof messagesAround>> = [];
  try {
    stored = await messagesAround(env, f.roomId, f.messageId, DESK_LIMITS.contextAround);
  } catch (err) {
    // The flag still shows (kinds, room, time) when the room cannot be read.
    console.error(JSON.stringify({ level: 'error', where: 'safety-desk', roomId: f.roomId, message: String(err) }));
  }
  const context: DeskContextMessage[] = stored.map((m) => ({
    id: m.id,
    fromMember: m.senderId === memberId,
    // A voice note has no text: the desk reads it as the room list does.
    content: m.audioKey ? CHAT_PREVIEW.voice : m.content,
    sentAt: m.sentAt,
    photo: Boolean(m.imageKey),
    deleted: Boolean(m.deleted),
    flagged: m.id === f.messageId,
  }));
  return {
    id: f.id,
    roomId: f.roomId,
    messageId: f.messageId,
    kinds: kindsOf(f.kinds),
    early: Boolean(f.early),
    createdAt: f.createdAt,
    receiverId: f.receiverId,
    receiverName: f.receiverName,
    context,
  };
}

/** One member on the desk: summary, score, and every open signal with its evidence. */
export async function deskItem(env: Env, db: Db, memberId: number, now: Date): Promise<DeskDetail> {
  const member = await memberForAdmin(db, memberId, now);
  const [[row], flags, reports, matches, selfies] = await Promise.all([
    membersWithSignals(db, blocksSince(now), memberId),
    openFlags(db, memberId),
    reportsOfMember(db, memberId, now, env),
    openMatches(db),
    photoQueue(db),
  ]);
  if (!row) throw missing();
  const shown = await Promise.all(flags.slice(0, DESK_LIMITS.flagsShown).map((f) => flagWithContext(env, memberId, f)));
  return {
    ...toItem(row, flags, now),
    gender: member.gender,
    age: member.age,
    identityVerified: row.identityVerifiedAt !== null,
    photoVerified: row.photoVerifiedAt !== null,
    flags: shown,
    reports: reports.filter((r) => r.status === 'PENDING'),
    photoMatches: matches.filter((m) => m.member.id === memberId),
    photoVerifications: selfies.filter((v) => v.memberId === memberId),
  };
}

type Settlement = { reportStatus: 'ACCEPTED' | 'REJECTED'; matchStatus: 'DISMISSED' | 'ACTIONED' };
/** Acting on a member (warning, ban) upholds their open signals; dismissing turns them down. */
const UPHELD: Settlement = { reportStatus: 'ACCEPTED', matchStatus: 'ACTIONED' };
const TURNED_DOWN: Settlement = { reportStatus: 'REJECTED', matchStatus: 'DISMISSED' };

async function settlementFor(ctx: DeskContext, memberId: number, how: Settlement) {
  const [counts, pending] = await Promise.all([openSignalCounts(ctx.db, memberId), pendingReportsOf(ctx.db, memberId)]);
  const statements = settleSignals(ctx.db, {
    memberId,
    adminId: ctx.actor.id,
    at: ctx.now.toISOString(),
    reportIds: pending.map((r) => r.id),
    ...how,
  });
  const tellReporters = () =>
    Promise.all(
      pending.map((r) =>
        notifyReportResult(
          { env: ctx.env, db: ctx.db, now: ctx.now },
          { reportId: r.id, reporterId: r.reporterId, status: how.reportStatus, reportedAt: r.createdAt },
        ),
      ),
    );
  return { counts, statements, tellReporters };
}

const result = (
  memberId: number,
  action: DeskActionResult['action'],
  counts: { flags: number; reports: number; photoMatches: number },
): DeskActionResult => ({
  id: memberId,
  action,
  flagsReviewed: counts.flags,
  reportsSettled: counts.reports,
  photoMatchesClosed: counts.photoMatches,
});

/** 문제 없음: flags reviewed, PENDING reports REJECTED (reporters told), OPEN photo matches DISMISSED. */
export async function dismissItem(
  ctx: DeskContext,
  memberId: number,
  body: DeskDismissBody,
): Promise<DeskActionResult> {
  await memberForAdmin(ctx.db, memberId, ctx.now);
  const { counts, statements, tellReporters } = await settlementFor(ctx, memberId, TURNED_DOWN);
  if (counts.flags + counts.reports + counts.photoMatches === 0) {
    throw new Conflict(DESK_MESSAGES.nothingOpen, 'NOTHING_OPEN');
  }
  await ctx.db.batch([
    ...statements,
    auditInsert(ctx.db, ctx.actor, {
      action: 'DESK_DISMISS',
      memberId,
      subjectType: 'member',
      subjectId: memberId,
      reason: body.reason,
      detail: counts,
    }),
  ]);
  await tellReporters();
  return result(memberId, 'DISMISS', counts);
}

/** 경고: a SAFETY_WARNING in the member's 알림 with the operator's text; open signals upheld. */
export async function warnMember(ctx: DeskContext, memberId: number, body: DeskWarnBody): Promise<DeskActionResult> {
  await memberForAdmin(ctx.db, memberId, ctx.now);
  const { counts, statements, tellReporters } = await settlementFor(ctx, memberId, UPHELD);
  const at = ctx.now.toISOString();
  await ctx.db.batch([
    ...statements,
    auditInsert(ctx.db, ctx.actor, {
      action: 'WARN',
      memberId,
      subjectType: 'member',
      subjectId: memberId,
      reason: body.reason,
      detail: { text: body.text, ...counts },
    }),
  ]);
  await notifySafetyWarning(
    { env: ctx.env, db: ctx.db, now: ctx.now },
    { memberId, auditKey: `${memberId}:${at}`, text: body.text },
  );
  await tellReporters();
  return result(memberId, 'WARN', counts);
}

/** 정지 from the desk: the members area's ban (permanent = 관리자 only) with the open signals upheld in its batch. */
export async function banFromDesk(ctx: DeskContext, memberId: number, body: DeskBanBody): Promise<DeskActionResult> {
  await memberForAdmin(ctx.db, memberId, ctx.now);
  const { counts, statements, tellReporters } = await settlementFor(ctx, memberId, UPHELD);
  await banMember(
    {
      env: ctx.env,
      db: ctx.db,
      actor: ctx.actor,
      now: ctx.now,
      chat: ctx.chat,
      also: [...statements],
      source: 'safety-desk',
    },
    memberId,
    { reason: body.reason, until: body.until },
  );
  await tellReporters();
  return result(memberId, 'BAN', counts);
}

/** How often senders changed their mind when asked '정말 보낼까요?', per kind, over the last days. */
export async function nudgeStats(db: Db, now: Date): Promise<DeskNudgeStats> {
  const rows = await nudgeOutcomes(db, new Date(now.getTime() - DESK_LIMITS.nudgeDays * DAY_MS).toISOString());
  const byKind = new Map<SafetyKind, { edited: number; sent: number }>(
    SAFETY_KINDS.map((k) => [k, { edited: 0, sent: 0 }]),
  );
  let edited = 0;
  let sent = 0;
  for (const r of rows) {
    const key = r.outcome === 'EDITED' ? 'edited' : 'sent';
    if (key === 'edited') edited += r.n;
    else sent += r.n;
    for (const k of kindsOf(r.kinds)) byKind.get(k)![key] += r.n;
  }
  return {
    days: DESK_LIMITS.nudgeDays,
    edited,
    sent,
    byKind: SAFETY_KINDS.map((kind) => ({ kind, ...byKind.get(kind)! })),
  };
}
