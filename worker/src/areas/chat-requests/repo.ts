// Chat requests ("matching" in the spec's API) in D1: pending → accepted (a room opens) or rejected.
import { aliasedTable, and, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { chatRequests, memberImages, members } from '../../db/schema';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../lib/env';
import { clientOf } from '../../lib/db';
import { visibleRowTo } from '../visibility/repo';

export type RequestRow = {
  id: number;
  requesterId: number;
  targetId: number;
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED' | 'CANCELLED' | 'EXPIRED';
  createdAt: string;
};

const requestColumns = {
  id: chatRequests.id,
  requesterId: chatRequests.requesterId,
  targetId: chatRequests.targetId,
  status: chatRequests.status,
  createdAt: chatRequests.createdAt,
};

export async function findRequest(db: Db, id: number): Promise<RequestRow | undefined> {
  const rows = await db.select(requestColumns).from(chatRequests).where(eq(chatRequests.id, id)).limit(1);
  return rows[0];
}

/**
 * The request `id`, and whether its requester is visible to `viewerId` now (the visibility
 * module's rule): for an answer's first batch (requireMemberAnd).
 */
export function requestWithVisibilityRead(db: Db, id: number, viewerId: number, now: Date) {
  return db
    .select({
      ...requestColumns,
      requesterVisible: sql<number>`EXISTS (SELECT 1 FROM members t WHERE t.id = ${chatRequests.requesterId}
        AND ${visibleRowTo(sql`t`, viewerId, now)})`,
    })
    .from(chatRequests)
    .where(eq(chatRequests.id, id))
    .limit(1);
}

/**
 * "Live" = pending and younger than the expiry (`pendingSince`: older ones are expired even before
 * the daily job marks them), or accepted with its room still open.
 */
const liveBetween = (a: number, b: number, pendingSince: string) => sql`
  SELECT r.id FROM chat_requests r LEFT JOIN chat_rooms room ON room.request_id = r.id
  WHERE ((r.requester_id = ${a} AND r.target_id = ${b}) OR (r.requester_id = ${b} AND r.target_id = ${a}))
    AND ((r.status = 'PENDING' AND r.created_at > ${pendingSince}) OR (r.status = 'ACCEPTED' AND room.closed_at IS NULL))`;

/** Inserts a pending request unless a live one exists either way (one statement, so two clicks make one). */
export async function insertPendingIfNone(
  db: Db,
  r: { requesterId: number; targetId: number; intro: string | null; at: string; pendingSince: string },
): Promise<number | undefined> {
  const rows = await db.all<{ id: number }>(sql`
    INSERT INTO chat_requests (requester_id, target_id, status, intro, created_at)
    SELECT ${r.requesterId}, ${r.targetId}, 'PENDING', ${r.intro}, ${r.at}
    WHERE NOT EXISTS (${liveBetween(r.requesterId, r.targetId, r.pendingSince)})
    RETURNING id`);
  return rows[0]?.id;
}

/** SQL: their request to me that a request of mine accepted at `at` (requestOrMatchSql). */
export const acceptedNowSql = (me: number, them: number, at: string): SQL => sql`SELECT id FROM chat_requests
  WHERE requester_id = ${them} AND target_id = ${me} AND status = 'ACCEPTED' AND answered_at = ${at}`;

/** SQL: my pending request to them made at `at` (the one requestOrMatchSql inserted). */
export const insertedNowSql = (me: number, them: number, at: string): SQL => sql`SELECT id FROM chat_requests
  WHERE requester_id = ${me} AND target_id = ${them} AND status = 'PENDING' AND created_at = ${at}`;

/**
 * `me` asks `targetId`: the statements of one D1 batch (one transaction), so two members asking
 * each other at the same instant always match (docs/chat.md "Rooms and requests"): their pending
 * request to me, if any, is accepted and its room and member rows are created; otherwise a pending
 * request of mine is inserted unless a live one exists either way (the accepted one counts: its
 * room is being opened in this batch). Whichever batch D1 runs second sees the first's request.
 * Each statement runs only when `onlyIf` SQL holds too (the rate limit counted in the same batch).
 * Their rows go to `requestOutcome`, in this order.
 */
export function requestOrMatchSql(
  r: { requesterId: number; targetId: number; intro: string | null; at: string; pendingSince: string },
  onlyIf: SQL,
): [SQL, SQL, SQL, SQL, SQL] {
  const me = r.requesterId;
  const them = r.targetId;
  const acceptedNow = acceptedNowSql(me, them, r.at);
  // Their request that this batch accepted (answered now) and that has no room yet.
  const roomless = sql`${acceptedNow} AND NOT EXISTS (SELECT 1 FROM chat_rooms WHERE request_id = chat_requests.id)`;
  return [
    sql`
      UPDATE chat_requests SET status = 'ACCEPTED', answered_at = ${r.at}
      WHERE id = (SELECT id FROM chat_requests
                   WHERE requester_id = ${them} AND target_id = ${me} AND status = 'PENDING' AND created_at > ${r.pendingSince}
                   ORDER BY id DESC LIMIT 1)
        AND ${onlyIf}
      RETURNING id`,
    sql`
      INSERT INTO chat_requests (requester_id, target_id, status, intro, created_at)
      SELECT ${me}, ${them}, 'PENDING', ${r.intro}, ${r.at}
      WHERE NOT EXISTS (${liveBetween(me, them, r.pendingSince)}) AND ${onlyIf}
      RETURNING id`,
    sql`
      INSERT OR IGNORE INTO chat_rooms (request_id, member_a, member_b, created_at)
      SELECT id, requester_id, target_id, ${r.at} FROM chat_requests WHERE id IN (${roomless})`,
    sql`
      INSERT OR IGNORE INTO chat_room_members (room_id, member_id, opponent_id)
      SELECT id, member_a, member_b FROM chat_rooms WHERE request_id IN (${acceptedNow})
      UNION ALL SELECT id, member_b, member_a FROM chat_rooms WHERE request_id IN (${acceptedNow})`,
    sql`
      SELECT room.id, room.request_id AS requestId FROM chat_rooms room
      WHERE room.request_id IN (${acceptedNow})`,
  ];
}

/** What `requestOrMatchSql`'s statements did: a new pending request, a match with theirs, or nothing (a live one exists). */
export type RequestOutcome =
  | { kind: 'PENDING'; matchingId: number }
  | { kind: 'MATCHED'; matchingId: number; roomId: number }
  | { kind: 'DUPLICATE' };

/** The outcome from requestOrMatchSql's rows (the first two statements' and the last's). */
export function requestOutcome(
  accepted: { id: number }[],
  inserted: { id: number }[],
  rooms: { id: number; requestId: number }[],
): RequestOutcome {
  const matched = accepted[0];
  const room = rooms.find((x) => x.requestId === matched?.id);
  if (matched && room) return { kind: 'MATCHED', matchingId: matched.id, roomId: room.id };
  const mine = inserted[0];
  return mine ? { kind: 'PENDING', matchingId: mine.id } : { kind: 'DUPLICATE' };
}

/**
 * Accepts a pending request made to `targetId` and opens its room: the statements of one batch
 * (a single transaction); the room and its two member rows appear only when this call moved the
 * request from PENDING. Rows: the first's (accepted when one), the last's (the room's id).
 * `acceptRequest` runs them alone (the capacity bench's day); the accept call puts them in its batch.
 */
export async function acceptRequest(
  db: Db,
  requestId: number,
  targetId: number,
  at: string,
  pendingSince: string,
): Promise<{ accepted: boolean; roomId: number | undefined }> {
  // Through the D1 client behind the handle (makeDb sets $client), as the capacity bench's shim expects.
  const d1 = clientOf(db);
  const dialect = new SQLiteSyncDialect();
  const [updated, , , room] = await d1.batch<{ id: number }>(
    acceptRequestSql(requestId, targetId, at, pendingSince).map((q) => {
      const { sql: text, params } = dialect.sqlToQuery(q);
      return d1.prepare(text).bind(...params);
    }),
  );
  return { accepted: (updated?.results.length ?? 0) === 1, roomId: room?.results[0]?.id };
}

export function acceptRequestSql(requestId: number, targetId: number, at: string, pendingSince: string): SQL[] {
  return [
    sql`UPDATE chat_requests SET status = 'ACCEPTED', answered_at = ${at}
         WHERE id = ${requestId} AND target_id = ${targetId} AND status = 'PENDING' AND created_at > ${pendingSince}
         RETURNING id`,
    sql`INSERT OR IGNORE INTO chat_rooms (request_id, member_a, member_b, created_at)
         SELECT id, requester_id, target_id, ${at} FROM chat_requests WHERE id = ${requestId} AND status = 'ACCEPTED'`,
    sql`INSERT OR IGNORE INTO chat_room_members (room_id, member_id, opponent_id)
         SELECT id, member_a, member_b FROM chat_rooms WHERE request_id = ${requestId}
         UNION ALL SELECT id, member_b, member_a FROM chat_rooms WHERE request_id = ${requestId}`,
    sql`SELECT id FROM chat_rooms WHERE request_id = ${requestId}`,
  ];
}

export async function rejectRequest(db: Db, requestId: number, targetId: number, at: string): Promise<boolean> {
  const rows = await db
    .update(chatRequests)
    .set({ status: 'REJECTED', answeredAt: at })
    .where(and(eq(chatRequests.id, requestId), eq(chatRequests.targetId, targetId), eq(chatRequests.status, 'PENDING')))
    .returning({ id: chatRequests.id });
  return rows.length === 1;
}

export type PendingRow = {
  matchingId: number;
  requesterId: number;
  name: string;
  imageKey: string | null;
  requestedAt: string;
  intro: string | null;
};

const requester = aliasedTable(members, 'requester');

/**
 * Pending requests made to the member, newest first; requests from members the visibility module
 * hides (gone, banned, blocked either way, under 19) are left out, and
 * so are those made at or before `pendingSince` (expired, even before the daily job marks them).
 */
export async function listPendingFor(db: Db, memberId: number, now: Date, pendingSince: string): Promise<PendingRow[]> {
  return listPendingQuery(db, memberId, now, pendingSince);
}

/** listPendingFor's query, not yet run; `onlyId` (e.g. SQL for a request inserted in the same batch) narrows it to one. */
export function listPendingQuery(db: Db, memberId: number, now: Date, pendingSince: string, onlyId?: SQL) {
  return db
    .select({
      matchingId: chatRequests.id,
      requesterId: chatRequests.requesterId,
      name: requester.name,
      imageKey: memberImages.objectKey,
      requestedAt: chatRequests.createdAt,
      intro: chatRequests.intro,
    })
    .from(chatRequests)
    .innerJoin(requester, eq(requester.id, chatRequests.requesterId))
    .leftJoin(memberImages, and(eq(memberImages.memberId, chatRequests.requesterId), eq(memberImages.slot, 0)))
    .where(
      and(
        eq(chatRequests.targetId, memberId),
        eq(chatRequests.status, 'PENDING'),
        gt(chatRequests.createdAt, pendingSince),
        onlyId === undefined ? undefined : eq(chatRequests.id, onlyId),
        visibleRowTo(sql.raw('requester'), memberId, now),
      ),
    )
    .orderBy(desc(chatRequests.id));
}

export type ExpiredRequest = { id: number; requesterId: number; targetId: number };

/**
 * Marks pending requests made at or before `pendingSince` EXPIRED (answered_at = `at`), at most
 * `limit` per call, and answers them. One statement: a request answered meanwhile is not touched.
 */
export async function expirePending(
  db: Db,
  pendingSince: string,
  at: string,
  limit: number,
): Promise<ExpiredRequest[]> {
  const due = db
    .select({ id: chatRequests.id })
    .from(chatRequests)
    .where(and(eq(chatRequests.status, 'PENDING'), lte(chatRequests.createdAt, pendingSince)))
    .orderBy(chatRequests.createdAt)
    .limit(limit);
  return db
    .update(chatRequests)
    .set({ status: 'EXPIRED', answeredAt: at })
    .where(and(inArray(chatRequests.id, due), eq(chatRequests.status, 'PENDING')))
    .returning({ id: chatRequests.id, requesterId: chatRequests.requesterId, targetId: chatRequests.targetId });
}
