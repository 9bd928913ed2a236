// The audit log for the console (docs/safety.md "Audit log"): GET /admin/api/audit-log, a
// ra-data-simple-rest list filtered by operator, action and member, newest first. There is no
// route that changes or removes an entry, and the table's triggers refuse it anyway.
import { Hono } from 'hono';
import { ADMIN_CONSOLE_MESSAGES } from '../../contract/admin';
import type { AuditEntryView } from '../../contract/safety-desk-core';
import { auditFilter } from '../../contract/safety-desk';
import { requireAdmin } from '../../lib/admin-auth';
import type { AppEnv } from '../../lib/env';
import { Invalid } from '../../lib/errors';
import { parseListQuery, setContentRange } from '../admin/list-query';
import { auditPage, type AuditRow } from './repo';

export const auditRoutes = new Hono<AppEnv>();

const DEFAULT_PAGE = 25;

function parseDetail(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export const toAuditView = (row: AuditRow): AuditEntryView => ({ ...row, detail: parseDetail(row.detail) });

auditRoutes.get('/admin/api/audit-log', requireAdmin, async (c) => {
  const query = parseListQuery(c);
  const filter = auditFilter.safeParse(query.filter);
  if (!filter.success) {
    throw new Invalid(ADMIN_CONSOLE_MESSAGES.listQueryInvalid, { filter: ADMIN_CONSOLE_MESSAGES.listQueryInvalid });
  }
  const range = query.range ?? { start: 0, end: DEFAULT_PAGE - 1 };
  const { rows, total } = await auditPage(c.get('db'), filter.data, range);
  setContentRange(c, 'audit-log', range.start, rows.length, total);
  return c.json<AuditEntryView[]>(rows.map(toAuditView));
});
