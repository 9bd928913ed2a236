// Rules about a member's standing that every area relies on.
import type { MemberAuthState } from './repo';

/** A ban with an `until` in the past has lapsed: no scheduler, just computation. */
export function isBanned(m: Pick<MemberAuthState, 'status' | 'bannedUntil'>, now: Date): boolean {
  if (m.status !== 'BANNED') return false;
  return m.bannedUntil === null || new Date(m.bannedUntil).getTime() > now.getTime();
}
