// The console session behind an `ongi_admin` cookie: read by requireAdmin (lib/admin-auth.ts) on
// every admin call and by the console's session route. Session ids are SHA-256 of the cookie.
import { and, eq, gt } from 'drizzle-orm';
import type { AdminRole } from '../contract/admin-auth';
import { adminSessions, admins } from '../db/schema';
import { iso } from './clock';
import { sha256Hex } from './crypto';
import type { Db } from './env';

export type SessionAdmin = { id: number; name: string; email: string; role: AdminRole };

/** The admin behind a session that has not yet expired at `now` (ISO). */
export async function findLiveSessionAdmin(db: Db, sessionId: string, now: string): Promise<SessionAdmin | undefined> {
  const rows = await db
    .select({ id: admins.id, name: admins.name, email: admins.email, role: admins.role })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(and(eq(adminSessions.id, sessionId), gt(adminSessions.expiresAt, now)))
    .limit(1);
  return rows[0];
}

/** The signed-in admin for a session cookie value, or null (missing, unknown or expired). */
export async function adminForSession(db: Db, token: string | undefined, now: Date): Promise<SessionAdmin | null> {
  if (!token) return null;
  return (await findLiveSessionAdmin(db, await sha256Hex(token), iso(now))) ?? null;
}
