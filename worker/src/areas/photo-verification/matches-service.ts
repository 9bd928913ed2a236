// Duplicate-photo flags for the console (photo_matches): both accounts with the two photos.
import { sql } from 'drizzle-orm';
import { PHOTO_VERIFICATION_KO, type AdminPhotoMatch } from '../../contract/photo-verification';
import type { Db } from '../../lib/env';
import { NotFound } from '../../lib/errors';
import { imageUrl } from '../media/service';

type MatchRow = {
  id: number;
  distance: number;
  status: AdminPhotoMatch['status'];
  createdAt: string;
  memberId: number;
  memberName: string;
  memberStatus: string;
  imageKey: string;
  otherId: number;
  otherName: string;
  otherStatus: string;
  otherImageKey: string;
};

/** OPEN flags, oldest first. */
export async function openMatches(db: Db): Promise<AdminPhotoMatch[]> {
  const rows = await db.all<MatchRow>(sql`SELECT pm.id AS id, pm.distance AS distance, pm.status AS status,
      pm.created_at AS createdAt, a.id AS memberId, a.name AS memberName, a.status AS memberStatus,
      pm.image_key AS imageKey, b.id AS otherId, b.name AS otherName, b.status AS otherStatus,
      pm.other_image_key AS otherImageKey
    FROM photo_matches pm JOIN members a ON a.id = pm.member_id JOIN members b ON b.id = pm.other_member_id
    WHERE pm.status = 'OPEN' ORDER BY pm.created_at, pm.id LIMIT 100`);
  return rows.map((r) => ({
    id: r.id,
    distance: r.distance,
    status: r.status,
    createdAt: r.createdAt,
    member: { id: r.memberId, name: r.memberName, imageUrl: imageUrl(r.imageKey), status: r.memberStatus },
    other: { id: r.otherId, name: r.otherName, imageUrl: imageUrl(r.otherImageKey), status: r.otherStatus },
  }));
}

export async function openMatchCount(db: Db): Promise<number> {
  const row = await db.get<{ n: number }>(sql`SELECT count(*) AS n FROM photo_matches WHERE status = 'OPEN'`);
  return row?.n ?? 0;
}

/** Dismisses an OPEN flag; answers the flagged member's id. */
export async function dismissMatch(db: Db, id: number, now: Date): Promise<number> {
  const row = await db.get<{ memberId: number } | undefined>(
    sql`UPDATE photo_matches SET status = 'DISMISSED', decided_at = ${now.toISOString()} WHERE id = ${id} AND status = 'OPEN' RETURNING member_id AS memberId`,
  );
  if (!row) throw new NotFound(PHOTO_VERIFICATION_KO.matchNotFound, 'PHOTO_MATCH_NOT_FOUND');
  return row.memberId;
}
