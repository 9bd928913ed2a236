// One audit entry in words for the console: what was done, to what, with which particulars.
import { formatKstDateTime } from '@contract/admin-core';
import type { AuditEntryView } from '@contract/safety-desk-core';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

/** The subject ('게시글 #12', '자기소개'), or '' without one. */
export function subjectText(e: AuditEntryView, t: Translate): string {
  if (!e.subjectType) return '';
  const type = t(`ongi.audit.subject_types.${e.subjectType}`, { _: e.subjectType });
  if (e.subjectType === 'member' || !e.subjectId) return type;
  return `${type} ${e.subjectType === 'prompt' ? e.subjectId : `#${e.subjectId}`}`;
}

/** The entry's particulars in a line: the ban's length, the report's outcome, the warning's text… */
export function detailText(e: AuditEntryView, t: Translate): string {
  const d = e.detail ?? {};
  const parts: string[] = [];
  switch (e.action) {
    case 'BAN': {
      const until = str(d.until);
      parts.push(
        until
          ? t('ongi.audit.detail_until', { until: formatKstDateTime(until).slice(0, 16) })
          : t('ongi.audit.detail_permanent'),
      );
      if (d.source === 'safety-desk') parts.push(t('ongi.audit.detail_desk'));
      break;
    }
    case 'REPORT_DECIDED':
      if (d.status === 'ACCEPTED' || d.status === 'REJECTED') parts.push(t(`ongi.audit.detail_report.${d.status}`));
      break;
    case 'PHOTO_VERIFICATION_DECIDED':
      if (d.decision === 'APPROVE' || d.decision === 'REJECT') parts.push(t(`ongi.audit.detail_photo.${d.decision}`));
      break;
    case 'NOTICE_WRITTEN':
      if (d.change === 'CREATED' || d.change === 'EDITED' || d.change === 'DELETED') {
        parts.push(t(`ongi.audit.detail_notice.${d.change}`));
      }
      if (str(d.title)) parts.push(`“${String(d.title)}”`);
      break;
    case 'WARN':
      if (str(d.text)) parts.push(`“${String(d.text)}”`);
      break;
    default:
      break;
  }
  if (e.action === 'DESK_DISMISS' || e.action === 'WARN') {
    parts.push(
      t('ongi.audit.detail_settled', {
        flags: num(d.flags),
        reports: num(d.reports),
        photoMatches: num(d.photoMatches),
      }),
    );
  }
  return parts.join(' · ');
}
