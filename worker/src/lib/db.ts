import { drizzle } from 'drizzle-orm/d1';
import { fillPlaceholders } from 'drizzle-orm';
import * as schema from '../db/schema';
import type { Db } from './env';

// drizzle() walks the whole schema (extractTablesRelationalConfig) each time it is called: one
// instance per D1 binding object, for as long as the isolate keeps that binding.
const instances = new WeakMap<D1Database, Db>();

export function makeDb(d1: D1Database): Db {
  let db = instances.get(d1);
  if (!db) {
    db = drizzle(d1, { schema });
    instances.set(d1, db);
  }
  return db;
}

/** What drizzle's D1 batch uses of a prepared query (drizzle-orm/d1 session: `batch`). */
type D1Prepared = {
  stmt: D1PreparedStatement;
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch?: boolean): unknown;
};

const preparedReads = new WeakMap<Db, Map<string, D1Prepared[]>>();

/**
 * Reads for `db.batch` whose SQL is built once per drizzle instance: `build` makes the queries
 * with `sql.placeholder(name)` wherever a value goes, `values` fills them for this call. `key`
 * names the queries' shape (one key per distinct SQL text: queries whose conditions depend on the
 * input need one key per combination). Building a query's SQL (drizzle walking the builder)
 * was 15–22 % of a batched member GET's Worker CPU (bench/api/RESULTS.md, fourth pass).
 *
 * Batch only: each returned object carries just what `db.batch` calls (`_prepare()`), typed as
 * its query so the batch's row types follow; it cannot be awaited on its own.
 */
export function batchReads<T extends readonly unknown[]>(
  db: Db,
  key: string,
  build: () => T,
  values: Record<string, unknown>,
): T {
  let byKey = preparedReads.get(db);
  if (!byKey) {
    byKey = new Map();
    preparedReads.set(db, byKey);
  }
  let prepared = byKey.get(key);
  if (!prepared) {
    prepared = build().map((query) => (query as { prepare(): D1Prepared }).prepare());
    byKey.set(key, prepared);
  }
  return prepared.map((one) => {
    const query = one.getQuery();
    const bound = { sql: query.sql, params: fillPlaceholders(query.params, values) };
    return {
      _prepare: () => ({
        stmt: one.stmt,
        getQuery: () => bound,
        mapResult: (result: unknown, isFromBatch?: boolean) => one.mapResult(result, isFromBatch),
      }),
    };
  }) as unknown as T;
}

/** batchReads for one query. */
export function batchRead<Q>(db: Db, key: string, build: () => Q, values: Record<string, unknown>): Q {
  return batchReads(db, key, () => [build()] as const, values)[0];
}
