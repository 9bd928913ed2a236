// Report rows, and the room membership a report about a chat is checked against.
import { and, eq } from 'drizzle-orm';
import { chatRoomMembers, reports } from '../../db/schema';
import type { Db } from '../../lib/env';

/** The member's seat in a chat room (with who sits opposite), or undefined when not a participant. */
export async function findRoomSeat(
  db: Db,
  roomId: number,
  memberId: number,
): Promise<{ opponentId: number } | undefined> {
  const rows = await db
    .select({ opponentId: chatRoomMembers.opponentId })
    .from(chatRoomMembers)
    .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.memberId, memberId)))
    .limit(1);
  return rows[0];
}

export type NewReport = typeof reports.$inferInsert;

export async function insertReport(db: Db, report: NewReport): Promise<number> {
  const rows = await db.insert(reports).values(report).returning({ id: reports.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('report insert returned no id');
  return id;
}
