// Single use for socket tickets: the object a ticket is for remembers its id until it expires.
// A ticket names exactly one room (or one member's channel), so only that object can see it.
import { LazyTables, type SchemaItem } from './sql-schema';

const SCHEMA: SchemaItem[] = [
  {
    name: 'spent_tickets',
    create: 'CREATE TABLE IF NOT EXISTS spent_tickets (jti TEXT PRIMARY KEY, expires_ms INTEGER NOT NULL)',
  },
];

/** Expired ids are swept at most this often per object instance (an expired ticket is refused anyway). */
const PURGE_EVERY_MS = 60_000;

export class SpentTickets {
  /** When this instance last swept expired ids (ms); the first ticket after a start sweeps. */
  private purgedAtMs = Number.NEGATIVE_INFINITY;

  /** Made by the first ticket (a socket opened with the access token spends none). */
  private readonly table: LazyTables;

  /** `schema`: what the object's SQLite has (sql-schema.ts readSchema), when already read. */
  constructor(
    private readonly sql: SqlStorage,
    schema?: ReadonlySet<string>,
  ) {
    this.table = new LazyTables(sql, SCHEMA, schema);
  }

  /** True the first time a ticket id is presented. */
  spend(jti: string, expiresMs: number, nowMs: number): boolean {
    this.table.ensure();
    if (nowMs - this.purgedAtMs >= PURGE_EVERY_MS || nowMs < this.purgedAtMs) {
      this.sql.exec('DELETE FROM spent_tickets WHERE expires_ms < ?', nowMs);
      this.purgedAtMs = nowMs;
    }
    const inserted = this.sql
      .exec(
        'INSERT INTO spent_tickets (jti, expires_ms) VALUES (?, ?) ON CONFLICT (jti) DO NOTHING RETURNING jti',
        jti,
        expiresMs,
      )
      .toArray();
    return inserted.length === 1;
  }
}
