// Feedback rows. Deleted items (deleted_at set) are never listed or changed again.
import { and, desc, eq, isNull } from 'drizzle-orm';
import { feedback, members } from '../../db/schema';
import type { Db } from '../../lib/env';

export type FeedbackRow = { id: number; title: string; content: string; createdAt: string };

const itemColumns = {
  id: feedback.id,
  title: feedback.title,
  content: feedback.content,
  createdAt: feedback.createdAt,
};

export async function insertFeedback(
  db: Db,
  item: { memberId: number; title: string; content: string; at: string },
): Promise<FeedbackRow> {
  const rows = await db
    .insert(feedback)
    .values({
      memberId: item.memberId,
      title: item.title,
      content: item.content,
      createdAt: item.at,
      updatedAt: item.at,
    })
    .returning(itemColumns);
  const row = rows[0];
  if (!row) throw new Error('feedback insert returned no row');
  return row;
}

export async function listFeedbackOf(db: Db, memberId: number): Promise<FeedbackRow[]> {
  return db
    .select(itemColumns)
    .from(feedback)
    .where(and(eq(feedback.memberId, memberId), isNull(feedback.deletedAt)))
    .orderBy(desc(feedback.createdAt), desc(feedback.id));
}

/** Updates the member's own live item; undefined when there is none with that id. */
export async function updateOwnFeedback(
  db: Db,
  memberId: number,
  id: number,
  change: { title: string; content: string; at: string },
): Promise<FeedbackRow | undefined> {
  const rows = await db
    .update(feedback)
    .set({ title: change.title, content: change.content, updatedAt: change.at })
    .where(and(eq(feedback.id, id), eq(feedback.memberId, memberId), isNull(feedback.deletedAt)))
    .returning(itemColumns);
  return rows[0];
}

/** Soft-deletes the member's own live item; false when there is none with that id. */
export async function softDeleteOwnFeedback(db: Db, memberId: number, id: number, at: string): Promise<boolean> {
  const rows = await db
    .update(feedback)
    .set({ deletedAt: at })
    .where(and(eq(feedback.id, id), eq(feedback.memberId, memberId), isNull(feedback.deletedAt)))
    .returning({ id: feedback.id });
  return rows.length > 0;
}

export type AdminFeedbackRow = FeedbackRow & { memberId: number; memberName: string };

/** Every live item with its author's name, newest first (admin console). */
export async function listAllFeedback(db: Db): Promise<AdminFeedbackRow[]> {
  return db
    .select({ ...itemColumns, memberId: feedback.memberId, memberName: members.name })
    .from(feedback)
    .innerJoin(members, eq(members.id, feedback.memberId))
    .where(isNull(feedback.deletedAt))
    .orderBy(desc(feedback.createdAt), desc(feedback.id));
}
