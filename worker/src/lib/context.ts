// What a service call gets from its request: the bindings, the database and one "now" for the
// whole call (FIXED_NOW in tests). Areas that need more extend it (AuthContext adds the origin).
import type { Context } from 'hono';
import { nowDate } from './clock';
import type { AppEnv, Db, Env } from './env';

export type RequestContext = { env: Env; db: Db; now: Date };

export const requestContext = (c: Context<AppEnv>): RequestContext => ({
  env: c.env,
  db: c.get('db'),
  now: nowDate(c.env),
});
