// Dashboard figures, each one aggregate query. Times are compared as UTC ISO text (every
// created_at is written that way); days are grouped in Korea time (+9 hours).
import { and, count, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import { chatRooms, communityPosts, members, reports } from '../../db/schema';
import type { Db } from '../../lib/env';

export type DashboardCounts = {
  membersTotal: number;
  membersSince: number;
  reportsPendingSince: number;
  reportsHandledSince: number;
  activeChats: number;
  postsTotal: number;
  postsSince: number;
};

const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;

/** `weekStart` bounds the "this week" figures, `activeSince` the chat activity window. */
export async function dashboardCounts(db: Db, weekStart: string, activeSince: string): Promise<DashboardCounts> {
  const liveMember = isNull(members.deletedAt);
  const livePost = isNull(communityPosts.deletedAt);
  const [membersTotal, membersSince, reportsPendingSince, reportsHandledSince, activeChats, postsTotal, postsSince] =
    await Promise.all([
      n(db.select({ n: count() }).from(members).where(liveMember)),
      n(
        db
          .select({ n: count() })
          .from(members)
          .where(and(liveMember, gte(members.createdAt, weekStart))),
      ),
      n(
        db
          .select({ n: count() })
          .from(reports)
          .where(and(gte(reports.createdAt, weekStart), eq(reports.status, 'PENDING'))),
      ),
      n(
        db
          .select({ n: count() })
          .from(reports)
          .where(and(gte(reports.createdAt, weekStart), ne(reports.status, 'PENDING'))),
      ),
      n(
        db
          .select({ n: count() })
          .from(chatRooms)
          .where(and(isNull(chatRooms.closedAt), gte(chatRooms.lastMessageAt, activeSince))),
      ),
      n(db.select({ n: count() }).from(communityPosts).where(livePost)),
      n(
        db
          .select({ n: count() })
          .from(communityPosts)
          .where(and(livePost, gte(communityPosts.createdAt, weekStart))),
      ),
    ]);
  return { membersTotal, membersSince, reportsPendingSince, reportsHandledSince, activeChats, postsTotal, postsSince };
}

export type DayCount = { day: string; n: number };

const memberDay = sql<string>`date(${members.createdAt}, '+9 hours')`;
const reportDay = sql<string>`date(${reports.createdAt}, '+9 hours')`;

/** Signups per Korea-time day since `since` (withdrawn members too: they did sign up that day). */
export async function signupsPerDay(db: Db, since: string): Promise<DayCount[]> {
  return db
    .select({ day: memberDay, n: count() })
    .from(members)
    .where(gte(members.createdAt, since))
    .groupBy(memberDay);
}

export async function reportsPerDay(db: Db, since: string): Promise<DayCount[]> {
  return db
    .select({ day: reportDay, n: count() })
    .from(reports)
    .where(gte(reports.createdAt, since))
    .groupBy(reportDay);
}
