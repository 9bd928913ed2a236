// The room's summary for D1's room list (last message, count, unread), kept crash-safe in the
// room's own SQLite: what D1 still lacks is simply the messages after `flushed_count`, and the
// ones that count unread are recorded in the same transaction as the message. A Durable Object
// alarm writes it to D1: the first message after a quiet spell at once (after the room's spread
// while both members are in it), a busy room at most every SUMMARY_MIN_INTERVAL_MS (D1 has one
// writer for the whole product). Any touch of a room whose D1
// summary is behind (message, connect, history) makes sure the alarm is set (ChatRoom owns it).
import { CHAT_PREVIEW } from '../../contract/chat';
import type { StoredMessage } from './room-store';
import { hashText } from '../../lib/hash';
import { createMissing, type SchemaItem } from './sql-schema';

export const SUMMARY_MIN_INTERVAL_MS = 2_000;
/**
 * While both members have a socket on the room, nobody's room list needs the summary soon (each
 * page updates its own list from the room socket; only a member's other devices read D1's list):
 * a busy room is written at most this often. Once a member's socket closes the ordinary interval
 * applies again (ChatRoom.webSocketClose), so whoever is away sees the list within seconds.
 */
export const SUMMARY_PRESENT_INTERVAL_MS = 30_000;
/**
 * Rooms whose last writes started together (every socket closed at once: a restart, a benchmark
 * round's end) would write together again one interval later, a burst of D1 writes that stalled
 * every room's messages (bench/chat/RESULTS.md, third round). The present interval is longer by a fixed
 * per-room share of this, so they spread; the interval never gets shorter.
 */
export const SUMMARY_PRESENT_SPREAD_MS = 10_000;

/** The room's own share of SUMMARY_PRESENT_SPREAD_MS, from its object id (fixed per room). */
export const presentSpreadOf = (objectId: string): number => hashText(objectId) % SUMMARY_PRESENT_SPREAD_MS;
/** The room list shows a preview only; D1 keeps this much of the last message. */
export const SUMMARY_PREVIEW_CHARS = 200;

const SCHEMA: SchemaItem[] = [
  // One row per message that counts unread for `member_id` (its recipient was not in the room).
  {
    name: 'summary_unread',
    create: 'CREATE TABLE IF NOT EXISTS summary_unread (message_id INTEGER PRIMARY KEY, member_id INTEGER NOT NULL)',
  },
  // A row while D1's preview still shows a last message that was unsent since (docs/chat.md "Unsending").
  {
    name: 'summary_preview_stale',
    create: 'CREATE TABLE IF NOT EXISTS summary_preview_stale (id INTEGER PRIMARY KEY CHECK (id = 1))',
  },
  // How far D1 has been written, and when the last write started (for the interval). No row yet:
  // nothing written from this storage (a new room, or one from before this table), so the first
  // touch writes the latest message once; D1's own guard ignores it when D1 already has it.
  {
    name: 'summary_state',
    create: `CREATE TABLE IF NOT EXISTS summary_state (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     flushed_count INTEGER NOT NULL,
     flush_started_ms INTEGER NOT NULL
   )`,
  },
];

/** One D1 write: the latest message, and per member the ids of the messages unread for them. */
export type SummaryFlush = {
  lastMessage: string;
  lastMessageAt: string;
  lastSenderId: number;
  /** Messages in the room so far (ids are 1, 2, 3, … and never deleted). */
  messageCount: number;
  unread: Map<number, number[]>;
};

type State = { flushedCount: number; flushStartedMs: number };

/** The room list's preview of a message: a photo, a voice note and an unsent message have fixed words. */
export function previewOf(m: StoredMessage): string {
  if (m.deletedMs !== null) return CHAT_PREVIEW.unsent;
  if (m.imageKey !== null) return CHAT_PREVIEW.photo;
  if (m.audioKey !== null) return CHAT_PREVIEW.voice;
  return m.content.slice(0, SUMMARY_PREVIEW_CHARS);
}

/** The room list's summary of a room whose newest message is `latest` (what D1's chat_rooms row says). */
export function summaryOf(latest: StoredMessage): Omit<SummaryFlush, 'unread'> {
  return {
    lastMessage: previewOf(latest),
    lastMessageAt: latest.sentAt,
    lastSenderId: latest.senderId,
    messageCount: latest.id,
  };
}

export class RoomSummary {
  /**
   * `summary_state` as last read or written by this instance (one instance per object, one thread):
   * read once, then every change writes SQLite first and this copy after.
   */
  private cached: State | undefined;
  /** Whether a `summary_preview_stale` row exists, as last read or written (undefined: not read yet). */
  private previewStale: boolean | undefined;
  /**
   * Whether `summary_unread` may hold rows D1 has since counted: not known at a start, then set by
   * every row recorded, so an alarm of a room whose members were both there deletes nothing.
   */
  private unreadRecorded = true;

  constructor(
    private readonly sql: SqlStorage,
    /** This room's share of SUMMARY_PRESENT_SPREAD_MS (presentSpreadOf). */
    private readonly presentSpreadMs = 0,
    /** What the object's SQLite has (sql-schema.ts readSchema), when already read. */
    schema?: ReadonlySet<string>,
  ) {
    createMissing(sql, SCHEMA, schema);
  }

  /** Call in the same transaction as storing message `messageId`. */
  countUnread(messageId: number, memberId: number): void {
    this.sql.exec('INSERT OR IGNORE INTO summary_unread (message_id, member_id) VALUES (?, ?)', messageId, memberId);
    this.unreadRecorded = true;
  }

  /** Whether D1 lacks messages this room has (the latest id is the count). */
  isBehind(latestId: number | null): boolean {
    return latestId !== null && latestId > this.state().flushedCount;
  }

  /**
   * When the next write should run, or null when D1 has everything: one interval after the last
   * write started, and after a quiet spell at once — unless the caller says both members are in
   * the room: then SUMMARY_PRESENT_INTERVAL_MS and the room's spread after the later of now and the
   * last write, the first write of a conversation included (nobody's list needs it soon; a busy
   * room then costs D1 one write per 30–40 s, and rooms whose conversations start together — a
   * restart, a benchmark round — write apart: bench/chat/RESULTS.md, fifth round). A member leaving
   * brings the write forward.
   */
  nextWriteAt(latestId: number | null, nowMs: number, everyoneHere = false): number | null {
    if (!this.isBehind(latestId)) return null;
    const startedMs = this.state().flushStartedMs;
    if (!everyoneHere) return Math.max(nowMs, startedMs + SUMMARY_MIN_INTERVAL_MS);
    // The first write of a conversation too: its room list lags no more than the one after it.
    return Math.max(nowMs, startedMs) + SUMMARY_PRESENT_INTERVAL_MS + this.presentSpreadMs;
  }

  /**
   * What D1 lacks, or null; records that a write starts now (the interval counts from here). An
   * alarm set earlier for closing sockets may write a little early: that happens once per room.
   */
  begin(
    latest: StoredMessage | null,
    nowMs: number,
    /** Each member's read mark in the room (0: nothing read). */
    lastRead: (memberId: number) => number = () => 0,
  ): SummaryFlush | null {
    if (!latest || !this.isBehind(latest.id)) return null;
    const unread = new Map<number, number[]>();
    const rows = this.sql
      .exec<{ message_id: number; member_id: number }>(
        'SELECT message_id, member_id FROM summary_unread WHERE message_id > ? ORDER BY message_id',
        this.state().flushedCount,
      )
      .toArray();
    // A message its recipient has read since (`POST …/read`, a socket opened, a read frame) no
    // longer counts unread: the write must not add back what a read already cleared (docs/chat.md "Reconciling D1 with the room").
    for (const r of rows) {
      if (r.message_id <= lastRead(r.member_id)) continue;
      unread.set(r.member_id, [...(unread.get(r.member_id) ?? []), r.message_id]);
    }
    // From here, `done` deletes rows only if this write carries some or one is recorded meanwhile.
    this.unreadRecorded = rows.length > 0;
    this.save({ flushedCount: this.state().flushedCount, flushStartedMs: nowMs });
    return { ...summaryOf(latest), unread };
  }

  /** Call in the same transaction as unsending the room's last message. */
  markPreviewStale(): void {
    this.sql.exec('INSERT OR IGNORE INTO summary_preview_stale (id) VALUES (1)');
    this.previewStale = true;
  }

  /** Whether D1's preview must be rewritten; clears the mark (set it again if the write fails). */
  takePreviewStale(): boolean {
    if (this.previewStale === false) return false;
    const taken = this.sql.exec('DELETE FROM summary_preview_stale WHERE id = 1 RETURNING id').toArray().length > 0;
    this.previewStale = false;
    return taken;
  }

  /**
   * D1 now has everything up to `messageCount`; the unread rows it counted go (none to delete when
   * `begin` found none and none was recorded during the write).
   */
  done(messageCount: number): void {
    const state = this.state();
    this.save({ ...state, flushedCount: Math.max(state.flushedCount, messageCount) });
    if (this.unreadRecorded) this.sql.exec('DELETE FROM summary_unread WHERE message_id <= ?', messageCount);
  }

  private state(): State {
    if (this.cached === undefined) this.cached = this.readState();
    return this.cached;
  }

  private readState(): State {
    const row = this.sql
      .exec<{ flushed_count: number; flush_started_ms: number }>(
        'SELECT flushed_count, flush_started_ms FROM summary_state WHERE id = 1',
      )
      .toArray()[0];
    return row
      ? { flushedCount: row.flushed_count, flushStartedMs: row.flush_started_ms }
      : { flushedCount: 0, flushStartedMs: 0 };
  }

  private save(s: State): void {
    this.sql.exec(
      `INSERT INTO summary_state (id, flushed_count, flush_started_ms) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET flushed_count = excluded.flushed_count, flush_started_ms = excluded.flush_started_ms`,
      s.flushedCount,
      s.flushStartedMs,
    );
    this.cached = { ...s };
  }
}
