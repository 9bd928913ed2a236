import { drizzle } from 'drizzle-orm/d1';
import * as schema from '../db/schema';
import type { Db } from './env';

export function makeDb(d1: D1Database): Db {
  return drizzle(d1, { schema });
}
