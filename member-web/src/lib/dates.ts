// Korean date display (Korea time): '2026년 11월 22일 오후 3:04' and relative '3분 전'.
import { formatDate, toDate } from '@contract/dates';

export { formatDate, formatDateTime } from '@contract/dates';

// Made on first use, then kept: the entry imports this module, and few first screens show a relative time.
let relative: Intl.RelativeTimeFormat | undefined;
const relativeFormat = (): Intl.RelativeTimeFormat =>
  (relative ??= new Intl.RelativeTimeFormat('ko', { numeric: 'auto' }));

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** '방금 전', '3분 전', '2시간 전', '어제', '5일 전'; older than a week falls back to the date. */
export function formatRelative(value: string | number | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const diff = now.getTime() - date.getTime();
  if (diff < MINUTE) return '방금 전';
  if (diff < HOUR) return relativeFormat().format(-Math.floor(diff / MINUTE), 'minute');
  if (diff < DAY) return relativeFormat().format(-Math.floor(diff / HOUR), 'hour');
  if (diff < 7 * DAY) return relativeFormat().format(-Math.floor(diff / DAY), 'day');
  return formatDate(date);
}
