// Report rows, and the room membership a report about a chat is checked against.
import { sql, type SQL } from 'drizzle-orm';
import type { reports } from '../../db/schema';
import { rawRead } from '../../lib/db';
import type { Db } from '../../lib/env';

export type NewReport = typeof reports.$inferInsert;

/** SQL: member `id` exists and has not withdrawn (who may be reported). */
export const reportableSql = (id: number): SQL =>
  sql`EXISTS (SELECT 1 FROM members rt WHERE rt.id = ${id} AND rt.deleted_at IS NULL)`;

/** The reported member as a batch read (0 or 1 row): whether they have withdrawn. */
export const targetRead = (db: Db, id: number) =>
  rawRead<{ deletedAt: string | null }>(db, sql`SELECT deleted_at AS deletedAt FROM members WHERE id = ${id}`);

/** The member's seat in a chat room (with who sits opposite) as a batch read: none when not a participant. */
export const seatRead = (db: Db, roomId: number, memberId: number) =>
  rawRead<{ opponentId: number }>(
    db,
    sql`SELECT opponent_id AS opponentId FROM chat_room_members WHERE room_id = ${roomId} AND member_id = ${memberId} LIMIT 1`,
  );

/** A report as a `db.batch` item, inserted only when `guard` (SQL) holds: its rows are the new id, none when false. */
export function reportInsert(
  db: Db,
  r: Required<Omit<NewReport, 'id' | 'status' | 'handledAt' | 'handledBy'>>,
  guard: SQL,
) {
  return rawRead<{ id: number }>(
    db,
    sql`INSERT INTO reports (reporter_id, target_id, chat_room_id, reason_type, content, evidence_url, page_url,
        message_samples, unverified_samples, created_at)
      SELECT ${r.reporterId}, ${r.targetId}, ${r.chatRoomId}, ${r.reasonType}, ${r.content}, ${r.evidenceUrl},
        ${r.pageUrl}, ${r.messageSamples}, ${r.unverifiedSamples}, ${r.createdAt}
      WHERE ${guard}
      RETURNING id`,
  );
}
