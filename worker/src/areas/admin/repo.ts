// Admin accounts and their console sessions (drizzle only). Session ids are SHA-256 of the cookie;
// the live-session read is lib/admin-session.ts (requireAdmin's).
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
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
