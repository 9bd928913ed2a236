import { DrizzleD1Database, SQLiteD1Session, drizzle } from 'drizzle-orm/d1';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import type { SQLiteRaw } from 'drizzle-orm/sqlite-core/query-builders/raw';
import * as schema from '../db/schema';
import { openSession, type SessionStart } from './d1';
import type { Db, Env } from './env';

// drizzle() walks the whole schema (extractTablesRelationalConfig) each time it is called: it is
// called once per isolate, and every other database object (one per D1 session, i.e. per request)
// reuses that walk's result with its own client.
let template: Db | null = null;

type DbInternals = {
  dialect: ConstructorParameters<typeof SQLiteD1Session>[1];
  _: { fullSchema: unknown; schema: unknown; tableNamesMap: unknown };
};

const instances = new WeakMap<D1Database | D1DatabaseSession, Db>();

/**
 * The D1 client (the binding or a session of it) behind a drizzle handle (makeDb sets `$client`):
 * fixed statements on hot paths go straight to it, without drizzle's query building.
 */
export function clientOf(db: Db): D1Database {
  return (db as unknown as { $client: D1Database }).$client;
}

/** The drizzle database over a D1 binding or a session of it (one per client object). */
export function makeDb(d1: D1Database | D1DatabaseSession): Db {
  let db = instances.get(d1);
  if (db) return db;
  if (!template) {
    db = drizzle(d1 as D1Database, { schema });
    template = db;
  } else {
    const { dialect, _ } = template as unknown as DbInternals;
    const config = { fullSchema: _.fullSchema, schema: _.schema, tableNamesMap: _.tableNamesMap } as never;
    const session = new SQLiteD1Session(d1 as D1Database, dialect, config, {});
    db = new DrizzleD1Database('async', dialect, session as never, config) as unknown as Db;
    (db as unknown as { $client: unknown }).$client = d1;
  }
  instances.set(d1, db);
  return db;
}

/** A request's database: one D1 session (lib/d1.ts sessionStartFor) and drizzle over it. */
export function sessionDb(env: Env, start: SessionStart): { db: Db; session: D1DatabaseSession } {
  const session = openSession(env, start);
  return { db: makeDb(session), session };
}

/**
 * The database for work outside a member's request — queue consumers, cron, room objects: a session
 * that starts on the primary (it writes, and reads what was just written anywhere).
 */
export function envDb(env: Env): Db {
  return sessionDb(env, 'first-primary').db;
}

/** What drizzle's D1 batch uses of a prepared query (drizzle-orm/d1 session: `batch`). */
type D1Prepared = {
  stmt: D1PreparedStatement;
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch?: boolean): unknown;
};

// One cache per isolate: the SQL text of a key is the same on every database object (one per D1
// session, so per request). The statement prepared with it belongs to the client it was built on;
// another client (another request's session) prepares its own from the cached text — a plain object,
// no SQL building, no round trip.
const preparedReads = new Map<string, { client: unknown; prepared: D1Prepared[] }>();

/**
 * Reads for `db.batch` whose SQL is built once per isolate (per key): `build` makes the queries
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
  const client = clientOf(db);
  let cached = preparedReads.get(key);
  if (!cached) {
    cached = { client, prepared: build().map((query) => (query as { prepare(): D1Prepared }).prepare()) };
    preparedReads.set(key, cached);
  }
  const { prepared } = cached;
  const ownClient = cached.client === client;
  return prepared.map((one) => {
    const query = one.getQuery();
    const bound = { sql: query.sql, params: fillPlaceholders(query.params, values) };
    return {
      _prepare: () => ({
        stmt: ownClient ? one.stmt : client.prepare(bound.sql),
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

/**
 * A raw `sql` SELECT as a `db.batch` item (drizzle's own `db.all(sql)` cannot join a D1 batch):
 * its rows as objects, as `db.all` answers them. Batch only, like batchReads.
 */
export function rawRead<T>(db: Db, query: SQL): SQLiteRaw<T[]> {
  const built = (
    db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }
  ).dialect.sqlToQuery(query);
  const client = clientOf(db);
  return {
    _prepare: () => ({
      stmt: client.prepare(built.sql),
      getQuery: () => built,
      mapResult: (result: unknown) => (result as D1Result<T>).results,
    }),
  } as unknown as SQLiteRaw<T[]>;
}
