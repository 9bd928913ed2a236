// Pose selfies (photo_verifications) and the member columns they drive (photo_verified_at).
import { and, asc, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { PhotoReviewStatus, PhotoSource } from '../../contract/photo-verification';
import { members, photoVerifications } from '../../db/schema';
import type { Db } from '../../lib/env';

export type PhotoOwnerRow = {
  photoVerifiedAt: string | null;
  identityVerifiedAt: string | null;
  mainImageKey: string | null;
};

/** The member's verification columns and current main photo (one statement). */
export async function photoOwner(db: Db, memberId: number): Promise<PhotoOwnerRow | undefined> {
  const rows = await db
    .select({
      photoVerifiedAt: members.photoVerifiedAt,
      identityVerifiedAt: members.identityVerifiedAt,
      mainImageKey: sql<
        string | null
      >`(SELECT mi.object_key FROM member_images mi WHERE mi.member_id = ${memberId} AND mi.slot = 0)`,
    })
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)))
    .limit(1);
  return rows[0];
}

export type AttemptRow = {
  id: number;
  pose: string;
  status: PhotoReviewStatus;
  reason: string | null;
  createdAt: string;
};

/** The member's latest selfie, if any. */
export async function latestAttempt(db: Db, memberId: number): Promise<AttemptRow | undefined> {
  const rows = await db
    .select({
      id: photoVerifications.id,
      pose: photoVerifications.pose,
      status: photoVerifications.status,
      reason: photoVerifications.reason,
      createdAt: photoVerifications.createdAt,
    })
    .from(photoVerifications)
    .where(eq(photoVerifications.memberId, memberId))
    .orderBy(desc(photoVerifications.createdAt), desc(photoVerifications.id))
    .limit(1);
  return rows[0];
}

export async function attemptsSince(db: Db, memberId: number, sinceIso: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)` })
    .from(photoVerifications)
    .where(and(eq(photoVerifications.memberId, memberId), sql`${photoVerifications.createdAt} >= ${sinceIso}`));
  return rows[0]?.n ?? 0;
}

export type NewAttempt = {
  memberId: number;
  pose: string;
  selfieKey: string;
  source: PhotoSource;
  mainImageKey: string;
  at: string;
  /** Start of the Korean day, for the daily limit. */
  daySince: string;
  dailyLimit: number;
};

/**
 * Inserts the selfie row only while the member has no PENDING one and is under the daily limit
 * (one statement, so two racing submissions cannot both pass); the new id or undefined.
 */
export async function insertAttempt(db: Db, a: NewAttempt): Promise<number | undefined> {
  const row = await db.get<{ id: number } | undefined>(sql`INSERT INTO photo_verifications
      (member_id, pose, selfie_key, source, main_image_key, status, created_at)
    SELECT ${a.memberId}, ${a.pose}, ${a.selfieKey}, ${a.source}, ${a.mainImageKey}, 'PENDING', ${a.at}
    WHERE NOT EXISTS (SELECT 1 FROM photo_verifications WHERE member_id = ${a.memberId} AND status = 'PENDING')
      AND (SELECT count(*) FROM photo_verifications WHERE member_id = ${a.memberId} AND created_at >= ${a.daySince}) < ${a.dailyLimit}
    RETURNING id`);
  return row?.id;
}

// ---- console ------------------------------------------------------------------------------

export type QueueRow = {
  id: number;
  memberId: number;
  name: string;
  email: string;
  pose: string;
  source: PhotoSource;
  status: PhotoReviewStatus;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
  selfieKey: string | null;
  mainImageKey: string | null;
  /** `slot:key` pairs joined by '|'. */
  images: string | null;
};

const queueColumns = {
  id: photoVerifications.id,
  memberId: photoVerifications.memberId,
  name: members.name,
  email: members.email,
  pose: photoVerifications.pose,
  source: photoVerifications.source,
  status: photoVerifications.status,
  reason: photoVerifications.reason,
  createdAt: photoVerifications.createdAt,
  decidedAt: photoVerifications.decidedAt,
  selfieKey: photoVerifications.selfieKey,
  mainImageKey: photoVerifications.mainImageKey,
  images: sql<
    string | null
  >`(SELECT group_concat(mi.slot || ':' || mi.object_key, '|') FROM member_images mi WHERE mi.member_id = "photo_verifications"."member_id")`,
};

/** PENDING selfies, oldest first. */
export async function pendingQueue(db: Db, limit: number): Promise<QueueRow[]> {
  return db
    .select(queueColumns)
    .from(photoVerifications)
    .innerJoin(members, eq(members.id, photoVerifications.memberId))
    .where(eq(photoVerifications.status, 'PENDING'))
    .orderBy(asc(photoVerifications.createdAt), asc(photoVerifications.id))
    .limit(limit);
}

export async function queueItem(db: Db, id: number): Promise<QueueRow | undefined> {
  const rows = await db
    .select(queueColumns)
    .from(photoVerifications)
    .innerJoin(members, eq(members.id, photoVerifications.memberId))
    .where(eq(photoVerifications.id, id))
    .limit(1);
  return rows[0];
}

export async function pendingCount(db: Db): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)` })
    .from(photoVerifications)
    .where(eq(photoVerifications.status, 'PENDING'));
  return rows[0]?.n ?? 0;
}

export async function selfieKeyOf(db: Db, id: number): Promise<string | null> {
  const rows = await db
    .select({ key: photoVerifications.selfieKey })
    .from(photoVerifications)
    .where(eq(photoVerifications.id, id))
    .limit(1);
  return rows[0]?.key ?? null;
}

/**
 * Decides a PENDING selfie (only a PENDING one: a second decision finds nothing). Approval also
 * sets `photo_verified_at`, but only while the main photo is still the one the selfie was for.
 */
export async function decide(
  db: Db,
  d: { id: number; adminId: number; approve: boolean; reason: string | null; at: string },
): Promise<{ memberId: number } | undefined> {
  const [decided] = await db.batch([
    db
      .update(photoVerifications)
      .set({ status: d.approve ? 'APPROVED' : 'REJECTED', reason: d.reason, adminId: d.adminId, decidedAt: d.at })
      .where(and(eq(photoVerifications.id, d.id), eq(photoVerifications.status, 'PENDING')))
      .returning({ memberId: photoVerifications.memberId }),
    db
      .update(members)
      .set({ photoVerifiedAt: d.at })
      .where(
        sql`${d.approve ? 1 : 0} = 1 AND ${members.id} = (SELECT member_id FROM photo_verifications WHERE id = ${d.id} AND decided_at = ${d.at} AND admin_id = ${d.adminId})
          AND EXISTS (SELECT 1 FROM photo_verifications pv JOIN member_images mi ON mi.member_id = pv.member_id AND mi.slot = 0 AND mi.object_key = pv.main_image_key WHERE pv.id = ${d.id})`,
      ),
  ]);
  return decided[0];
}

/** Selfies whose decision is older than `beforeIso` and still in R2. */
export async function expiredSelfies(db: Db, beforeIso: string, limit: number): Promise<{ id: number; key: string }[]> {
  const rows = await db
    .select({ id: photoVerifications.id, key: photoVerifications.selfieKey })
    .from(photoVerifications)
    .where(and(isNotNull(photoVerifications.selfieKey), lte(photoVerifications.decidedAt, beforeIso)))
    .limit(limit);
  return rows.flatMap((r) => (r.key ? [{ id: r.id, key: r.key }] : []));
}

export async function clearSelfieKey(db: Db, id: number): Promise<void> {
  await db.update(photoVerifications).set({ selfieKey: null }).where(eq(photoVerifications.id, id));
}

/**
 * The badge stays only while the main photo is the one the approved selfie was compared with:
 * run after any change to a member's photos, in the same batch (mypage images).
 */
export function badgeFollowsMainPhotoQuery(db: Db, memberId: number) {
  return db
    .update(members)
    .set({ photoVerifiedAt: null })
    .where(
      and(
        eq(members.id, memberId),
        isNotNull(members.photoVerifiedAt),
        sql`NOT EXISTS (SELECT 1 FROM member_images mi JOIN photo_verifications pv ON pv.member_id = mi.member_id
          AND pv.status = 'APPROVED' AND pv.main_image_key = mi.object_key
          WHERE mi.member_id = ${memberId} AND mi.slot = 0)`,
      ),
    );
}

/** The member's selfies still in R2 (account deletion removes them with the photos). */
export async function selfieKeysOf(db: Db, memberId: number): Promise<string[]> {
  const rows = await db
    .select({ key: photoVerifications.selfieKey })
    .from(photoVerifications)
    .where(and(eq(photoVerifications.memberId, memberId), isNotNull(photoVerifications.selfieKey)));
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

/** The member's pose-selfie decisions for their data export (the selfie itself is not included). */
export async function photoVerificationRecords(db: Db, memberId: number) {
  return db
    .select({
      pose: photoVerifications.pose,
      source: photoVerifications.source,
      status: photoVerifications.status,
      reason: photoVerifications.reason,
      createdAt: photoVerifications.createdAt,
      decidedAt: photoVerifications.decidedAt,
      selfieKept: sql<boolean>`${photoVerifications.selfieKey} IS NOT NULL`.mapWith(Boolean),
    })
    .from(photoVerifications)
    .where(eq(photoVerifications.memberId, memberId))
    .orderBy(asc(photoVerifications.createdAt));
}
