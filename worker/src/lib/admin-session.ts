// The console session behind an `ongi_admin` cookie: read by requireAdminSession / requireAdmin
// (lib/admin-auth.ts) on every admin call and by the console's check route. Session ids are
// SHA-256 of the cookie; a session passes its second factor once (docs/safety.md "Operator sign-in").
import { and, eq, gt } from 'drizzle-orm';
import type { AdminRole, SecondFactorState } from '../contract/admin-auth';
import { adminSessions, admins } from '../db/schema';
import { iso } from './clock';
import { sha256Hex } from './crypto';
import type { Db } from './env';

export type SessionAdmin = { id: number; name: string; email: string; role: AdminRole };
/** A live console session: its operator, when it passed the second factor, whether they enrolled. */
export type LiveSession = { admin: SessionAdmin; secondFactorAt: string | null; enrolled: boolean };
/** A live console session: its id (hash of the cookie), operator and second-factor state. */
export type AdminSession = { id: string; admin: SessionAdmin; secondFactor: SecondFactorState };

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

/** The session behind a cookie value, or null (missing, unknown or expired), whatever its second factor. */
export async function sessionForCookie(db: Db, token: string | undefined, now: Date): Promise<AdminSession | null> {
  if (!token) return null;
  const id = await sha256Hex(token);
  const live = await findLiveSession(db, id, iso(now));
  if (!live) return null;
  const secondFactor: SecondFactorState = live.secondFactorAt ? 'DONE' : live.enrolled ? 'VERIFY' : 'ENROL';
  return { id, admin: live.admin, secondFactor };
}
