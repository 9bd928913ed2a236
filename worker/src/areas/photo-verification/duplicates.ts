// Duplicate profile photos (docs/trust.md "Duplicate photos"): a new profile photo
// whose perceptual hash is within PHASH_MATCH_DISTANCE of another account's photo is flagged for
// the operators (photo_matches); within the stricter PHASH_REFUSE_DISTANCE of a permanently
// banned account's photo it is refused. The Hamming distance is computed by D1 itself over the stored hex hashes (SQLite
// has no XOR or popcount: XOR is (a|b)-(a&b) per hex digit, the bit count a 16-character lookup),
// so a check is one statement that scans the hashed photos: fine for an occasional upload; a
// banded index (multi-index hashing) is the next step if the photo table grows past ~10⁶ rows.
import { sql, type SQL } from 'drizzle-orm';
import { PHOTO_VERIFICATION_KO } from '../../contract/photo-verification';
import type { Db } from '../../lib/env';
import { Invalid } from '../../lib/errors';
import { PHASH_MATCH_DISTANCE, PHASH_REFUSE_DISTANCE } from '../media/phash';

const HEX = /^[0-9a-f]{16}$/;

/** SQL: Hamming distance between column `mi.phash` and the constant hash `hash`. */
function distanceSql(hash: string): SQL {
  if (!HEX.test(hash)) throw new Error(`not a phash: ${hash}`);
  const nibbles = [...hash].map((ch, i) => {
    const m = parseInt(ch, 16);
    const d = sql.raw(`(instr('0123456789abcdef', substr(mi.phash, ${i + 1}, 1)) - 1)`);
    const mine = sql.raw(String(m));
    return sql`CAST(substr('0112122312232334', ((${d} | ${mine}) - (${d} & ${mine})) + 1, 1) AS INTEGER)`;
  });
  return sql.join(nibbles, sql` + `);
}

export type PhotoMatchRow = { memberId: number; objectKey: string; distance: number };

/** Hashed photos of other members within the threshold; `banned` picks permanently banned or live accounts. */
async function closePhotos(
  db: Db,
  hash: string,
  exceptMemberId: number | null,
  banned: boolean,
): Promise<PhotoMatchRow[]> {
  const owner = banned
    ? sql`m.status = 'BANNED' AND m.banned_until IS NULL`
    : sql`m.deleted_at IS NULL AND NOT (m.status = 'BANNED' AND m.banned_until IS NULL)`;
  const except = exceptMemberId === null ? sql`1` : sql`mi.member_id <> ${exceptMemberId}`;
  return db.all<PhotoMatchRow>(sql`SELECT memberId, objectKey, distance FROM (
      SELECT mi.member_id AS memberId, mi.object_key AS objectKey, (${distanceSql(hash)}) AS distance
      FROM member_images mi JOIN members m ON m.id = mi.member_id
      WHERE mi.phash IS NOT NULL AND ${except} AND ${owner})
    WHERE distance <= ${banned ? PHASH_REFUSE_DISTANCE : PHASH_MATCH_DISTANCE} ORDER BY distance LIMIT 20`);
}

/** Refuses (400) a set of new photos when any is within the threshold of a permanently banned account's. */
export async function refuseBannedLookalikes(db: Db, hashes: readonly (string | null)[]): Promise<void> {
  for (const hash of hashes) {
    if (!hash) continue;
    if ((await closePhotos(db, hash, null, true)).length > 0) {
      throw new Invalid(
        PHOTO_VERIFICATION_KO.bannedPhoto,
        { images: PHOTO_VERIFICATION_KO.bannedPhoto },
        'PHOTO_NOT_ALLOWED',
      );
    }
  }
}

/** Records each new photo that looks like another live account's (best effort: never fails the upload). */
export async function flagLookalikes(
  db: Db,
  memberId: number,
  photos: readonly { key: string; phash: string | null }[],
): Promise<void> {
  try {
    for (const photo of photos) {
      if (!photo.phash) continue;
      const close = await closePhotos(db, photo.phash, memberId, false);
      for (const other of close) {
        await db.run(sql`INSERT INTO photo_matches (member_id, image_key, other_member_id, other_image_key, distance)
          SELECT ${memberId}, ${photo.key}, ${other.memberId}, ${other.objectKey}, ${other.distance}
          WHERE NOT EXISTS (SELECT 1 FROM photo_matches WHERE image_key = ${photo.key} AND other_image_key = ${other.objectKey})`);
      }
    }
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', where: 'photo-matches', message: String(err) }));
  }
}
