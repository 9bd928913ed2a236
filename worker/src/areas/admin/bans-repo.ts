// Ban and unban writes (member status, ban history, refresh-family revocation) and history reads.
// The status updates are conditional, so two admins acting at once cannot both win.
import { and, desc, eq, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { BanAction } from '../../contract/admin';
import { admins, banHistory, members, refreshFamilies } from '../../db/schema';
import type { Db } from '../../lib/env';

export type BanHistoryRow = {
  id: number;
  createdAt: string;
  action: BanAction;
  reason: string | null;
  until: string | null;
  adminId: number | null;
  adminName: string | null;
};

export type BanWrite = {
  memberId: number;
  adminId: number;
  reason: string | null;
  until: string | null;
  now: string;
  /** Written in the same batch as the history entry (the audit row, the desk's settled signals). */
  also?: BatchItem<'sqlite'>[];
};

/**
 * Bans a live member who is not banned at `now` (a lapsed temporary ban counts as not banned),
 * records the history entry and revokes every refresh family. False when the member was banned.
 */
export async function banMemberRow(db: Db, w: BanWrite): Promise<boolean> {
  const updated = await db
    .update(members)
    .set({ status: 'BANNED', bannedUntil: w.until })
    .where(
      and(
        eq(members.id, w.memberId),
        isNull(members.deletedAt),
        or(ne(members.status, 'BANNED'), and(isNotNull(members.bannedUntil), lte(members.bannedUntil, w.now))),
      ),
    )
    .returning({ id: members.id });
  if (updated.length === 0) return false;
  await db.batch([
    db.insert(banHistory).values({
      memberId: w.memberId,
      action: 'BAN',
      reason: w.reason,
      until: w.until,
      adminId: w.adminId,
      createdAt: w.now,
    }),
    db
      .update(refreshFamilies)
      .set({ revokedAt: w.now, revokeReason: 'BANNED' })
      .where(and(eq(refreshFamilies.memberId, w.memberId), isNull(refreshFamilies.revokedAt))),
    ...(w.also ?? []),
  ]);
  return true;
}

/** Lifts a ban that is in force at `now`. False when the member was not banned. */
export async function unbanMemberRow(db: Db, w: Omit<BanWrite, 'reason' | 'until'>): Promise<boolean> {
  const updated = await db
    .update(members)
    .set({ status: 'ACTIVE', bannedUntil: null })
    .where(
      and(
        eq(members.id, w.memberId),
        isNull(members.deletedAt),
        eq(members.status, 'BANNED'),
        or(isNull(members.bannedUntil), sql`${members.bannedUntil} > ${w.now}`),
      ),
    )
    .returning({ id: members.id });
  if (updated.length === 0) return false;
  await db.batch([
    db.insert(banHistory).values({ memberId: w.memberId, action: 'UNBAN', adminId: w.adminId, createdAt: w.now }),
    ...(w.also ?? []),
  ]);
  return true;
}

/** Newest first; the admin's name is null once that admin account is gone. */
export async function banHistoryOf(db: Db, memberId: number, limit?: number): Promise<BanHistoryRow[]> {
  const query = db
    .select({
      id: banHistory.id,
      createdAt: banHistory.createdAt,
      action: banHistory.action,
      reason: banHistory.reason,
      until: banHistory.until,
      adminId: banHistory.adminId,
      adminName: admins.name,
    })
    .from(banHistory)
    .leftJoin(admins, eq(admins.id, banHistory.adminId))
    .where(eq(banHistory.memberId, memberId))
    .orderBy(desc(banHistory.createdAt), desc(banHistory.id))
    .$dynamic();
  return limit === undefined ? query : query.limit(limit);
}

/** The reason given with the member's latest ban (null when none was given). */
export async function latestBanReason(db: Db, memberId: number): Promise<string | null> {
  const rows = await db
    .select({ reason: banHistory.reason })
    .from(banHistory)
    .where(and(eq(banHistory.memberId, memberId), eq(banHistory.action, 'BAN')))
    .orderBy(desc(banHistory.createdAt), desc(banHistory.id))
    .limit(1);
  return rows[0]?.reason ?? null;
}

/** True when a members row exists with this id (deleted or not). */
export async function memberRowExists(db: Db, memberId: number): Promise<boolean> {
  const rows = await db.select({ id: members.id }).from(members).where(eq(members.id, memberId)).limit(1);
  return rows.length === 1;
}
