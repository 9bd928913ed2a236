// The operator's second factor in D1 (drizzle only): the TOTP secret and its last accepted step,
// and the one-time recovery codes (SHA-256 of each, never the code).
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { adminRecoveryCodes, adminSessions, admins } from '../../db/schema';
import type { Db } from '../../lib/env';

export type TotpState = { secret: string | null; enrolledAt: string | null; lastStep: number | null };

export async function totpStateOf(db: Db, adminId: number): Promise<TotpState | undefined> {
  const rows = await db
    .select({ secret: admins.totpSecret, enrolledAt: admins.totpEnrolledAt, lastStep: admins.totpLastStep })
    .from(admins)
    .where(eq(admins.id, adminId))
    .limit(1);
  return rows[0];
}

/** Stores a new pending secret; nothing when the operator has already enrolled. */
export async function setPendingSecret(db: Db, adminId: number, secret: string): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(and(eq(admins.id, adminId), isNull(admins.totpEnrolledAt)))
    .returning({ id: admins.id });
  return rows.length > 0;
}

/**
 * Spends one time step: true only when `step` is later than every step accepted before, so a code
 * (and any earlier one) works once. One statement, so two requests racing with the same code
 * cannot both pass.
 */
export async function spendTotpStep(db: Db, adminId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(admins.id, adminId),
        sql`${admins.totpEnrolledAt} IS NOT NULL`,
        or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step)),
      ),
    )
    .returning({ id: admins.id });
  return rows.length > 0;
}

/** The statements that finish enrolment (for a db.batch): the secret counts from now, new codes. */
export function enrolmentStatements(
  db: Db,
  o: { adminId: number; secret: string; step: number; at: string; codeHashes: string[] },
) {
  return [
    db
      .update(admins)
      .set({ totpEnrolledAt: o.at, totpLastStep: o.step })
      .where(and(eq(admins.id, o.adminId), eq(admins.totpSecret, o.secret), isNull(admins.totpEnrolledAt))),
    db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, o.adminId)),
    db
      .insert(adminRecoveryCodes)
      .values(o.codeHashes.map((codeHash) => ({ adminId: o.adminId, codeHash, createdAt: o.at }))),
  ] as const;
}

/** Marks one unused recovery code used; false when there is no such unused code. */
export async function spendRecoveryCode(db: Db, adminId: number, codeHash: string, at: string): Promise<boolean> {
  const rows = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(adminRecoveryCodes.adminId, adminId),
        eq(adminRecoveryCodes.codeHash, codeHash),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return rows.length > 0;
}

export async function unusedRecoveryCodes(db: Db, adminId: number): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
  return rows[0]?.n ?? 0;
}

/** The statements that take an operator's second factor away (lost phone): they enrol again. */
export function resetSecondFactorStatements(db: Db, adminId: number) {
  return [
    db.update(admins).set({ totpSecret: null, totpEnrolledAt: null, totpLastStep: null }).where(eq(admins.id, adminId)),
    db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId)),
    db.delete(adminSessions).where(eq(adminSessions.adminId, adminId)),
  ] as const;
}
