// Another member as others see them: the row behind the profile modal, blocks and hearts.
import { eq, sql, type Placeholder } from 'drizzle-orm';
import { hearts, members } from '../../db/schema';
import type { Db } from '../../lib/env';
import { imagesQuery } from '../mypage/images-repo';
import { interestsQuery } from '../mypage/repo';
import { visibleRowTo, type VisibilityClock } from '../visibility/repo';

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

const targetColumns = {
  id: members.id,
  name: members.name,
  birthday: members.birthday,
  city: members.city,
  district: members.district,
  status: members.status,
  bannedUntil: members.bannedUntil,
  deletedAt: members.deletedAt,
};

export async function findTarget(db: Db, id: number): Promise<TargetRow | undefined> {
  const rows = await db.select(targetColumns).from(members).where(eq(members.id, id)).limit(1);
  return rows[0];
}

/**
 * The profile modal's statements (the route batches them with the auth statement and details):
 * the member with whether the visibility module lets the viewer see them, and the viewer's heart.
 */
export function modalQueries(
  db: Db,
  viewerId: number | Placeholder,
  targetId: number | Placeholder,
  clock: VisibilityClock,
) {
  return [
    db
      .select({
        ...targetColumns,
        visible: sql<boolean>`${visibleRowTo(sql.raw('members'), viewerId, clock)}`.mapWith(Boolean),
        hearted:
          sql<boolean>`EXISTS (SELECT 1 FROM ${hearts} WHERE ${hearts.memberId} = ${viewerId} AND ${hearts.targetId} = ${targetId})`.mapWith(
            Boolean,
          ),
        identityVerified: sql<boolean>`${members.identityVerifiedAt} IS NOT NULL`.mapWith(Boolean),
        photoVerified: sql<boolean>`${members.photoVerifiedAt} IS NOT NULL`.mapWith(Boolean),
      })
      .from(members)
      .where(eq(members.id, targetId))
      .limit(1),
    imagesQuery(db, targetId),
    interestsQuery(db, targetId),
  ] as const;
}
