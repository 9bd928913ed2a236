// What a service call gets from its request: the bindings, the database and one "now" for the
// whole call (FIXED_NOW in tests). Areas that need more extend it (AuthContext adds the origin).
import type { Context } from 'hono';
import { nowDate } from './clock';
import { clientOf } from './db';
import type { AppEnv, Db, Env } from './env';

export type RequestContext = {
  env: Env;
  db: Db;
  now: Date;
  /** The D1 client behind `db` where the caller opened the session without drizzle yet (socket-entry.ts). */
  client?: D1Database;
};

/** The request's D1 client, for fixed statements that need no query building (lib/db.ts clientOf). */
export const clientOfRequest = (ctx: RequestContext): D1Database => ctx.client ?? clientOf(ctx.db);

export const requestContext = (c: Context<AppEnv>): RequestContext => ({
  env: c.env,
  db: c.get('db'),
  now: nowDate(c.env),
});
