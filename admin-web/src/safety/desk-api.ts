// The safety desk's and the audit log's calls (docs/api-extensions.md "Safety desk", "Audit log").
import type { AuditEntryView, DeskActionResult, DeskDetail, DeskNudgeStats } from '@contract/safety-desk-core';
import { DESK_LIMITS } from '@contract/safety-desk-core';
import { adminFetch } from '../api/http';

const json = async <T>(url: string, init?: Parameters<typeof adminFetch>[1]) => (await adminFetch(url, init)).json as T;
const post = <T>(url: string, body: unknown) => json<T>(url, { method: 'POST', body: JSON.stringify(body) });

export type DeskBan = { reason: string; until: string | null };

export const deskApi = {
  item: (id: number) => json<DeskDetail>(`/admin/api/safety-desk/${id}`),
  nudges: () => json<DeskNudgeStats>('/admin/api/safety-desk/nudges'),
  dismiss: (id: number, reason: string) => post<DeskActionResult>(`/admin/api/safety-desk/${id}/dismiss`, { reason }),
  warn: (id: number, text: string, reason: string) =>
    post<DeskActionResult>(`/admin/api/safety-desk/${id}/warn`, { text, reason }),
  ban: (id: number, body: DeskBan) => post<DeskActionResult>(`/admin/api/safety-desk/${id}/ban`, body),
  /** The newest audit entries about one member (their record on the users show page). */
  auditOf: (memberId: number) =>
    json<AuditEntryView[]>(
      `/admin/api/audit-log?filter=${encodeURIComponent(JSON.stringify({ memberId }))}&range=${encodeURIComponent(
        JSON.stringify([0, DESK_LIMITS.memberAudit - 1]),
      )}`,
    ),
};
