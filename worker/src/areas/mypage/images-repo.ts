// A member's profile photo rows: slot 0 is the MAIN photo, slots 1..2 the SUB photos.
import { and, asc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { memberImages } from '../../db/schema';
import type { Db } from '../../lib/env';
import type { StoredImage } from '../media/service';
import { badgeFollowsMainPhotoQuery } from '../photo-verification/repo';

export type ImageRow = { slot: number; role: 'MAIN' | 'SUB'; objectKey: string };

/** The query behind listImages, for callers that batch it with other reads. */
export function imagesQuery(db: Db, memberId: number | Placeholder) {
  return db
    .select({ slot: memberImages.slot, role: memberImages.role, objectKey: memberImages.objectKey })
    .from(memberImages)
    .where(eq(memberImages.memberId, memberId))
    .orderBy(asc(memberImages.slot));
}

export async function listImages(db: Db, memberId: number): Promise<ImageRow[]> {
  return imagesQuery(db, memberId);
}

/**
 * Keeps the photo set tidy after any change, so the list order is the slot order the SPA
 * shows: no SUB without a MAIN (the first SUB is promoted) and no gap before the last SUB.
 */
function normalizeStatements(db: Db, memberId: number): BatchItem<'sqlite'>[] {
  const mine = sql`SELECT 1 FROM ${memberImages} WHERE ${memberImages.memberId} = ${memberId}`;
  return [
    db
      .update(memberImages)
      .set({ slot: 0, role: 'MAIN' })
      .where(
        and(
          eq(memberImages.memberId, memberId),
          sql`${memberImages.slot} = (SELECT MIN(${memberImages.slot}) FROM ${memberImages} WHERE ${memberImages.memberId} = ${memberId} AND ${memberImages.slot} > 0)`,
          sql`NOT EXISTS (${mine} AND ${memberImages.slot} = 0)`,
        ),
      ),
    db
      .update(memberImages)
      .set({ slot: 1 })
      .where(
        and(
          eq(memberImages.memberId, memberId),
          eq(memberImages.slot, 2),
          sql`NOT EXISTS (${mine} AND ${memberImages.slot} = 1)`,
        ),
      ),
  ];
}

export type SlotUpload = { slot: number; image: StoredImage };

/**
 * Puts new photos into their slots in one transaction and answers the object keys they replaced
 * (the caller deletes those from R2 once the rows are committed).
 */
export async function replaceSlots(db: Db, memberId: number, uploads: readonly SlotUpload[]): Promise<string[]> {
  const statements: BatchItem<'sqlite'>[] = [];
  for (const { slot, image } of uploads) {
    statements.push(
      db
        .delete(memberImages)
        .where(and(eq(memberImages.memberId, memberId), eq(memberImages.slot, slot)))
        .returning({ objectKey: memberImages.objectKey }),
      db.insert(memberImages).values({
        memberId,
        role: slot === 0 ? 'MAIN' : 'SUB',
        slot,
        objectKey: image.key,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        bytes: image.bytes,
        phash: image.phash,
      }),
    );
  }
  const results = await runAll(db, [
    ...statements,
    ...normalizeStatements(db, memberId),
    badgeFollowsMainPhotoQuery(db, memberId),
  ]);
  return replacedKeys(results);
}

/** Removes one of the member's photos by its object key; false when the member has no such photo. */
export async function deleteImageByKey(db: Db, memberId: number, objectKey: string): Promise<boolean> {
  const results = await runAll(db, [
    db
      .delete(memberImages)
      .where(and(eq(memberImages.memberId, memberId), eq(memberImages.objectKey, objectKey)))
      .returning({ objectKey: memberImages.objectKey }),
    ...normalizeStatements(db, memberId),
    badgeFollowsMainPhotoQuery(db, memberId),
  ]);
  return replacedKeys(results).length > 0;
}

async function runAll(db: Db, statements: BatchItem<'sqlite'>[]): Promise<unknown[]> {
  const [first, ...rest] = statements;
  if (!first) return [];
  return db.batch([first, ...rest]);
}

/** Object keys from the `returning` results of a batch's delete statements. */
function replacedKeys(results: unknown[]): string[] {
  const keys: string[] = [];
  for (const result of results) {
    if (!Array.isArray(result)) continue;
    for (const row of result) {
      if (row && typeof row === 'object' && 'objectKey' in row && typeof row.objectKey === 'string') {
        keys.push(row.objectKey);
      }
    }
  }
  return keys;
}
