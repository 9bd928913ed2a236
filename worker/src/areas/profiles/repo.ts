// Another member as others see them: the row behind the profile modal, blocks and hearts.
import { and, eq, sql } from 'drizzle-orm';
import { hearts, members } from '../../db/schema';
import type { Db } from '../../lib/env';

export type TargetRow = {
  id: number;
  name: string;
  birthday: string;
  city: string | null;
  district: string | null;
  status: 'ACTIVE' | 'INACTIVE' | 'BANNED';
  bannedUntil: string | null;
  deletedAt: string | null;
};

export async function findTarget(db: Db, id: number): Promise<TargetRow | undefined> {
  const rows = await db
    .select({
      id: members.id,
      name: members.name,
      birthday: members.birthday,
      city: members.city,
      district: members.district,
      status: members.status,
      bannedUntil: members.bannedUntil,
      deletedAt: members.deletedAt,
    })
    .from(members)
    .where(eq(members.id, id))
    .limit(1);
  return rows[0];
}

export async function hasHeart(db: Db, memberId: number, targetId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(hearts)
    .where(and(eq(hearts.memberId, memberId), eq(hearts.targetId, targetId)))
    .limit(1);
  return rows.length > 0;
}
