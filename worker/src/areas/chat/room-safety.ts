// The room's flagged messages on their way to the operators' desk (D1 `safety_flags`,
// docs/safety.md "In chat"). A flagged message's desk row is recorded in the room's own SQLite in
// the same transaction as the message, and the room's alarm (durable, like the summary's) writes
// it to D1: a crash after the message was acked loses nothing. The D1 write is idempotent (one row
// per room and message), so a crash between it and `done` only repeats it.
import type { SafetyKind } from '../../contract/safety/kinds';
import { kindsFromText, kindsToText } from '../../contract/safety/chat';
import { createMissing, type SchemaItem } from './sql-schema';

const SCHEMA: SchemaItem[] = [
  {
    name: 'safety_pending',
    create: `CREATE TABLE IF NOT EXISTS safety_pending (
     message_id INTEGER PRIMARY KEY,
     sender_id INTEGER NOT NULL,
     receiver_id INTEGER NOT NULL,
     kinds TEXT NOT NULL,
     early INTEGER NOT NULL,
     sent_at TEXT NOT NULL
   )`,
  },
];

/** One desk row still to be written to D1. */
export type PendingFlag = {
  messageId: number;
  senderId: number;
  receiverId: number;
  kinds: SafetyKind[];
  early: boolean;
  sentAt: string;
};

/** At most this many flags per D1 write (7 bound values each; D1 allows 100 per statement). */
const FLAGS_PER_WRITE = 50;

export class RoomSafety {
  /** Whether `safety_pending` may have rows (undefined: not read yet by this instance). */
  private pendingKnown: boolean | undefined;

  constructor(
    private readonly sql: SqlStorage,
    schema?: ReadonlySet<string>,
  ) {
    createMissing(sql, SCHEMA, schema);
    // A table this instance has just made holds no flag.
    if (schema && !schema.has('safety_pending')) this.pendingKnown = false;
  }

  /** Call in the same transaction as storing the flagged message. */
  record(f: PendingFlag): void {
    this.sql.exec(
      'INSERT OR IGNORE INTO safety_pending (message_id, sender_id, receiver_id, kinds, early, sent_at) VALUES (?, ?, ?, ?, ?, ?)',
      f.messageId,
      f.senderId,
      f.receiverId,
      kindsToText(f.kinds),
      f.early ? 1 : 0,
      f.sentAt,
    );
    this.pendingKnown = true;
  }

  /** Whether some flag still waits for D1 (read from SQLite once per instance). */
  hasPending(): boolean {
    if (this.pendingKnown === undefined) {
      this.pendingKnown = this.sql.exec('SELECT 1 FROM safety_pending LIMIT 1').toArray().length > 0;
    }
    return this.pendingKnown;
  }

  /** The oldest flags still to write, at most one write's worth. */
  pending(): PendingFlag[] {
    if (!this.hasPending()) return [];
    const rows = this.sql
      .exec<{
        message_id: number;
        sender_id: number;
        receiver_id: number;
        kinds: string;
        early: number;
        sent_at: string;
      }>('SELECT * FROM safety_pending ORDER BY message_id LIMIT ?', FLAGS_PER_WRITE)
      .toArray();
    if (rows.length === 0) this.pendingKnown = false;
    return rows.map((r) => ({
      messageId: r.message_id,
      senderId: r.sender_id,
      receiverId: r.receiver_id,
      kinds: kindsFromText(r.kinds),
      early: r.early === 1,
      sentAt: r.sent_at,
    }));
  }

  /** D1 has these flags now. */
  done(messageIds: number[]): void {
    if (messageIds.length === 0) return;
    this.sql.exec(
      `DELETE FROM safety_pending WHERE message_id IN (${messageIds.map(() => '?').join(',')})`,
      ...messageIds,
    );
    this.pendingKnown = undefined;
  }
}
