// Ban rules (docs/product-spec.md §4, §5): only a member not banned now can be banned, only a banned one unbanned;
// a temporary ban ends in the future; banning cuts the member off at once (refresh families,
// chat rooms, live sockets). A temporary ban lapses by computation (`isBanned`), not a scheduler.
import {
  ADMIN_CONSOLE_MESSAGES,
  kstLocalToDate,
  type AdminUser,
  type BanBody,
  type BanHistoryEntry,
} from '../../contract/admin';
import { ADMIN_MESSAGES } from '../../contract/admin-auth';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../lib/env';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors';
import { auditInsert, type AuditActor } from '../audit/repo';
import { closeRoomsOf, disconnectMember } from '../chat/rooms-api';
import { banHistoryOf, banMemberRow, memberRowExists, unbanMemberRow } from './bans-repo';
import { memberForAdmin, toBanHistoryEntry } from './members-service';
import type { RequestContext } from '../../lib/context';

/** What a ban asks of the chat area; a parameter so a test can watch the calls. */
export type ChatCutOff = { closeRoomsOf: typeof closeRoomsOf; disconnectMember: typeof disconnectMember };
const chatArea: ChatCutOff = { closeRoomsOf, disconnectMember };

/**
 * `actor`: the operator acting (the audit log's who); `also`: more writes for the ban's batch
 * (the safety desk settles the member's open signals with it); `source`: where in the console.
 */
export type BanContext = RequestContext & {
  actor: AuditActor;
  chat?: ChatCutOff;
  also?: BatchItem<'sqlite'>[];
  source?: 'members' | 'safety-desk';
};

/** A permanent ban is 관리자 (ADMIN) work; 운영자 ban for a while (docs/safety.md "Roles"). */
export function assertMayBan(actor: AuditActor, until: string | null): void {
  if (until === null && actor.role !== 'ADMIN') throw new Forbidden(ADMIN_MESSAGES.roleRequired, 'ROLE_REQUIRED');
}

/** The ban's end as a UTC ISO instant (null = permanent); refuses a time that is not ahead of now. */
export function banEnd(until: string | null, now: Date): string | null {
  if (until === null) return null;
  const end = kstLocalToDate(until);
  if (!end) throw new Invalid(ADMIN_CONSOLE_MESSAGES.banUntilFormat, { until: ADMIN_CONSOLE_MESSAGES.banUntilFormat });
  if (end.getTime() <= now.getTime()) {
    throw new Invalid(ADMIN_CONSOLE_MESSAGES.banUntilPast, { until: ADMIN_CONSOLE_MESSAGES.banUntilPast });
  }
  return end.toISOString();
}

export async function banMember(ctx: BanContext, memberId: number, body: BanBody): Promise<AdminUser> {
  const { env, db, now } = ctx;
  const current = await memberForAdmin(db, memberId, now);
  if (current.status === 'BANNED') throw new Conflict(ADMIN_CONSOLE_MESSAGES.alreadyBanned, 'ALREADY_BANNED');
  assertMayBan(ctx.actor, body.until);
  const until = banEnd(body.until, now);
  const at = now.toISOString();
  const audit = auditInsert(db, ctx.actor, {
    action: 'BAN',
    memberId,
    subjectType: 'member',
    subjectId: memberId,
    reason: body.reason,
    detail: { until, permanent: until === null, source: ctx.source ?? 'members' },
  });
  const banned = await banMemberRow(db, {
    memberId,
    adminId: ctx.actor.id,
    reason: body.reason,
    until,
    now: at,
    also: [audit, ...(ctx.also ?? [])],
  });
  // Another admin banned them between the read and the write.
  if (!banned) throw new Conflict(ADMIN_CONSOLE_MESSAGES.alreadyBanned, 'ALREADY_BANNED');
  // Access tokens already fail (requireMember reads the status); rooms and sockets go now too.
  const chat = ctx.chat ?? chatArea;
  await chat.closeRoomsOf(env, db, memberId, 'BANNED', at);
  await chat.disconnectMember(env, db, memberId);
  return memberForAdmin(db, memberId, now);
}

export async function unbanMember(ctx: BanContext, memberId: number): Promise<AdminUser> {
  const { db, now } = ctx;
  const current = await memberForAdmin(db, memberId, now);
  if (current.status !== 'BANNED') throw new Conflict(ADMIN_CONSOLE_MESSAGES.notBanned, 'NOT_BANNED');
  // Only a 관리자 lifts a permanent ban (docs/safety.md "Roles").
  if (current.bannedUntil === null && ctx.actor.role !== 'ADMIN') {
    throw new Forbidden(ADMIN_MESSAGES.roleRequired, 'ROLE_REQUIRED');
  }
  const audit = auditInsert(db, ctx.actor, { action: 'UNBAN', memberId, subjectType: 'member', subjectId: memberId });
  const lifted = await unbanMemberRow(db, {
    memberId,
    adminId: ctx.actor.id,
    now: now.toISOString(),
    also: [audit],
  });
  if (!lifted) throw new Conflict(ADMIN_CONSOLE_MESSAGES.notBanned, 'NOT_BANNED');
  return memberForAdmin(db, memberId, now);
}

export async function banHistory(db: Db, memberId: number): Promise<BanHistoryEntry[]> {
  if (!(await memberRowExists(db, memberId))) {
    throw new NotFound(ADMIN_CONSOLE_MESSAGES.memberNotFound, 'MEMBER_NOT_FOUND');
  }
  return (await banHistoryOf(db, memberId)).map(toBanHistoryEntry);
}
