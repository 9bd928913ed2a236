// Identity verification rows (identity_verifications) and the member columns they set.
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { identityVerifications, members } from '../../db/schema';
import type { Db } from '../../lib/env';

export type VerificationRow = typeof identityVerifications.$inferSelect;
export type NewVerification = Pick<
  VerificationRow,
  'id' | 'ciHash' | 'name' | 'birthDate' | 'gender' | 'verifiedAt' | 'phoneHash' | 'signupSessionId' | 'memberId'
>;

export async function findVerification(db: Db, id: string): Promise<VerificationRow | undefined> {
  const rows = await db.select().from(identityVerifications).where(eq(identityVerifications.id, id)).limit(1);
  return rows[0];
}

/** Stores a verification; false when its id is already used (the primary key keeps it single use). */
export async function insertVerification(db: Db, row: NewVerification): Promise<boolean> {
  const rows = await db
    .insert(identityVerifications)
    .values({ ...row, provider: 'PORTONE' })
    .onConflictDoNothing()
    .returning({ id: identityVerifications.id });
  return rows.length === 1;
}

/** The latest verification bound to an open signup session, verified after `since`, not yet used. */
export async function findBoundToSession(db: Db, signupSessionId: string, since: string) {
  const rows = await db
    .select()
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.signupSessionId, signupSessionId),
        isNull(identityVerifications.memberId),
        gt(identityVerifications.verifiedAt, since),
      ),
    )
    .orderBy(desc(identityVerifications.verifiedAt))
    .limit(1);
  return rows[0];
}

export type CiHolder = {
  memberId: number;
  status: 'ACTIVE' | 'INACTIVE' | 'BANNED';
  bannedUntil: string | null;
  deletedAt: string | null;
  providerType: 'NAVER' | 'KAKAO';
  email: string;
};

/** Every member (live or withdrawn) whose verification carries this CI hash. */
export async function findCiHolders(db: Db, ciHash: string): Promise<CiHolder[]> {
  return db
    .select({
      memberId: members.id,
      status: members.status,
      bannedUntil: members.bannedUntil,
      deletedAt: members.deletedAt,
      providerType: members.providerType,
      email: members.email,
    })
    .from(identityVerifications)
    .innerJoin(members, eq(members.id, identityVerifications.memberId))
    .where(eq(identityVerifications.ciHash, ciHash));
}

/** The statement that spends a verification on a member (part of the signup batch). */
export function bindVerificationStatement(db: Db, id: string, memberId: number) {
  return db
    .update(identityVerifications)
    .set({ memberId })
    .where(and(eq(identityVerifications.id, id), isNull(identityVerifications.memberId)));
}

/** An existing member's verification: the member takes the verified birthday and gender. */
export async function markMemberVerified(
  db: Db,
  memberId: number,
  v: { birthDate: string; gender: 'M' | 'F'; at: string; phoneHash: string | null },
): Promise<void> {
  await db
    .update(members)
    .set({ identityVerifiedAt: v.at, birthday: v.birthDate, gender: v.gender, phoneHash: v.phoneHash })
    .where(eq(members.id, memberId));
}

export function identityVerifiedAtQuery(db: Db, memberId: number) {
  return db
    .select({ identityVerifiedAt: members.identityVerifiedAt })
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)))
    .limit(1);
}

export async function identityVerifiedAtOf(db: Db, memberId: number): Promise<string | null | undefined> {
  const rows = await identityVerifiedAtQuery(db, memberId);
  return rows[0]?.identityVerifiedAt;
}

/** The member's verification records for their data export (no CI hash: it is keyed by our secret). */
export async function verificationsOf(db: Db, memberId: number) {
  return db
    .select({
      provider: identityVerifications.provider,
      name: identityVerifications.name,
      birthDate: identityVerifications.birthDate,
      gender: identityVerifications.gender,
      verifiedAt: identityVerifications.verifiedAt,
    })
    .from(identityVerifications)
    .where(eq(identityVerifications.memberId, memberId))
    .orderBy(desc(identityVerifications.verifiedAt));
}

/**
 * Account deletion keeps only what the cooling-off and ban rules need (CI hash, times): the name,
 * birth date and gender of the verification are cleared.
 */
export function forgetVerificationDetailsStatement(db: Db, memberId: number) {
  return db
    .update(identityVerifications)
    .set({ name: '', birthDate: '', phoneHash: null })
    .where(eq(identityVerifications.memberId, memberId));
}

/**
 * After the cooling-off the verifications of deleted accounts go, unless the person was banned
 * permanently (then the hash stays with the ban record), and verifications bound to a signup
 * session that never became a member go after a day. Daily cron.
 */
export async function purgeExpiredVerifications(db: Db, leftBefore: string, unusedBefore: string): Promise<void> {
  const gone = db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        isNotNull(members.deletedAt),
        lt(members.deletedAt, leftBefore),
        or(sql`${members.status} <> 'BANNED'`, isNotNull(members.bannedUntil)),
      ),
    );
  await db.batch([
    db.delete(identityVerifications).where(inArray(identityVerifications.memberId, gone)),
    db
      .delete(identityVerifications)
      .where(and(isNull(identityVerifications.memberId), lt(identityVerifications.createdAt, unusedBefore))),
  ]);
}
