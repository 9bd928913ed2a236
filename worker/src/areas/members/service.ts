// Rules about a member's standing that every area relies on.
import type { Db } from '../../lib/env';
import { Banned } from '../../lib/errors';
import { latestBanReason } from '../admin/bans-repo';
import type { MemberAuthState } from './repo';

/** A ban with an `until` in the past has lapsed: no scheduler, just computation. */
export function isBanned(m: Pick<MemberAuthState, 'status' | 'bannedUntil'>, now: Date): boolean {
  if (m.status !== 'BANNED') return false;
  return m.bannedUntil === null || new Date(m.bannedUntil).getTime() > now.getTime();
}

/** The 403 for a banned member, carrying the ban's end and the reason the admin gave. */
export async function bannedError(db: Db, m: Pick<MemberAuthState, 'id' | 'bannedUntil'>): Promise<Banned> {
  return new Banned(m.bannedUntil, await latestBanReason(db, m.id));
}
