// The operators' audit log (docs/safety.md "Audit log"): one row per operator action. Rows are
// only ever inserted; the table's triggers refuse UPDATE and DELETE (migrations/*_safety.sql).
import { and, desc, eq, sql } from 'drizzle-orm';
import { auditLog, members } from '../../db/schema';
import type { AuditAction } from '../../contract/audit';
import type { AuditEntryView } from '../../contract/safety-desk-core';
import type { AdminRole } from '../../contract/admin-auth';
import type { Db } from '../../lib/env';

export type AuditActor = { id: number; name: string; role: AdminRole };

export type AuditEntry = {
  action: AuditAction;
  memberId?: number | null;
  subjectType?: string | null;
  subjectId?: string | number | null;
  reason?: string | null;
  detail?: Record<string, unknown> | null;
};

/**
 * The insert for one action, not yet run: put it in the same `db.batch` as the action itself so
 * the action and its record land together or not at all.
 */
export function auditInsert(db: Db, actor: AuditActor, entry: AuditEntry) {
  return db.insert(auditLog).values({
    adminId: actor.id,
    adminName: actor.name,
    adminRole: actor.role,
    action: entry.action,
    memberId: entry.memberId ?? null,
    subjectType: entry.subjectType ?? null,
    subjectId: entry.subjectId == null ? null : String(entry.subjectId),
    reason: entry.reason ?? null,
    detail: entry.detail ? JSON.stringify(entry.detail) : null,
  });
}

/** Records one action on its own (when the action is not a single batch of D1 writes). */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await auditInsert(db, actor, entry);
}

export type AuditFilter = { adminId?: number; memberId?: number; action?: AuditAction };

/** A stored row: the console's view (contract/safety-desk-core.ts) with `detail` still JSON text. */
export type AuditRow = Omit<AuditEntryView, 'detail'> & { detail: string | null };

/** A page of entries, newest first, with the total matching the filter. Reads only. */
export async function auditPage(
  db: Db,
  filter: AuditFilter,
  range: { start: number; end: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = and(
    filter.adminId === undefined ? undefined : eq(auditLog.adminId, filter.adminId),
    filter.memberId === undefined ? undefined : eq(auditLog.memberId, filter.memberId),
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        adminId: auditLog.adminId,
        adminName: auditLog.adminName,
        adminRole: auditLog.adminRole,
        action: auditLog.action,
        memberId: auditLog.memberId,
        memberName: members.name,
        subjectType: auditLog.subjectType,
        subjectId: auditLog.subjectId,
        reason: auditLog.reason,
        detail: auditLog.detail,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(members, eq(members.id, auditLog.memberId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(range.end - range.start + 1)
      .offset(range.start),
    db
      .select({ n: sql<number>`count(*)` })
      .from(auditLog)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
