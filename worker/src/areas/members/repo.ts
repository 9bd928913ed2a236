// Member rows: lookups shared by every area (auth state, identity).
import { and, eq, isNull, lt } from 'drizzle-orm';
import { members } from '../../db/schema';
import type { Db } from '../../lib/env';

export type MemberAuthState = { id: number; status: 'ACTIVE' | 'INACTIVE' | 'BANNED'; bannedUntil: string | null };

export async function findMemberAuthState(db: Db, id: number): Promise<MemberAuthState | undefined> {
  const rows = await db
    .select({ id: members.id, status: members.status, bannedUntil: members.bannedUntil })
    .from(members)
    .where(and(eq(members.id, id), isNull(members.deletedAt)))
    .limit(1);
  return rows[0];
}

export async function touchLastActive(db: Db, id: number, at: string, staleBefore: string): Promise<void> {
  await db
    .update(members)
    .set({ lastActiveAt: at })
    .where(and(eq(members.id, id), lt(members.lastActiveAt, staleBefore)));
}
