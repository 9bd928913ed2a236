// The notification list grouped by the Korean calendar day of each entry's latest event:
// 오늘, 어제, then '11월 20일' (this year) or '2025년 12월 30일'. Input is newest first.
import { notificationsKo } from '../../i18n/ko-notifications';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** 'YYYY-MM-DD' of the moment in Korea time. */
export function koreanDay(value: string | number | Date): string {
  const parts = Object.fromEntries(dayFormat.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The heading of a day: 오늘, 어제, '11월 20일', or with the year when it is not this year's. */
export function dayLabel(day: string, now: Date): string {
  if (day === koreanDay(now)) return notificationsKo.today;
  // Korea has no daylight saving: the day before is always 24 hours back.
  if (day === koreanDay(now.getTime() - DAY_MS)) return notificationsKo.yesterday;
  const [year, month, date] = day.split('-').map(Number);
  const thisYear = Number(koreanDay(now).slice(0, 4));
  return year === thisYear ? `${month}월 ${date}일` : `${year}년 ${month}월 ${date}일`;
}

export type DayGroup<T> = { day: string; label: string; items: T[] };

/** Consecutive entries of the same Korean day form one group, in the order given. */
export function groupByDay<T extends { createdAt: string }>(items: readonly T[], now: Date): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const day = koreanDay(item.createdAt);
    const last = groups.at(-1);
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, label: dayLabel(day, now), items: [item] });
  }
  return groups;
}
