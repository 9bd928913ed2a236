// Admin accounts and their console sessions (drizzle only). Session ids are SHA-256 of the cookie;
// the live-session read is lib/admin-session.ts (requireAdmin's).
import { and, eq, lte, sql } from 'drizzle-orm';
import { adminSessions, admins } from '../../db/schema';
import type { Db } from '../../lib/env';

export type AdminRow = { id: number; name: string; email: string; passwordHash: string };

export async function findAdminByEmail(db: Db, email: string): Promise<AdminRow | undefined> {
  const rows = await db
    .select({ id: admins.id, name: admins.name, email: admins.email, passwordHash: admins.passwordHash })
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
