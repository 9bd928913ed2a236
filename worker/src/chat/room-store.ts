// A chat room's own SQLite storage (inside its Durable Object): messages and the room's identity
// and state as last synced from D1. Every call is synchronous (SQLite in the object's isolate).
import type { ChatMessage, RoomCloseReasonCode } from '../contract/chat';

export type RoomInfo = { roomId: number; memberA: number; memberB: number; closedReason: RoomCloseReasonCode | null };

export type StoredRow = ChatMessage & { clientMsgId: string | null };

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS messages (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     sender_id INTEGER NOT NULL,
     content TEXT NOT NULL,
     sent_at TEXT NOT NULL,
     sent_ms INTEGER NOT NULL,
     client_msg_id TEXT
   )`,
  'CREATE INDEX IF NOT EXISTS messages_sender_time ON messages (sender_id, sent_ms)',
  'CREATE UNIQUE INDEX IF NOT EXISTS messages_client_id ON messages (sender_id, client_msg_id)',
  'CREATE TABLE IF NOT EXISTS room (id INTEGER PRIMARY KEY CHECK (id = 1), room_id INTEGER NOT NULL, member_a INTEGER NOT NULL, member_b INTEGER NOT NULL, closed_reason TEXT)',
];

type MessageRecord = { id: number; sender_id: number; content: string; sent_at: string; client_msg_id: string | null };

const toRow = (r: MessageRecord): StoredRow => ({
  id: r.id,
  senderId: r.sender_id,
  content: r.content,
  sentAt: r.sent_at,
  clientMsgId: r.client_msg_id,
});

export class RoomStore {
  /** The room row, read once per object instance (every change goes through this instance). */
  private cached: RoomInfo | null | undefined;

  constructor(private readonly sql: SqlStorage) {
    for (const statement of SCHEMA) sql.exec(statement);
  }

  info(): RoomInfo | null {
    if (this.cached === undefined) this.cached = this.readInfo();
    return this.cached;
  }

  private readInfo(): RoomInfo | null {
    const rows = this.sql
      .exec<{ room_id: number; member_a: number; member_b: number; closed_reason: string | null }>(
        'SELECT room_id, member_a, member_b, closed_reason FROM room WHERE id = 1',
      )
      .toArray();
    const r = rows[0];
    if (!r) return null;
    return {
      roomId: r.room_id,
      memberA: r.member_a,
      memberB: r.member_b,
      closedReason: r.closed_reason as RoomCloseReasonCode | null,
    };
  }

  /** D1 is the source of truth for who is in the room and whether it is closed. */
  saveInfo(info: RoomInfo): void {
    this.sql.exec(
      `INSERT INTO room (id, room_id, member_a, member_b, closed_reason) VALUES (1, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET room_id = excluded.room_id, member_a = excluded.member_a,
         member_b = excluded.member_b, closed_reason = COALESCE(room.closed_reason, excluded.closed_reason)`,
      info.roomId,
      info.memberA,
      info.memberB,
      info.closedReason,
    );
    this.cached = this.readInfo();
  }

  markClosed(reason: RoomCloseReasonCode): void {
    this.sql.exec('UPDATE room SET closed_reason = COALESCE(closed_reason, ?) WHERE id = 1', reason);
    this.cached = this.readInfo();
  }

  findByClientId(senderId: number, clientMsgId: string): StoredRow | null {
    const rows = this.sql
      .exec<MessageRecord>(
        'SELECT id, sender_id, content, sent_at, client_msg_id FROM messages WHERE sender_id = ? AND client_msg_id = ?',
        senderId,
        clientMsgId,
      )
      .toArray();
    return rows[0] ? toRow(rows[0]) : null;
  }

  /**
   * Stores a message unless the sender already sent this clientMsgId or has sent `burst` messages
   * since `windowStartMs` — one statement on the common path. Null means refused; the caller
   * tells which by looking for the earlier message.
   */
  insertWithinLimit(
    m: { senderId: number; content: string; sentAt: Date; clientMsgId: string },
    limit: { burst: number; windowStartMs: number },
  ): StoredRow | null {
    const rows = this.sql
      .exec<MessageRecord>(
        `INSERT INTO messages (sender_id, content, sent_at, sent_ms, client_msg_id)
         SELECT ?1, ?2, ?3, ?4, ?5
         WHERE (SELECT COUNT(*) FROM messages WHERE sender_id = ?1 AND sent_ms > ?6) < ?7
         ON CONFLICT (sender_id, client_msg_id) DO NOTHING
         RETURNING id, sender_id, content, sent_at, client_msg_id`,
        m.senderId,
        m.content,
        m.sentAt.toISOString(),
        m.sentAt.getTime(),
        m.clientMsgId,
        limit.windowStartMs,
        limit.burst,
      )
      .toArray();
    return rows[0] ? toRow(rows[0]) : null;
  }

  /** The newest message (its id is the room's message count), or null in an empty room. */
  latest(): ChatMessage | null {
    return this.page(null, 1)[0] ?? null;
  }

  /** A page of messages before `beforeId` (or the latest), oldest → newest. */
  page(beforeId: number | null, limit: number): ChatMessage[] {
    const rows = this.sql
      .exec<MessageRecord>(
        `SELECT id, sender_id, content, sent_at, client_msg_id FROM messages
         WHERE id < ? ORDER BY id DESC LIMIT ?`,
        beforeId ?? Number.MAX_SAFE_INTEGER,
        limit,
      )
      .toArray();
    return rows.reverse().map((r) => ({ id: r.id, senderId: r.sender_id, content: r.content, sentAt: r.sent_at }));
  }
}
