// Admin accounts and their console sessions (drizzle only). Session ids are SHA-256 of the cookie.
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { AdminRole } from '../../contract/admin-auth';
import { adminSessions, admins } from '../../db/schema';
import type { Db } from '../../lib/env';

export type AdminRow = {
  id: number;
  name: string;
  email: string;
  role: AdminRole;
  passwordHash: string;
  totpEnrolledAt: string | null;
};
export type SessionAdmin = { id: number; name: string; email: string; role: AdminRole };
/** A live console session: its operator, when it passed the second factor, whether they enrolled. */
export type LiveSession = { admin: SessionAdmin; secondFactorAt: string | null; enrolled: boolean };

export async function findAdminByEmail(db: Db, email: string): Promise<AdminRow | undefined> {
  const rows = await db
    .select({
      id: admins.id,
      name: admins.name,
      email: admins.email,
      role: admins.role,
      passwordHash: admins.passwordHash,
      totpEnrolledAt: admins.totpEnrolledAt,
    })
    .from(admins)
    // Case-insensitive: an address typed into SQL by hand may not be lower-cased.
    .where(sql`lower(${admins.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0];
}

export async function insertSession(
  db: Db,
  session: { id: string; adminId: number; createdAt: string; expiresAt: string },
): Promise<void> {
  await db.insert(adminSessions).values(session);
}

/** A session that has not yet expired at `now` (ISO), with its admin. */
export async function findLiveSession(db: Db, sessionId: string, now: string): Promise<LiveSession | undefined> {
  const rows = await db
    .select({
      id: admins.id,
      name: admins.name,
      email: admins.email,
      role: admins.role,
      enrolledAt: admins.totpEnrolledAt,
      secondFactorAt: adminSessions.secondFactorAt,
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(and(eq(adminSessions.id, sessionId), gt(adminSessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  const { enrolledAt, secondFactorAt, ...admin } = row;
  return { admin, secondFactorAt, enrolled: enrolledAt !== null };
}

/** The statement that marks a session as having passed its second factor (for a db.batch). */
export function markSecondFactor(db: Db, sessionId: string, at: string) {
  return db
    .update(adminSessions)
    .set({ secondFactorAt: at })
    .where(and(eq(adminSessions.id, sessionId), isNull(adminSessions.secondFactorAt)));
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.id, sessionId));
}

export async function deleteExpiredSessions(db: Db, adminId: number, now: string): Promise<void> {
  await db.delete(adminSessions).where(and(eq(adminSessions.adminId, adminId), lte(adminSessions.expiresAt, now)));
}

export async function recordLogin(db: Db, adminId: number, at: string, newPasswordHash?: string): Promise<void> {
  await db
    .update(admins)
    .set(newPasswordHash ? { lastLoginAt: at, passwordHash: newPasswordHash } : { lastLoginAt: at })
    .where(eq(admins.id, adminId));
}
