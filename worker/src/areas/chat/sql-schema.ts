// An object's SQLite schema is created on its first start and only checked afterwards: one read of
// what exists instead of a CREATE … IF NOT EXISTS per table and index on every start (a room
// object starts again after each hibernation: bench/chat/RESULTS.md, fourth round).

/** A table or index of an object's SQLite and the statement that creates it. */
export type SchemaItem = { name: string; create: string };

/**
 * The tables and indexes in the object's SQLite, and `table.column` for each column of `columnsOf`:
 * one statement.
 */
export function readSchema(sql: SqlStorage, columnsOf: string): ReadonlySet<string> {
  const rows = sql
    .exec<{ name: string }>(
      `SELECT name FROM sqlite_master WHERE type IN ('table', 'index')
       UNION ALL SELECT ? || '.' || name FROM pragma_table_info(?)`,
      columnsOf,
      columnsOf,
    )
    .toArray();
  return new Set(rows.map((r) => r.name));
}

/**
 * Creates, in order, what `existing` lacks (everything when it is not known), in one statement
 * list: a new room's first start runs one `exec` per part instead of one per table and index.
 */
export function createMissing(sql: SqlStorage, items: readonly SchemaItem[], existing?: ReadonlySet<string>): void {
  const missing = items.filter(({ name }) => !existing?.has(name)).map(({ create }) => create);
  if (missing.length === 0) return;
  if (together) together.push(...missing);
  else sql.exec(missing.join(';\n'));
}

/** The statements `createTogether` is gathering (null: each `createMissing` runs its own). */
let together: string[] | null = null;

/**
 * Runs `make` (constructors that call `createMissing`, nothing else of SQLite in between), then
 * creates all they found missing in one `exec`: a new room's first start runs one statement list
 * instead of one per part (bench/chat/RESULTS.md, eleventh round). Synchronous, so no other
 * object's constructor can run in between.
 */
export function createTogether<T>(sql: SqlStorage, make: () => T): T {
  together = [];
  try {
    const made = make();
    if (together.length > 0) sql.exec(together.join(';\n'));
    return made;
  } finally {
    together = null;
  }
}

/**
 * Tables only some rooms ever write (a ticket's id, a call): made by their first write, not by every
 * new object's first start. Until then a read finds nothing without asking SQLite. Never for a
 * table written inside `transactionSync` (a rollback would undo the table but not `exists`).
 */
export class LazyTables {
  private made: boolean;

  /** `schema`: what the object's SQLite has (readSchema); unknown: the tables are made now. */
  constructor(
    private readonly sql: SqlStorage,
    private readonly items: readonly SchemaItem[],
    schema?: ReadonlySet<string>,
  ) {
    this.made = schema === undefined || items.some(({ name }) => schema.has(name));
    // Some of them there (an index added later): what is missing is made now, as before.
    if (this.made) createMissing(sql, items, schema);
  }

  /** Whether the tables exist (false: nothing was ever written to them). */
  get exists(): boolean {
    return this.made;
  }

  /** Before a write: makes the tables on the first one. */
  ensure(): void {
    if (this.made) return;
    createMissing(this.sql, this.items);
    this.made = true;
  }
}
