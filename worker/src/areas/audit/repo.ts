// The operators' audit log (docs/safety.md "Audit log"): one row per operator action. Rows are
// only ever inserted; the table's triggers refuse UPDATE and DELETE (migrations/*_safety.sql).
import { auditLog } from '../../db/schema';
import type { AuditAction } from '../../contract/audit';
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
