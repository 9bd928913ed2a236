// D1 side of chat: room summaries (one query for the room list), read markers, closing rooms.
// Messages themselves live in each room's Durable Object (worker/src/chat/).
import { and, desc, eq, inArray, isNull, ne, notInArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { RoomCloseReasonCode } from '../../contract/chat';
import { chatRoomMembers, chatRooms, memberImages, members } from '../../db/schema';
import type { Db } from '../../lib/env';
import { clientOf } from '../../lib/db';
import type { MemberAuthState } from '../members/repo';

export type RoomRow = { roomId: number; memberA: number; memberB: number; closedReason: RoomCloseReasonCode | null };

const roomColumns = {
  roomId: chatRooms.id,
  memberA: chatRooms.memberA,
  memberB: chatRooms.memberB,
  closedReason: chatRooms.closedReason,
};

/** findRoomOf as a query, not yet run (a route batches it with the auth statement): 0 or 1 row. */
export function roomOfQuery(db: Db, roomId: number | Placeholder, memberId: number | Placeholder) {
  return db
    .select(roomColumns)
    .from(chatRooms)
    .where(and(eq(chatRooms.id, roomId), or(eq(chatRooms.memberA, memberId), eq(chatRooms.memberB, memberId))))
    .limit(1);
}

/** The room if `memberId` is one of its two members; otherwise nothing (callers answer 404). */
export async function findRoomOf(db: Db, roomId: number, memberId: number): Promise<RoomRow | undefined> {
  const rows = await roomOfQuery(db, roomId, memberId);
  return rows[0];
}

/**
 * A member's auth state (as requireMember reads it) and, in the same statement, the room if they
 * are one of its two members (socket tickets and upgrades: one D1 round trip instead of two).
 */
export async function findMemberAndRoom(
  d1: D1Database,
  memberId: number,
  roomId: number,
): Promise<
  | { member: MemberAuthState; identityVerifiedAt: string | null; room: RoomRow | null; listed: RoomListed | null }
  | undefined
> {
  // On every socket connect (twice: ticket and upgrade), so straight to the D1 client (lib/db.ts
  // clientOf): drizzle's query building was a visible share of connect time.
  const r = await d1
    .prepare(
      `SELECT m.id, m.status, m.banned_until, m.last_active_at, m.birthday, m.identity_verified_at,
              r.id AS room_id, r.member_a, r.member_b, r.closed_reason,
              r.last_message, r.last_message_at, r.last_sender_id, r.message_count,
              (SELECT unread_count FROM chat_room_members WHERE room_id = r.id AND member_id = r.member_a) AS unread_a,
              (SELECT unread_count FROM chat_room_members WHERE room_id = r.id AND member_id = r.member_b) AS unread_b
         FROM members m
         LEFT JOIN chat_rooms r ON r.id = ?2 AND (r.member_a = m.id OR r.member_b = m.id)
        WHERE m.id = ?1 AND m.deleted_at IS NULL
        LIMIT 1`,
    )
    .bind(memberId, roomId)
    .first<{
      id: number;
      status: MemberAuthState['status'];
      banned_until: string | null;
      last_active_at: string;
      birthday: string;
      identity_verified_at: string | null;
      room_id: number | null;
      member_a: number | null;
      member_b: number | null;
      closed_reason: RoomCloseReasonCode | null;
      last_message: string | null;
      last_message_at: string | null;
      last_sender_id: number | null;
      message_count: number | null;
      unread_a: number | null;
      unread_b: number | null;
    }>();
  if (!r) return undefined;
  const member = {
    id: r.id,
    status: r.status,
    bannedUntil: r.banned_until,
    lastActiveAt: r.last_active_at,
    birthday: r.birthday,
  };
  const room =
    r.room_id === null || r.member_a === null || r.member_b === null
      ? null
      : { roomId: r.room_id, memberA: r.member_a, memberB: r.member_b, closedReason: r.closed_reason };
  const listed: RoomListed | null = room
    ? {
        lastMessage: r.last_message,
        lastMessageAt: r.last_message_at,
        lastSenderId: r.last_sender_id,
        messageCount: r.message_count ?? 0,
        unreadA: r.unread_a,
        unreadB: r.unread_b,
      }
    : null;
  return { member, identityVerifiedAt: r.identity_verified_at, room, listed };
}

/**
 * What D1's room list holds for a room, read with the connect's own query: the room compares it
 * with its store and reconciles only where they differ (docs/chat.md "Reconciling D1 with the
 * room"). `unreadA`/`unreadB`: each member's unread count, null when their row is missing.
 */
export type RoomListed = {
  lastMessage: string | null;
  lastMessageAt: string | null;
  lastSenderId: number | null;
  messageCount: number;
  unreadA: number | null;
  unreadB: number | null;
};

export type RoomListRow = {
  chatRoomId: number;
  matchingId: number;
  opponentId: number;
  opponentName: string;
  opponentDeletedAt: string | null;
  opponentImageKey: string | null;
  opponentIdentityVerified: boolean;
  opponentPhotoVerified: boolean;
  unreadCount: number;
  lastMessage: string | null;
  lastMessageAt: string | null;
  messageCount: number;
  createdAt: string;
  closedReason: RoomCloseReasonCode | null;
};

/**
 * The member's rooms, newest conversation first, in one query. Rooms the member closed
 * themselves (left or blocked) are gone from their list; the other side still sees them, ended.
 * Not yet run: `GET /api/on/chat-rooms` batches it with the auth statement (requireMemberAnd),
 * so its column names stay unique (batched rows are keyed by name).
 */
export function listRoomsQuery(db: Db, memberId: number | Placeholder, onlyRoomId?: number | SQL) {
  return db
    .select({
      chatRoomId: chatRooms.id,
      matchingId: chatRooms.requestId,
      opponentId: chatRoomMembers.opponentId,
      opponentName: members.name,
      opponentDeletedAt: members.deletedAt,
      opponentImageKey: memberImages.objectKey,
      opponentIdentityVerified: sql<boolean>`${members.identityVerifiedAt} IS NOT NULL`.mapWith(Boolean),
      opponentPhotoVerified: sql<boolean>`${members.photoVerifiedAt} IS NOT NULL`.mapWith(Boolean),
      unreadCount: chatRoomMembers.unreadCount,
      lastMessage: chatRooms.lastMessage,
      lastMessageAt: chatRooms.lastMessageAt,
      messageCount: chatRooms.messageCount,
      createdAt: chatRooms.createdAt,
      closedReason: chatRooms.closedReason,
    })
    .from(chatRoomMembers)
    .innerJoin(chatRooms, eq(chatRooms.id, chatRoomMembers.roomId))
    .innerJoin(members, eq(members.id, chatRoomMembers.opponentId))
    .leftJoin(memberImages, and(eq(memberImages.memberId, chatRoomMembers.opponentId), eq(memberImages.slot, 0)))
    .where(
      and(
        eq(chatRoomMembers.memberId, memberId),
        onlyRoomId === undefined ? undefined : eq(chatRooms.id, onlyRoomId),
        or(
          isNull(chatRooms.closedBy),
          ne(chatRooms.closedBy, memberId),
          notInArray(chatRooms.closedReason, ['LEFT', 'BLOCKED']),
        ),
      ),
    )
    .orderBy(desc(sql`coalesce(${chatRooms.lastMessageAt}, ${chatRooms.createdAt})`), desc(chatRooms.id));
}

export type SummaryWrite = {
  lastMessage: string;
  lastMessageAt: string;
  lastSenderId: number;
  messageCount: number;
  /** Per member, the ids of the messages that count unread for them. */
  unread: Map<number, number[]>;
};

/**
 * Writes the room's last message and unread counts after messages (one batch, one round trip)
 * and, when asked, answers each member's unread count. Older summaries never overwrite newer ones,
 * and a message D1 already counted (id ≤ its message_count) is not counted again, so writing the
 * same summary twice (a retry after a crash) changes nothing.
 */
export async function writeRoomSummary(
  db: Db,
  roomId: number,
  s: SummaryWrite,
  withCounts: boolean,
): Promise<Map<number, number>> {
  // From every busy room's alarm, so straight to the D1 client (as findMemberAndRoom): the
  // statements are fixed, and drizzle's query building was most of the Worker's share of a write.
  const d1 = clientOf(db);
  const summary = d1
    .prepare(
      `UPDATE chat_rooms SET last_message = ?1, last_message_at = ?2, last_sender_id = ?3, message_count = ?4
        WHERE id = ?5 AND message_count < ?4`,
    )
    .bind(s.lastMessage, s.lastMessageAt, s.lastSenderId, s.messageCount, roomId);
  // The increments go first: they compare against the count D1 had before this summary.
  const increments = [...s.unread].map(([memberId, ids]) =>
    d1
      .prepare(
        `UPDATE chat_room_members
            SET unread_count = unread_count + (SELECT count(*) FROM json_each(?1)
                                                WHERE value > (SELECT message_count FROM chat_rooms WHERE id = ?2))
          WHERE room_id = ?2 AND member_id = ?3`,
      )
      .bind(JSON.stringify(ids), roomId, memberId),
  );
  if (!withCounts) {
    if (increments.length === 0) await summary.run();
    else await d1.batch([...increments, summary]);
    return new Map();
  }
  const counts = d1
    .prepare('SELECT member_id AS memberId, unread_count AS unread FROM chat_room_members WHERE room_id = ?1')
    .bind(roomId);
  const results = await d1.batch<{ memberId: number; unread: number }>([...increments, summary, counts]);
  const rows = results[results.length - 1]?.results ?? [];
  return new Map(rows.map((r) => [r.memberId, r.unread]));
}

/** The room list's preview after its last message was unsent (only while that message is still the last). */
export async function writeRoomPreview(db: Db, roomId: number, messageId: number, preview: string): Promise<void> {
  await db
    .update(chatRooms)
    .set({ lastMessage: preview })
    .where(and(eq(chatRooms.id, roomId), eq(chatRooms.messageCount, messageId)));
}

/** What the room's own store says D1 should hold (ChatRoom.reconcile). */
export type RoomTruth = {
  /** The room list's summary; null for a room without messages (D1's summary is then left alone). */
  summary: Omit<SummaryWrite, 'unread'> | null;
  /** Both members' rows: their unread count as the room counts it, and the reader's read time. */
  members: { memberId: number; opponentId: number; unread: number; readAt: string | null }[];
};

/**
 * Makes D1's room list agree with the room's own store, in one batch (one round trip): the summary
 * and each member's unread count are rewritten only where they differ (a statement that matches
 * no row writes nothing), a missing `chat_room_members` row is created, and the reader's row gets
 * its read time. Run by the room only, in order with its summary writes (docs/chat.md "Reconciling").
 */
export async function writeRoomTruth(db: Db, roomId: number, t: RoomTruth): Promise<void> {
  const d1 = clientOf(db);
  const statements = t.members.map((m) =>
    d1
      .prepare(
        `INSERT INTO chat_room_members (room_id, member_id, opponent_id, unread_count, last_read_at)
         SELECT ?1, ?2, ?3, ?4, ?5
          WHERE EXISTS (SELECT 1 FROM chat_rooms WHERE id = ?1 AND member_a IN (?2, ?3) AND member_b IN (?2, ?3))
            AND EXISTS (SELECT 1 FROM members WHERE id = ?2) AND EXISTS (SELECT 1 FROM members WHERE id = ?3)
         ON CONFLICT (room_id, member_id) DO UPDATE SET unread_count = excluded.unread_count,
           last_read_at = coalesce(excluded.last_read_at, chat_room_members.last_read_at)
         WHERE chat_room_members.unread_count <> excluded.unread_count OR excluded.last_read_at IS NOT NULL`,
      )
      .bind(roomId, m.memberId, m.opponentId, m.unread, m.readAt),
  );
  const s = t.summary;
  if (s) {
    statements.push(
      d1
        .prepare(
          `UPDATE chat_rooms SET last_message = ?1, last_message_at = ?2, last_sender_id = ?3, message_count = ?4
            WHERE id = ?5 AND NOT (last_message IS ?1 AND last_message_at IS ?2 AND last_sender_id IS ?3
                                   AND message_count = ?4)`,
        )
        .bind(s.lastMessage, s.lastMessageAt, s.lastSenderId, s.messageCount, roomId),
    );
  }
  await d1.batch(statements);
}

type CloseInput = { by: number; reason: RoomCloseReasonCode; at: string };

const closeSet = (c: CloseInput) => ({ closedAt: c.at, closedReason: c.reason, closedBy: c.by });

/** Closes one open room; answers it if this call closed it. */
export async function closeRoom(db: Db, roomId: number, c: CloseInput): Promise<RoomRow | undefined> {
  const rows = await db
    .update(chatRooms)
    .set(closeSet(c))
    .where(and(eq(chatRooms.id, roomId), isNull(chatRooms.closedAt)))
    .returning(roomColumns);
  return rows[0];
}

export async function closeRoomsBetween(db: Db, a: number, b: number, c: CloseInput): Promise<RoomRow[]> {
  return db
    .update(chatRooms)
    .set(closeSet(c))
    .where(
      and(
        isNull(chatRooms.closedAt),
        or(
          and(eq(chatRooms.memberA, a), eq(chatRooms.memberB, b)),
          and(eq(chatRooms.memberA, b), eq(chatRooms.memberB, a)),
        ),
      ),
    )
    .returning(roomColumns);
}

export async function closeRoomsOf(db: Db, memberId: number, c: CloseInput): Promise<RoomRow[]> {
  return db
    .update(chatRooms)
    .set(closeSet(c))
    .where(and(isNull(chatRooms.closedAt), or(eq(chatRooms.memberA, memberId), eq(chatRooms.memberB, memberId))))
    .returning(roomColumns);
}

export type WaitingRoomRow = {
  chatRoomId: number;
  opponentId: number;
  opponentName: string;
  opponentImageKey: string | null;
  lastMessageAt: string;
  total: number;
};

/**
 * The open rooms waiting on the member's reply (the other member wrote last, as D1's summary says),
 * oldest wait first, at most `limit`, each row carrying the full count: one query (the your-turn limit).
 */
export async function waitingRoomsOf(db: Db, memberId: number, limit: number): Promise<WaitingRoomRow[]> {
  return db.all<WaitingRoomRow>(waitingRoomsQuery(memberId, limit));
}

/** waitingRoomsOf's statement (for a batch: rawRead). */
export function waitingRoomsQuery(memberId: number, limit: number): SQL {
  return sql`SELECT r.id AS chatRoomId, crm.opponent_id AS opponentId, m.name AS opponentName,
              mi.object_key AS opponentImageKey, r.last_message_at AS lastMessageAt, count(*) OVER () AS total
         FROM chat_room_members crm
         JOIN chat_rooms r ON r.id = crm.room_id
         JOIN members m ON m.id = crm.opponent_id
         LEFT JOIN member_images mi ON mi.member_id = crm.opponent_id AND mi.slot = 0
        WHERE crm.member_id = ${memberId} AND r.closed_at IS NULL AND r.last_sender_id = crm.opponent_id
        ORDER BY r.last_message_at, r.id
        LIMIT ${limit}`;
}

/**
 * Closes an open room silent since `silentBefore` or earlier (its last message, or its opening when
 * nobody wrote: the check and the close are one statement). Answers the room if this call closed it.
 */
export async function closeQuietRoom(
  db: Db,
  roomId: number,
  c: CloseInput,
  silentBefore: string,
): Promise<RoomRow | undefined> {
  const rows = await db
    .update(chatRooms)
    .set(closeSet(c))
    .where(
      and(
        eq(chatRooms.id, roomId),
        isNull(chatRooms.closedAt),
        sql`coalesce(${chatRooms.lastMessageAt}, ${chatRooms.createdAt}) <= ${silentBefore}`,
      ),
    )
    .returning(roomColumns);
  return rows[0];
}

/** Every room the member is in, open or closed (to reach their sockets). */
export async function roomIdsOf(db: Db, memberId: number): Promise<number[]> {
  const rows = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(or(eq(chatRooms.memberA, memberId), eq(chatRooms.memberB, memberId)));
  return rows.map((r) => r.id);
}

export type MemberCard = { id: number; name: string; deletedAt: string | null; imageKey: string | null };

/** Names and main photos of a few members (request notices, accept answers). */
export async function memberCards(db: Db, ids: number[]): Promise<MemberCard[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: members.id, name: members.name, deletedAt: members.deletedAt, imageKey: memberImages.objectKey })
    .from(members)
    .leftJoin(memberImages, and(eq(memberImages.memberId, members.id), eq(memberImages.slot, 0)))
    .where(inArray(members.id, ids));
}

/**
 * The operators' desk rows for a room's flagged messages (room-safety.ts), one batch. Idempotent:
 * one row per room and message (`safety_flags_room_message`), so a repeated write changes nothing.
 * A member gone since (withdrawn: their rows cascade away) gets no row, so the alarm never retries
 * a write that cannot succeed.
 */
export async function writeSafetyFlags(
  db: Db,
  roomId: number,
  flags: { messageId: number; senderId: number; receiverId: number; kinds: string; early: boolean; sentAt: string }[],
): Promise<void> {
  if (flags.length === 0) return;
  const d1 = clientOf(db);
  await d1.batch(
    flags.map((f) =>
      d1
        .prepare(
          `INSERT INTO safety_flags (room_id, message_id, sender_id, receiver_id, kinds, early, created_at)
           SELECT ?1, ?2, ?3, (SELECT id FROM members WHERE id = ?4), ?5, ?6, ?7
            WHERE EXISTS (SELECT 1 FROM members WHERE id = ?3)
           ON CONFLICT (room_id, message_id) DO NOTHING`,
        )
        .bind(roomId, f.messageId, f.senderId, f.receiverId, f.kinds, f.early ? 1 : 0, f.sentAt),
    ),
  );
}
