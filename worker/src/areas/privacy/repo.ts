// D1 side of privacy (docs/privacy.md): avoid-list hashes, the private-mode flag, date shares and
// their views. Who sees whom is not here: the visibility module reads these tables itself.
import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { avoidPhones, dateShareViews, dateShares, memberImages, members } from '../../db/schema';
import type { Db } from '../../lib/env';

export async function settingsOf(db: Db, memberId: number) {
  const rows = await db
    .select({
      privateMode: members.privateMode,
      phoneVerified: sql<number>`${members.phoneHash} IS NOT NULL`,
      avoidCount: sql<number>`(SELECT COUNT(*) FROM avoid_phones WHERE member_id = ${members.id})`,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return rows[0];
}

export async function avoidCountOf(db: Db, memberId: number): Promise<number> {
  const rows = await db.select({ n: count() }).from(avoidPhones).where(eq(avoidPhones.memberId, memberId));
  return rows[0]?.n ?? 0;
}

/** Adds hashes (duplicates ignored); D1 binds at most 100 parameters, so 30 rows (3 each) per statement. */
export async function addAvoidHashes(db: Db, memberId: number, hashes: string[], at: string): Promise<void> {
  const statements = [];
  for (let i = 0; i < hashes.length; i += 30) {
    const slice = hashes.slice(i, i + 30);
    statements.push(
      db
        .insert(avoidPhones)
        .values(slice.map((phoneHash) => ({ memberId, phoneHash, createdAt: at })))
        .onConflictDoNothing(),
    );
  }
  if (statements.length === 0) return;
  const [first, ...rest] = statements;
  await db.batch([first!, ...rest]);
}

export async function clearAvoidHashes(db: Db, memberId: number): Promise<void> {
  await db.delete(avoidPhones).where(eq(avoidPhones.memberId, memberId));
}

export async function setPrivateMode(db: Db, memberId: number, on: boolean): Promise<void> {
  await db.update(members).set({ privateMode: on }).where(eq(members.id, memberId));
}

// ---- date shares -------------------------------------------------------------------------------

export type NewShare = {
  id: string;
  memberId: number;
  matchId: number;
  roomId: number;
  place: string;
  meetAt: string;
  expiresAt: string;
  createdAt: string;
};

export async function openShareCount(db: Db, memberId: number, now: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(dateShares)
    .where(and(eq(dateShares.memberId, memberId), isNull(dateShares.revokedAt), gt(dateShares.expiresAt, now)));
  return rows[0]?.n ?? 0;
}

export async function insertShare(db: Db, s: NewShare): Promise<void> {
  await db.insert(dateShares).values(s);
}

const shareColumns = {
  id: dateShares.id,
  roomId: dateShares.roomId,
  matchName: members.name,
  place: dateShares.place,
  meetAt: dateShares.meetAt,
  expiresAt: dateShares.expiresAt,
  revokedAt: dateShares.revokedAt,
  createdAt: dateShares.createdAt,
};

/** The member's shares, newest first (at most `limit`). */
export async function sharesOf(db: Db, memberId: number, limit: number) {
  return db
    .select(shareColumns)
    .from(dateShares)
    .innerJoin(members, eq(members.id, dateShares.matchId))
    .where(eq(dateShares.memberId, memberId))
    .orderBy(desc(dateShares.createdAt))
    .limit(limit);
}

/** Views of some shares, newest first. */
export async function viewsOf(db: Db, shareIds: string[], perShare: number) {
  if (shareIds.length === 0) return [];
  return db
    .select({ shareId: dateShareViews.shareId, viewedAt: dateShareViews.viewedAt })
    .from(dateShareViews)
    .where(
      and(
        inArray(dateShareViews.shareId, shareIds),
        sql`${dateShareViews.id} IN (SELECT v.id FROM date_share_views v WHERE v.share_id = ${dateShareViews.shareId}
          ORDER BY v.viewed_at DESC LIMIT ${perShare})`,
      ),
    )
    .orderBy(desc(dateShareViews.viewedAt));
}

/** Revokes the member's own share; false when it is not theirs or not there. */
export async function revokeShare(db: Db, memberId: number, id: string, at: string): Promise<boolean> {
  const rows = await db
    .update(dateShares)
    .set({ revokedAt: sql`coalesce(${dateShares.revokedAt}, ${at})` })
    .where(and(eq(dateShares.id, id), eq(dateShares.memberId, memberId)))
    .returning({ id: dateShares.id });
  return rows.length === 1;
}

/**
 * A live share by its hash (not revoked, not expired), with what the public page shows, and its
 * view logged in the same batch only when it is live (the insert selects from the same row).
 */
export async function openShareAndLogView(db: Db, id: string, now: string) {
  const live = and(eq(dateShares.id, id), isNull(dateShares.revokedAt), gt(dateShares.expiresAt, now));
  const [rows] = await db.batch([
    db
      .select({
        matchName: members.name,
        matchGone: members.deletedAt,
        imageKey: memberImages.objectKey,
        place: dateShares.place,
        meetAt: dateShares.meetAt,
        expiresAt: dateShares.expiresAt,
        sharedBy: sql<string>`(SELECT o.name FROM members o WHERE o.id = ${dateShares.memberId})`,
      })
      .from(dateShares)
      .innerJoin(members, eq(members.id, dateShares.matchId))
      .leftJoin(memberImages, and(eq(memberImages.memberId, members.id), eq(memberImages.slot, 0)))
      .where(live)
      .limit(1),
    db.insert(dateShareViews).select(
      db
        // Every column in table order, as insert-select wants; a NULL id takes the next rowid.
        .select({
          id: sql<number>`NULL`.as('id'),
          shareId: dateShares.id,
          viewedAt: sql<string>`${now}`.as('viewed_at'),
        })
        .from(dateShares)
        .where(live),
    ),
  ]);
  return rows[0];
}
