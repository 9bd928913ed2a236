// The audit log from a route: who acted comes from the admin session (requireAdmin sets it).
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/env';
import { auditInsert, recordAudit, type AuditEntry } from './repo';

/** Records the console action of the signed-in operator; a member's own call records nothing. */
export async function auditConsoleAction(c: Context<AppEnv>, entry: AuditEntry): Promise<void> {
  const admin = c.get('admin') as AppEnv['Variables']['admin'] | undefined;
  if (admin) await recordAudit(c.get('db'), admin, entry);
}

/** The audit insert for a batch, by the signed-in operator. */
export const auditStatement = (c: Context<AppEnv>, entry: AuditEntry) =>
  auditInsert(c.get('db'), c.get('admin'), entry);
