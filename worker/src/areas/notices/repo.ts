// Notice rows. Soft-deleted notices (deleted_at set) are never listed.
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { notices } from '../../db/schema';
import type { Db } from '../../lib/env';
import { chunkForInsert, runBatch } from '../../lib/batch';

export type NewNotice = typeof notices.$inferInsert;
export type NoticeListRow = { id: number; title: string; createdAt: string };
export type NoticeRow = NoticeListRow & { content: string };

const noticeColumns = { id: notices.id, title: notices.title, content: notices.content, createdAt: notices.createdAt };

/** Inserts many notices in one transaction (demo data, imports). */
export async function insertNotices(db: Db, rows: readonly NewNotice[]): Promise<void> {
  await runBatch(
    db,
    chunkForInsert(rows).map((chunk) => db.insert(notices).values(chunk)),
  );
}

// The public list's statement, prepared once per drizzle instance: it has no parameters, and
// building its SQL on every request cost more than running it (docs/performance.md).
const preparedList = new WeakMap<Db, ReturnType<typeof prepareList>>();

function prepareList(db: Db) {
  return db
    .select({ id: notices.id, title: notices.title, createdAt: notices.createdAt })
    .from(notices)
    .where(isNull(notices.deletedAt))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .prepare();
}

/** Live notices, newest first. */
export async function listNotices(db: Db): Promise<NoticeListRow[]> {
  let prepared = preparedList.get(db);
  if (!prepared) {
    prepared = prepareList(db);
    preparedList.set(db, prepared);
  }
  return prepared.all();
}

/** Hard delete by title: only for removing demo notices again. */
export async function deleteNoticesByTitle(db: Db, titles: readonly string[]): Promise<void> {
  if (titles.length === 0) return;
  await db.delete(notices).where(inArray(notices.title, [...titles]));
}

/** A live notice, or undefined when it never existed or was deleted. */
export async function findNotice(db: Db, id: number): Promise<NoticeRow | undefined> {
  const rows = await db
    .select(noticeColumns)
    .from(notices)
    .where(and(eq(notices.id, id), isNull(notices.deletedAt)))
    .limit(1);
  return rows[0];
}

export async function insertNotice(
  db: Db,
  notice: { title: string; content: string; adminId: number; at: string },
): Promise<NoticeRow> {
  const rows = await db
    .insert(notices)
    .values({
      title: notice.title,
      content: notice.content,
      adminId: notice.adminId,
      createdAt: notice.at,
      updatedAt: notice.at,
    })
    .returning(noticeColumns);
  const row = rows[0];
  if (!row) throw new Error('notice insert returned no row');
  return row;
}

export async function updateNotice(
  db: Db,
  id: number,
  change: { title: string; content: string; at: string },
): Promise<NoticeRow | undefined> {
  const rows = await db
    .update(notices)
    .set({ title: change.title, content: change.content, updatedAt: change.at })
    .where(and(eq(notices.id, id), isNull(notices.deletedAt)))
    .returning(noticeColumns);
  return rows[0];
}

/** Soft delete: the row stays (deleted_at set) and vanishes from every read. */
export async function softDeleteNotice(db: Db, id: number, at: string): Promise<NoticeRow | undefined> {
  const rows = await db
    .update(notices)
    .set({ deletedAt: at })
    .where(and(eq(notices.id, id), isNull(notices.deletedAt)))
    .returning(noticeColumns);
  return rows[0];
}
