// Dashboard figures (api-extensions): "this week" starts Monday 00:00 Korea time, days are Korea
// calendar days, and the 30-day series are zero-filled so charts have one point per day.
import { ACTIVE_CHAT_DAYS, DASHBOARD_DAYS, kstDay, type AdminDashboard } from '../../contract/admin';
import type { Db } from '../../lib/env';
import { dashboardCounts, reportsPerDay, signupsPerDay, type DayCount } from './dashboard-repo';

const DAY_MS = 86_400_000;
const KST_OFFSET_MS = 9 * 3600_000;

/** 00:00 Korea time of the day `at` falls on, as a UTC instant. */
export function kstMidnight(at: Date): Date {
  const local = at.getTime() + KST_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - KST_OFFSET_MS);
}

/** Monday 00:00 Korea time of the week `at` falls in. */
export function kstWeekStart(at: Date): Date {
  const midnight = kstMidnight(at);
  const weekday = (new Date(midnight.getTime() + KST_OFFSET_MS).getUTCDay() + 6) % 7; // Monday = 0
  return new Date(midnight.getTime() - weekday * DAY_MS);
}

function zeroFilled(days: string[], counts: DayCount[]): number[] {
  const byDay = new Map(counts.map((c) => [c.day, c.n]));
  return days.map((d) => byDay.get(d) ?? 0);
}

export async function dashboard(db: Db, now: Date): Promise<AdminDashboard> {
  const weekStart = kstWeekStart(now).toISOString();
  const activeSince = new Date(now.getTime() - ACTIVE_CHAT_DAYS * DAY_MS).toISOString();
  const firstDay = new Date(kstMidnight(now).getTime() - (DASHBOARD_DAYS - 1) * DAY_MS);
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => kstDay(new Date(firstDay.getTime() + i * DAY_MS)));
  const since = firstDay.toISOString();
  const [counts, signups, reports] = await Promise.all([
    dashboardCounts(db, weekStart, activeSince),
    signupsPerDay(db, since),
    reportsPerDay(db, since),
  ]);
  const signupSeries = zeroFilled(days, signups);
  const reportSeries = zeroFilled(days, reports);
  return {
    generatedAt: now.toISOString(),
    weekStartsAt: weekStart,
    members: { total: counts.membersTotal, newThisWeek: counts.membersSince },
    reportsThisWeek: { pending: counts.reportsPendingSince, handled: counts.reportsHandledSince },
    activeChats: counts.activeChats,
    posts: { total: counts.postsTotal, thisWeek: counts.postsSince },
    daily: days.map((day, i) => ({ day, signups: signupSeries[i] ?? 0, reports: reportSeries[i] ?? 0 })),
  };
}
