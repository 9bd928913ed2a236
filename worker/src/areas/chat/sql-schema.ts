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
  if (missing.length > 0) sql.exec(missing.join(';\n'));
}
