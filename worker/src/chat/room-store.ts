// A chat room's own SQLite storage (inside its Durable Object): messages and the room's identity
// and state as last synced from D1. Every call is synchronous (SQLite in the object's isolate).
import type { ChatMessage, RoomCloseReasonCode } from '../contract/chat';

export type RoomInfo = { roomId: number; memberA: number; memberB: number; closedReason: RoomCloseReasonCode | null };

/**
 * A message as stored: a photo has `imageKey` (R2, private) and empty content; an unsent message
 * keeps its original content and key (report evidence) with `deletedMs` set. Clients get
 * `toClientMessage` of it (no key, nothing of an unsent message).
 */
export type StoredMessage = {
  id: number;
  senderId: number;
  content: string;
  sentAt: string;
  sentMs: number;
  clientMsgId: string | null;
  imageKey: string | null;
  deletedMs: number | null;
};

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
  // Read receipts: up to which message each member has read (never in D1).
  'CREATE TABLE IF NOT EXISTS reads (member_id INTEGER PRIMARY KEY, last_read_id INTEGER NOT NULL)',
];

/** Columns added after rooms already had messages (photos, unsending): added once per object. */
const ADDED_COLUMNS = { image_key: 'TEXT', deleted_ms: 'INTEGER' } as const;

const COLUMNS = 'id, sender_id, content, sent_at, sent_ms, client_msg_id, image_key, deleted_ms';

type MessageRecord = {
  id: number;
  sender_id: number;
  content: string;
  sent_at: string;
  sent_ms: number;
  client_msg_id: string | null;
  image_key: string | null;
  deleted_ms: number | null;
};

const toStored = (r: MessageRecord): StoredMessage => ({
  id: r.id,
  senderId: r.sender_id,
  content: r.content,
  sentAt: r.sent_at,
  sentMs: r.sent_ms,
  clientMsgId: r.client_msg_id,
  imageKey: r.image_key,
  deletedMs: r.deleted_ms,
});

/** What the room's members see: an unsent message is only its place; a photo's key never leaves. */
export function toClientMessage(m: StoredMessage, imageUrl: string | null): ChatMessage {
  const base = { id: m.id, senderId: m.senderId, sentAt: m.sentAt };
  if (m.deletedMs !== null) return { ...base, content: '', deleted: true };
  if (m.imageKey !== null) return { ...base, content: m.content, imageUrl };
  return { ...base, content: m.content };
}

export class RoomStore {
  /** The room row, read once per object instance (every change goes through this instance). */
  private cached: RoomInfo | null | undefined;

  constructor(private readonly sql: SqlStorage) {
    for (const statement of SCHEMA) sql.exec(statement);
    const existing = new Set(
      sql
        .exec<{ name: string }>('SELECT name FROM pragma_table_info(?)', 'messages')
        .toArray()
        .map((c) => c.name),
    );
    for (const [column, type] of Object.entries(ADDED_COLUMNS)) {
      if (!existing.has(column)) sql.exec(`ALTER TABLE messages ADD COLUMN ${column} ${type}`);
    }
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

  findByClientId(senderId: number, clientMsgId: string): StoredMessage | null {
    const rows = this.sql
      .exec<MessageRecord>(
        `SELECT ${COLUMNS} FROM messages WHERE sender_id = ? AND client_msg_id = ?`,
        senderId,
        clientMsgId,
      )
      .toArray();
    return rows[0] ? toStored(rows[0]) : null;
  }

  find(id: number): StoredMessage | null {
    const rows = this.sql.exec<MessageRecord>(`SELECT ${COLUMNS} FROM messages WHERE id = ?`, id).toArray();
    return rows[0] ? toStored(rows[0]) : null;
  }

  /** Marks a message unsent (its content and key stay for report evidence). */
  markDeleted(id: number, atMs: number): void {
    this.sql.exec('UPDATE messages SET deleted_ms = COALESCE(deleted_ms, ?) WHERE id = ?', atMs, id);
  }

  /** Each member's last-read message id (0 when they have read nothing). */
  lastRead(memberId: number): number {
    const row = this.sql
      .exec<{ last_read_id: number }>('SELECT last_read_id FROM reads WHERE member_id = ?', memberId)
      .toArray()[0];
    return row?.last_read_id ?? 0;
  }

  /** Moves the member's read mark forward to `id` (never back); true when it moved. */
  markRead(memberId: number, id: number): boolean {
    if (id <= 0) return false;
    const moved = this.sql
      .exec(
        `INSERT INTO reads (member_id, last_read_id) VALUES (?1, ?2)
         ON CONFLICT (member_id) DO UPDATE SET last_read_id = excluded.last_read_id
         WHERE excluded.last_read_id > reads.last_read_id
         RETURNING last_read_id`,
        memberId,
        id,
      )
      .toArray();
    return moved.length > 0;
  }

  /**
   * Stores a message unless the sender already sent this clientMsgId or has sent `burst` messages
   * since `windowStartMs` — one statement on the common path. Null means refused; the caller
   * tells which by looking for the earlier message.
   */
  insertWithinLimit(
    m: { senderId: number; content: string; sentAt: Date; clientMsgId: string | null; imageKey?: string | null },
    limit: { burst: number; windowStartMs: number },
  ): StoredMessage | null {
    const rows = this.sql
      .exec<MessageRecord>(
        `INSERT INTO messages (sender_id, content, sent_at, sent_ms, client_msg_id, image_key)
         SELECT ?1, ?2, ?3, ?4, ?5, ?8
         WHERE (SELECT COUNT(*) FROM messages WHERE sender_id = ?1 AND sent_ms > ?6) < ?7
         ON CONFLICT (sender_id, client_msg_id) DO NOTHING
         RETURNING ${COLUMNS}`,
        m.senderId,
        m.content,
        m.sentAt.toISOString(),
        m.sentAt.getTime(),
        m.clientMsgId,
        limit.windowStartMs,
        limit.burst,
        m.imageKey ?? null,
      )
      .toArray();
    return rows[0] ? toStored(rows[0]) : null;
  }

  /** The newest message (its id is the room's message count), or null in an empty room. */
  latest(): StoredMessage | null {
    return this.page(null, 1)[0] ?? null;
  }

  /** A page of messages before `beforeId` (or the latest), oldest → newest, as stored. */
  page(beforeId: number | null, limit: number): StoredMessage[] {
    const rows = this.sql
      .exec<MessageRecord>(
        `SELECT ${COLUMNS} FROM messages WHERE id < ? ORDER BY id DESC LIMIT ?`,
        beforeId ?? Number.MAX_SAFE_INTEGER,
        limit,
      )
      .toArray();
    return rows.reverse().map(toStored);
  }
}
