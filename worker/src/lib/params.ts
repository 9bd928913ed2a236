// Path ids of the routes (console and member): a positive integer, otherwise the thing cannot exist (404).
import type { Context } from 'hono';
import type { AppEnv } from './env';
import { NotFound } from './errors';

export function idParam(c: Context<AppEnv>, name: string, notFound: () => NotFound = () => new NotFound()): number {
  const raw = c.req.param(name) ?? '';
  const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound();
  return id;
}

/** Console answers describe live admin state: never cache them. */
export const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', 'no-store');
