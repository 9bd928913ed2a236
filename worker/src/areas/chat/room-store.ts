// A chat room's own SQLite storage (inside its Durable Object): messages and the room's identity
// and state as last synced from D1. Every call is synchronous (SQLite in the object's isolate).
import { type ChatMessage, type ChatReplyRef, type RoomCloseReasonCode, replyPreview } from '../../contract/chat';
import { parseWaveform, waveformText } from '../../contract/voice-wave';
import type { SafetyKind } from '../../contract/safety/kinds';
import { kindsFromText, kindsToText, receiverWarnedKinds } from '../../contract/safety/chat';
import { createMissing, readSchema, type SchemaItem } from './sql-schema';
import { CALL_KINDS, CALL_OUTCOMES, type MessageCall } from '../../contract/voice';

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
  /** The message this one answers (답장), an id in this room; null for others. */
  replyToId: number | null;
  /** What the safety detector found in the text when it was stored (empty: nothing). */
  safetyKinds: SafetyKind[];
  /** A photo shown blurred to its receiver (PHOTO_BLUR_UNTIL_REPLIES). */
  blurred: boolean;
  /** A voice note (docs/voice.md "Voice notes"): its R2 key (private), duration and waveform; null for others. */
  audioKey: string | null;
  durationMs: number | null;
  waveform: number[] | null;
  /** A call line (room-call.ts): `content` holds its neutral words (the room list's preview). */
  call?: MessageCall | null;
};

/**
 * Send times are read back by id (the primary key) on a cold start (`sentSince`): an index on them
 * cost every INSERT a second B-tree for a read made once per sender per object instance.
 */
const DROPPED_INDEX = 'messages_sender_time';

/**
 * Columns added after rooms already had messages (photos, unsending, read on arrival, replies): a new
 * room's table is made with them, an older room's gets each one added once. `read_on_arrival` is 1 when the recipient had a socket on the room as the message
 * was stored: they read it then (read receipts), recorded in the message's own INSERT.
 */
const ADDED_COLUMNS = {
  image_key: 'TEXT',
  deleted_ms: 'INTEGER',
  read_on_arrival: 'INTEGER',
  reply_to: 'INTEGER',
  // The safety shield (docs/safety.md "In chat"): the detector's kinds, comma-separated (null:
  // none), and 1 for a photo blurred for its receiver; both decided once, as the message is stored.
  safety_kinds: 'TEXT',
  blurred: 'INTEGER',
  // Voice notes (docs/voice.md): the R2 key, the checked duration, the waveform's bars comma-separated.
  audio_key: 'TEXT',
  duration_ms: 'INTEGER',
  waveform: 'TEXT',
  // A call line (docs/voice.md "Calls"): the MessageCall as JSON.
  call: 'TEXT',
} as const;

const SCHEMA: SchemaItem[] = [
  {
    name: 'messages',
    // A new room gets every column at once; rooms made before a column existed get it in the constructor.
    create: `CREATE TABLE IF NOT EXISTS messages (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     sender_id INTEGER NOT NULL,
     content TEXT NOT NULL,
     sent_at TEXT NOT NULL,
     sent_ms INTEGER NOT NULL,
     client_msg_id TEXT,
     ${Object.entries(ADDED_COLUMNS)
       .map(([column, type]) => `${column} ${type}`)
       .join(',\n     ')}
   )`,
  },
  {
    name: 'messages_client_id',
    create: 'CREATE UNIQUE INDEX IF NOT EXISTS messages_client_id ON messages (sender_id, client_msg_id)',
  },
  {
    name: 'room',
    create:
      'CREATE TABLE IF NOT EXISTS room (id INTEGER PRIMARY KEY CHECK (id = 1), room_id INTEGER NOT NULL, member_a INTEGER NOT NULL, member_b INTEGER NOT NULL, closed_reason TEXT)',
  },
  // Read receipts: up to which message each member has read (never in D1).
  {
    name: 'reads',
    create: 'CREATE TABLE IF NOT EXISTS reads (member_id INTEGER PRIMARY KEY, last_read_id INTEGER NOT NULL)',
  },
];

const COLUMNS =
  'id, sender_id, content, sent_at, sent_ms, client_msg_id, image_key, deleted_ms, reply_to, safety_kinds, blurred, audio_key, duration_ms, waveform, call';

type MessageRecord = {
  id: number;
  sender_id: number;
  content: string;
  sent_at: string;
  sent_ms: number;
  client_msg_id: string | null;
  image_key: string | null;
  deleted_ms: number | null;
  reply_to: number | null;
  safety_kinds: string | null;
  blurred: number | null;
  audio_key: string | null;
  duration_ms: number | null;
  waveform: string | null;
  call: string | null;
};

/** A stored call line's JSON read back (anything else: not a call line). */
function callOf(text: string | null): MessageCall | null {
  if (text === null) return null;
  try {
    const v = JSON.parse(text) as MessageCall;
    if (
      !(CALL_KINDS as readonly string[]).includes(v.kind) ||
      !(CALL_OUTCOMES as readonly string[]).includes(v.outcome)
    ) {
      return null;
    }
    return { kind: v.kind, outcome: v.outcome, durationMs: v.durationMs ?? null, callerId: v.callerId };
  } catch {
    return null;
  }
}

const toStored = (r: MessageRecord): StoredMessage => ({
  id: r.id,
  senderId: r.sender_id,
  content: r.content,
  sentAt: r.sent_at,
  sentMs: r.sent_ms,
  clientMsgId: r.client_msg_id,
  imageKey: r.image_key,
  deletedMs: r.deleted_ms,
  replyToId: r.reply_to,
  safetyKinds: kindsFromText(r.safety_kinds),
  blurred: r.blurred === 1,
  audioKey: r.audio_key,
  durationMs: r.duration_ms,
  waveform: r.audio_key === null ? null : parseWaveform(r.waveform ?? ''),
  call: callOf(r.call),
});

/**
 * What the room's members see: an unsent message is only its place; a photo's or voice note's key
 * never leaves (`mediaUrl` is the signed link of either).
 * `replyTo`: the quoted original of a reply (`replyRef`), kept off an unsent reply. `viewerId`:
 * who receives this copy — the receiver's (anyone but the sender) carries `safety` (warned kinds
 * only) and `blurred`; the sender's never does (a warning is not an accusation).
 */
export function toClientMessage(
  m: StoredMessage,
  mediaUrl: string | null,
  replyTo?: ChatReplyRef | null,
  viewerId: number | null = null,
): ChatMessage {
  const base = { id: m.id, senderId: m.senderId, sentAt: m.sentAt };
  if (m.deletedMs !== null) return { ...base, content: '', deleted: true };
  if (m.call) return { ...base, content: '', call: m.call };
  const quoted = replyTo ? { replyTo } : {};
  const receiver = viewerId !== null && viewerId !== m.senderId;
  if (m.imageKey !== null) {
    const imageUrl = mediaUrl;
    return { ...base, content: m.content, imageUrl, ...quoted, ...(receiver && m.blurred ? { blurred: true } : {}) };
  }
  if (m.audioKey !== null && mediaUrl !== null) {
    const voice = { audioUrl: mediaUrl, durationMs: m.durationMs ?? 0, waveform: m.waveform ?? [] };
    return { ...base, content: '', ...voice, ...quoted };
  }
  const warned = receiver ? receiverWarnedKinds(m.safetyKinds) : [];
  return { ...base, content: m.content, ...quoted, ...(warned.length > 0 ? { safety: { kinds: warned } } : {}) };
}

/** A reply's quote of its original, as stored now: an unsent or photo original reads neutrally. */
export function replyRef(original: StoredMessage): ChatReplyRef {
  return {
    id: original.id,
    senderId: original.senderId,
    preview: replyPreview({
      content: original.content,
      deleted: original.deletedMs !== null,
      photo: original.imageKey !== null,
      voice: original.audioKey !== null,
    }),
  };
}

export class RoomStore {
  /** The room row, read once per object instance (every change goes through this instance). */
  private cached: RoomInfo | null | undefined;
  /** The newest message, read once per instance, then kept by `noteStored`/`markDeleted`. */
  private newest: StoredMessage | null | undefined;
  /** Read marks already read from (or written to) SQLite by this instance. */
  private readonly reads = new Map<number, number>();
  /**
   * This instance made the messages and reads tables and has stored nothing since: nobody has read
   * or missed anything, so a new room's first connects read neither table (SQLite prepares every
   * statement anew in each object: bench/chat/RESULTS.md, eleventh round).
   */
  private pristine = false;

  /** `schema`: what the object's SQLite has (`readSchema(sql, 'messages')`), read once per start. */
  constructor(
    private readonly sql: SqlStorage,
    schema: ReadonlySet<string> = readSchema(sql, 'messages'),
  ) {
    if (schema.has(DROPPED_INDEX)) sql.exec(`DROP INDEX IF EXISTS ${DROPPED_INDEX}`);
    // A table made before a column existed gets it added; a new table was made with every column.
    if (schema.has('messages')) {
      for (const [column, type] of Object.entries(ADDED_COLUMNS)) {
        if (!schema.has(`messages.${column}`)) sql.exec(`ALTER TABLE messages ADD COLUMN ${column} ${type}`);
      }
    }
    createMissing(sql, SCHEMA, schema);
    // Tables this instance has just made are empty.
    if (!schema.has('room')) this.cached = null;
    if (!schema.has('messages')) this.newest = null;
    this.pristine = !schema.has('messages') && !schema.has('reads');
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

  /**
   * D1 is the source of truth for who is in the room and whether it is closed (a closed room stays
   * closed with its first reason). Written only when it changes what the room has.
   */
  saveInfo(info: RoomInfo): void {
    const current = this.info();
    const next: RoomInfo = { ...info, closedReason: current?.closedReason ?? info.closedReason };
    if (
      current &&
      current.roomId === next.roomId &&
      current.memberA === next.memberA &&
      current.memberB === next.memberB &&
      current.closedReason === next.closedReason
    ) {
      return;
    }
    this.sql.exec(
      `INSERT INTO room (id, room_id, member_a, member_b, closed_reason) VALUES (1, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET room_id = excluded.room_id, member_a = excluded.member_a,
         member_b = excluded.member_b, closed_reason = COALESCE(room.closed_reason, excluded.closed_reason)`,
      info.roomId,
      info.memberA,
      info.memberB,
      info.closedReason,
    );
    this.cached = next;
  }

  markClosed(reason: RoomCloseReasonCode): void {
    this.sql.exec('UPDATE room SET closed_reason = COALESCE(closed_reason, ?) WHERE id = 1', reason);
    const current = this.info();
    if (current) this.cached = { ...current, closedReason: current.closedReason ?? reason };
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
    if (this.newest?.id === id) this.newest = undefined;
  }

  /**
   * Each member's last-read message id (0 when they have read nothing): the `reads` row (moved by
   * connecting, `POST …/read` and read frames) or the newest message from the other member that
   * was read on arrival, whichever is later. Read from SQLite once per member per instance.
   */
  lastRead(memberId: number): number {
    const known = this.reads.get(memberId);
    if (known !== undefined) return known;
    if (this.pristine) {
      this.reads.set(memberId, 0);
      return 0;
    }
    const row = this.sql
      .exec<{ last_read_id: number }>('SELECT last_read_id FROM reads WHERE member_id = ?', memberId)
      .toArray()[0];
    const marked = row?.last_read_id ?? 0;
    // Newest first by id, only above the stored mark: usually the first rows looked at.
    const arrived = this.sql
      .exec<{ id: number }>(
        'SELECT id FROM messages WHERE id > ? AND sender_id <> ? AND read_on_arrival = 1 ORDER BY id DESC LIMIT 1',
        marked,
        memberId,
      )
      .toArray()[0];
    const lastRead = Math.max(marked, arrived?.id ?? 0);
    this.reads.set(memberId, lastRead);
    return lastRead;
  }

  /**
   * How many messages the member has not read: the other member's messages after their read mark
   * (the room's truth for D1's unread count; a range of the primary key, as long as the unread run).
   */
  unreadFor(memberId: number): number {
    if (this.pristine) return 0;
    return this.sql
      .exec<{ n: number }>(
        'SELECT count(*) AS n FROM messages WHERE id > ? AND sender_id <> ?',
        this.lastRead(memberId),
        memberId,
      )
      .one().n;
  }

  /** Moves the member's read mark forward to `id` (never back) in the `reads` table; true when it moved. */
  markRead(memberId: number, id: number): boolean {
    if (id <= 0 || id <= this.lastRead(memberId)) return false;
    this.sql.exec(
      `INSERT INTO reads (member_id, last_read_id) VALUES (?1, ?2)
       ON CONFLICT (member_id) DO UPDATE SET last_read_id = max(reads.last_read_id, excluded.last_read_id)`,
      memberId,
      id,
    );
    this.reads.set(memberId, id);
    return true;
  }

  /**
   * Message `id`, stored with `readOnArrival` (its row says so, so `lastRead` finds it after a
   * restart), moves its recipient's mark in memory only; true when it moved.
   */
  noteReadOnArrival(memberId: number, id: number): boolean {
    if (id <= this.lastRead(memberId)) return false;
    this.reads.set(memberId, id);
    return true;
  }

  /**
   * Every sender's send times (ms) after `sinceMs`, oldest first: the rate limit's window as stored
   * (RoomRateLimit reads it once per object instance). Read newest first by id, a page at a time,
   * up to the first message sent at or before `sinceMs` (ids and send times rise together: both
   * come from one object, one message at a time).
   */
  sentSince(sinceMs: number): Map<number, number[]> {
    const times = new Map<number, number[]>();
    // Nobody sent in the window (the newest message, already read for the connect, is older):
    // nothing to read. The usual case for the first send after a quiet spell.
    const newest = this.latest();
    if (newest === null || newest.sentMs <= sinceMs) return times;
    const oldestFirst = () => {
      for (const t of times.values()) t.reverse();
      return times;
    };
    // Pages grow for a busy room.
    for (let before = Number.MAX_SAFE_INTEGER, page = 4; ; page = Math.min(page * 4, 256)) {
      const rows = this.sql
        .exec<{ id: number; sender_id: number; sent_ms: number }>(
          'SELECT id, sender_id, sent_ms FROM messages WHERE id < ? ORDER BY id DESC LIMIT ?',
          before,
          page,
        )
        .toArray();
      for (const r of rows) {
        if (r.sent_ms <= sinceMs) return oldestFirst();
        const mine = times.get(r.sender_id);
        if (mine) mine.push(r.sent_ms);
        else times.set(r.sender_id, [r.sent_ms]);
      }
      const last = rows.at(-1);
      if (rows.length < page || !last) return oldestFirst();
      before = last.id;
    }
  }

  /**
   * Stores a message unless the sender already used this clientMsgId (null then; the caller looks
   * up the earlier one). The rate limit is the caller's (RoomRateLimit). Call `noteStored` with
   * the row once the transaction around this has committed.
   */
  insert(m: {
    senderId: number;
    content: string;
    sentAt: Date;
    clientMsgId: string | null;
    imageKey?: string | null;
    /** The recipient has a socket on the room: they read it now (see `lastRead`). */
    readOnArrival?: boolean;
    /** The message this one answers (already checked to be in this room). */
    replyToId?: number | null;
    safetyKinds?: readonly SafetyKind[];
    blurred?: boolean;
    /** A voice note already checked and stored in R2. */
    voice?: { audioKey: string; durationMs: number; waveform: number[] } | null;
    call?: MessageCall | null;
  }): StoredMessage | null {
    this.pristine = false;
    const sentAt = m.sentAt.toISOString();
    const sentMs = m.sentAt.getTime();
    const imageKey = m.imageKey ?? null;
    const replyToId = m.replyToId ?? null;
    const safetyKinds = [...(m.safetyKinds ?? [])];
    const blurred = m.blurred === true;
    const voice = m.voice ?? null;
    const call = m.call ?? null;
    const rows = this.sql
      .exec<{ id: number }>(
        // A known clientMsgId (a resend) selects no row, so it is never a conflicting INSERT, which
        // would still take an AUTOINCREMENT id (the room's ids are its message count); the lookup is
        // the unique index's, in the same statement as the write (one statement per message).
        `INSERT INTO messages (sender_id, content, sent_at, sent_ms, client_msg_id, image_key, read_on_arrival, reply_to, safety_kinds, blurred, audio_key, duration_ms, waveform, call)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14
         WHERE ?5 IS NULL OR NOT EXISTS (SELECT 1 FROM messages WHERE sender_id = ?1 AND client_msg_id = ?5)
         RETURNING id`,
        m.senderId,
        m.content,
        sentAt,
        sentMs,
        m.clientMsgId,
        imageKey,
        m.readOnArrival ? 1 : null,
        replyToId,
        safetyKinds.length > 0 ? kindsToText(safetyKinds) : null,
        blurred ? 1 : null,
        voice?.audioKey ?? null,
        voice?.durationMs ?? null,
        voice ? waveformText(voice.waveform) : null,
        call ? JSON.stringify(call) : null,
      )
      .toArray();
    const id = rows[0]?.id;
    if (id === undefined) return null;
    return {
      id,
      senderId: m.senderId,
      content: m.content,
      sentAt,
      sentMs,
      clientMsgId: m.clientMsgId,
      imageKey,
      deletedMs: null,
      replyToId,
      safetyKinds,
      blurred,
      audioKey: voice?.audioKey ?? null,
      durationMs: voice?.durationMs ?? null,
      waveform: voice?.waveform ?? null,
      call,
    };
  }

  /**
   * How many messages `memberId` has sent in the room, counted up to `atMost` (the safety rules
   * only ask "fewer than N?"; flagged messages and photos are rare, so no index for this).
   */
  countFrom(memberId: number, atMost: number): number {
    return this.sql
      .exec<{ n: number }>(
        'SELECT count(*) AS n FROM (SELECT 1 FROM messages WHERE sender_id = ? LIMIT ?)',
        memberId,
        atMost,
      )
      .one().n;
  }

  /** The next `latest()` reads SQLite again. */
  forgetLatest(): void {
    this.newest = undefined;
  }

  /** A message stored (its transaction committed) is the newest. */
  noteStored(m: StoredMessage): void {
    this.newest = m;
  }

  /** The newest message (its id is the room's message count), or null in an empty room. */
  latest(): StoredMessage | null {
    if (this.newest === undefined) this.newest = this.page(null, 1)[0] ?? null;
    return this.newest;
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

  /** Up to `limit` messages after `afterId`, oldest → newest (the safety desk's context). */
  after(afterId: number, limit: number): StoredMessage[] {
    return this.sql
      .exec<MessageRecord>(`SELECT ${COLUMNS} FROM messages WHERE id > ? ORDER BY id ASC LIMIT ?`, afterId, limit)
      .toArray()
      .map(toStored);
  }
}
