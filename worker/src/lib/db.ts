import { drizzle } from 'drizzle-orm/d1';
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
