// Notice rows. Soft-deleted notices (deleted_at set) are never listed.
import { desc, inArray, isNull } from 'drizzle-orm';
import { notices } from '../../db/schema';
import type { Db } from '../../lib/env';
import { chunkForInsert, runBatch } from '../demo/batch';

export type NewNotice = typeof notices.$inferInsert;
export type NoticeListRow = { id: number; title: string; createdAt: string };

/** Inserts many notices in one transaction (demo data, imports). */
export async function insertNotices(db: Db, rows: readonly NewNotice[]): Promise<void> {
  await runBatch(
    db,
    chunkForInsert(rows).map((chunk) => db.insert(notices).values(chunk)),
  );
}

/** Live notices, newest first. */
export async function listNotices(db: Db): Promise<NoticeListRow[]> {
  return db
    .select({ id: notices.id, title: notices.title, createdAt: notices.createdAt })
    .from(notices)
    .where(isNull(notices.deletedAt))
    .orderBy(desc(notices.createdAt), desc(notices.id));
}

/** Hard delete by title: only for removing demo notices again. */
export async function deleteNoticesByTitle(db: Db, titles: readonly string[]): Promise<void> {
  if (titles.length === 0) return;
  await db.delete(notices).where(inArray(notices.title, [...titles]));
}
