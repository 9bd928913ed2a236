// The one source of "now", so tests can fix time (FIXED_NOW) and bans can lapse by computation.
import type { Env } from './env';

export function nowDate(env: Pick<Env, 'FIXED_NOW'>): Date {
  return env.FIXED_NOW ? new Date(env.FIXED_NOW) : new Date();
}

export const iso = (d: Date): string => d.toISOString();
export const addSeconds = (d: Date, s: number): Date => new Date(d.getTime() + s * 1000);
