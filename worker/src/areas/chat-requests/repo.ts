// Chat requests ("matching" in the spec's API) in D1: pending → accepted (a room opens) or rejected.
import { aliasedTable, and, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { chatRequests, memberImages, members } from '../../db/schema';
import type { Db } from '../../lib/env';
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

/** What `requestOrMatch` did: a new pending request, a match with theirs, or nothing (a live one exists). */
export type RequestOutcome =
  | { kind: 'PENDING'; matchingId: number }
  | { kind: 'MATCHED'; matchingId: number; roomId: number }
  | { kind: 'DUPLICATE' };

/**
 * `me` asks `targetId`, in one D1 batch (one transaction), so two members asking each other at the
 * same instant always match (docs/chat.md "Rooms and requests"): their pending request to me, if any, is accepted and
 * its room and member rows are created; otherwise a pending request of mine is inserted unless a
 * live one exists either way (the accepted one counts: its room is being opened in this batch).
 * Whichever batch D1 runs second sees the first's request.
 */
export async function requestOrMatch(
  db: Db,
  r: { requesterId: number; targetId: number; intro: string | null; at: string; pendingSince: string },
): Promise<RequestOutcome> {
  const me = r.requesterId;
  const them = r.targetId;
  // Their request to me that this batch accepted (answered now, no room yet).
  const acceptedNow = sql`SELECT id FROM chat_requests
    WHERE requester_id = ${them} AND target_id = ${me} AND status = 'ACCEPTED' AND answered_at = ${r.at}
      AND NOT EXISTS (SELECT 1 FROM chat_rooms WHERE request_id = chat_requests.id)`;
  // One D1 batch of fixed statements through the D1 client behind the handle (as acceptRequest);
  // drizzle builds each statement's text and parameters, so `liveBetween` stays the one rule.
  const d1 = (db as Db & { $client: D1Database }).$client;
  const dialect = new SQLiteSyncDialect();
  const prepare = (q: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(q);
    return d1.prepare(text).bind(...params);
  };
  const [accepted, inserted, , , rooms] = await d1.batch<{ id: number; requestId: number }>([
    prepare(sql`
      UPDATE chat_requests SET status = 'ACCEPTED', answered_at = ${r.at}
      WHERE id = (SELECT id FROM chat_requests
                   WHERE requester_id = ${them} AND target_id = ${me} AND status = 'PENDING' AND created_at > ${r.pendingSince}
                   ORDER BY id DESC LIMIT 1)
      RETURNING id`),
    prepare(sql`
      INSERT INTO chat_requests (requester_id, target_id, status, intro, created_at)
      SELECT ${me}, ${them}, 'PENDING', ${r.intro}, ${r.at}
      WHERE NOT EXISTS (${liveBetween(me, them, r.pendingSince)})
      RETURNING id`),
    prepare(sql`
      INSERT OR IGNORE INTO chat_rooms (request_id, member_a, member_b, created_at)
      SELECT id, requester_id, target_id, ${r.at} FROM chat_requests WHERE id IN (${acceptedNow})`),
    prepare(sql`
      INSERT OR IGNORE INTO chat_room_members (room_id, member_id, opponent_id)
      SELECT id, member_a, member_b FROM chat_rooms WHERE request_id IN (SELECT id FROM chat_requests
        WHERE requester_id = ${them} AND target_id = ${me} AND status = 'ACCEPTED' AND answered_at = ${r.at})
      UNION ALL SELECT id, member_b, member_a FROM chat_rooms WHERE request_id IN (SELECT id FROM chat_requests
        WHERE requester_id = ${them} AND target_id = ${me} AND status = 'ACCEPTED' AND answered_at = ${r.at})`),
    prepare(sql`
      SELECT room.id, room.request_id AS requestId FROM chat_rooms room
      JOIN chat_requests q ON q.id = room.request_id
      WHERE q.requester_id = ${them} AND q.target_id = ${me} AND q.status = 'ACCEPTED' AND q.answered_at = ${r.at}`),
  ]);
  const matched = accepted?.results[0];
  const room = rooms?.results.find((x) => x.requestId === matched?.id);
  if (matched && room) return { kind: 'MATCHED', matchingId: matched.id, roomId: room.id };
  const mine = inserted?.results[0];
  return mine ? { kind: 'PENDING', matchingId: mine.id } : { kind: 'DUPLICATE' };
}

/**
 * Accepts a pending request made to `targetId` and opens its room, in one batch: the room and
 * its two member rows appear only when this call moved the request from PENDING.
 */
export async function acceptRequest(
  db: Db,
  requestId: number,
  targetId: number,
  at: string,
  pendingSince: string,
): Promise<{ accepted: boolean; roomId: number | undefined }> {
  // One D1 batch (a single transaction). Drizzle cannot batch INSERT … SELECT with a subset of
  // columns, so these statements go to the D1 client behind the same handle (makeDb sets $client).
  const d1 = (db as Db & { $client: D1Database }).$client;
  const [updated, , , room] = await d1.batch<{ id: number }>([
    d1
      .prepare(
        `UPDATE chat_requests SET status = 'ACCEPTED', answered_at = ?
         WHERE id = ? AND target_id = ? AND status = 'PENDING' AND created_at > ? RETURNING id`,
      )
      .bind(at, requestId, targetId, pendingSince),
    d1
      .prepare(
        `INSERT OR IGNORE INTO chat_rooms (request_id, member_a, member_b, created_at)
         SELECT id, requester_id, target_id, ? FROM chat_requests WHERE id = ? AND status = 'ACCEPTED'`,
      )
      .bind(at, requestId),
    d1
      .prepare(
        `INSERT OR IGNORE INTO chat_room_members (room_id, member_id, opponent_id)
         SELECT id, member_a, member_b FROM chat_rooms WHERE request_id = ?1
         UNION ALL SELECT id, member_b, member_a FROM chat_rooms WHERE request_id = ?1`,
      )
      .bind(requestId),
    d1.prepare('SELECT id FROM chat_rooms WHERE request_id = ?').bind(requestId),
  ]);
  return { accepted: (updated?.results.length ?? 0) === 1, roomId: room?.results[0]?.id };
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
export async function listPendingFor(
  db: Db,
  memberId: number,
  now: Date,
  pendingSince: string,
  onlyId?: number,
): Promise<PendingRow[]> {
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
