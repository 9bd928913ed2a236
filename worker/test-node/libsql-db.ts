// A fresh in-memory libSQL database with every migration from migrations/ applied.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import * as schema from '../src/db/schema';
import type { Db } from '../src/lib/env';

const MIGRATIONS = path.resolve(import.meta.dirname, '..', '..', 'migrations');

export function migrationStatements(): string[] {
  return readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .flatMap((f) => readFileSync(path.join(MIGRATIONS, f), 'utf8').split('--> statement-breakpoint'))
    .map((s) => s.trim())
    .filter(Boolean);
}

export async function freshDb(): Promise<{ db: Db; client: Client }> {
  const client = createClient({ url: ':memory:' });
  // D1 always enforces foreign keys; SQLite needs it switched on to behave the same.
  await client.execute('PRAGMA foreign_keys = ON');
  for (const sql of migrationStatements()) await client.execute(sql);
  // The repos are typed for D1 but only use the query builder and batch, which libSQL shares.
  return { db: drizzle(client, { schema }) as unknown as Db, client };
}
