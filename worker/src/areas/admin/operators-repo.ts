// Console accounts for 운영자 관리 (drizzle only).
import { asc, eq } from 'drizzle-orm';
import type { AdminRole, OperatorRow } from '../../contract/admin-auth';
import { admins } from '../../db/schema';
import type { Db } from '../../lib/env';

const operatorColumns = {
  id: admins.id,
  name: admins.name,
  email: admins.email,
  role: admins.role,
  enrolledAt: admins.totpEnrolledAt,
  createdAt: admins.createdAt,
  lastLoginAt: admins.lastLoginAt,
};

type Selected = { enrolledAt: string | null } & Omit<OperatorRow, 'secondFactorEnrolled'>;
const toRow = ({ enrolledAt, ...row }: Selected): OperatorRow => ({
  ...row,
  secondFactorEnrolled: enrolledAt !== null,
});

export async function listOperators(db: Db): Promise<OperatorRow[]> {
  return (await db.select(operatorColumns).from(admins).orderBy(asc(admins.id))).map(toRow);
}

export async function findOperator(db: Db, id: number): Promise<OperatorRow | undefined> {
  const rows = await db.select(operatorColumns).from(admins).where(eq(admins.id, id)).limit(1);
  return rows[0] && toRow(rows[0]);
}

/** The new operator's id, or null when the email is taken (the column is unique). */
export async function insertOperator(
  db: Db,
  o: { email: string; name: string; passwordHash: string; role: AdminRole },
): Promise<number | null> {
  const rows = await db.insert(admins).values(o).onConflictDoNothing().returning({ id: admins.id });
  return rows[0]?.id ?? null;
}

/** The role change (for a db.batch with its audit row). */
export const setRoleStatement = (db: Db, id: number, role: AdminRole) =>
  db.update(admins).set({ role }).where(eq(admins.id, id));
