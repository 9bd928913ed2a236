// Another member as others see them: the row behind the profile modal, blocks and hearts.
import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import { blocks, hearts, members } from '../../db/schema';
import type { Db } from '../../lib/env';
import { imagesQuery, type ImageRow } from '../mypage/images-repo';
import { interestsQuery } from '../mypage/repo';

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

export type ModalRows = {
  /** The member with whether a block stands between them and the viewer, and the viewer's heart. */
  target:
    (TargetRow & { blocked: boolean; hearted: boolean; identityVerified: boolean; photoVerified: boolean }) | undefined;
  images: ImageRow[];
  interests: string[];
};

/** Everything the profile modal reads, in one round trip (one batch of three statements). */
export async function readModal(db: Db, viewerId: number, targetId: number): Promise<ModalRows> {
  const [targets, images, interests] = await db.batch(modalQueries(db, viewerId, targetId));
  return { target: targets[0], images, interests: interests.map((r) => r.tag) };
}

/** readModal's statements, for callers that batch them with more (the route: the auth statement, details). */
export function modalQueries(db: Db, viewerId: number | Placeholder, targetId: number | Placeholder) {
  return [
    db
      .select({
        ...targetColumns,
        blocked:
          sql<boolean>`EXISTS (SELECT 1 FROM ${blocks} WHERE (${blocks.memberId} = ${viewerId} AND ${blocks.targetId} = ${targetId})
          OR (${blocks.memberId} = ${targetId} AND ${blocks.targetId} = ${viewerId}))`.mapWith(Boolean),
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
