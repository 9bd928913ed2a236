// Single use for socket tickets: the object a ticket is for remembers its id until it expires.
// A ticket names exactly one room (or one member's channel), so only that object can see it.

export class SpentTickets {
  constructor(private readonly sql: SqlStorage) {
    sql.exec('CREATE TABLE IF NOT EXISTS spent_tickets (jti TEXT PRIMARY KEY, expires_ms INTEGER NOT NULL)');
  }

  /** True the first time a ticket id is presented. */
  spend(jti: string, expiresMs: number, nowMs: number): boolean {
    this.sql.exec('DELETE FROM spent_tickets WHERE expires_ms < ?', nowMs);
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
