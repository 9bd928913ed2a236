// Rules about a member's standing that every area relies on.
import type { MemberStatus } from '../../contract/enums';
import type { Db } from '../../lib/env';
import { isAdultByYearRule } from '../../contract/age';
import { Banned, Unauthorized, under19 } from '../../lib/errors';
import { latestBanReason } from '../admin/bans-repo';
import type { MemberAuthState } from './repo';

/** A ban with an `until` in the past has lapsed: no scheduler, just computation. */
export function isBanned(m: Pick<MemberAuthState, 'status' | 'bannedUntil'>, now: Date): boolean {
  if (m.status !== 'BANNED') return false;
  return m.bannedUntil === null || new Date(m.bannedUntil).getTime() > now.getTime();
}

/** The status as the console shows it: a lapsed temporary ban reads ACTIVE. */
export function currentStatus(m: { status: MemberStatus; bannedUntil: string | null }, now: Date): MemberStatus {
  if (m.status !== 'BANNED') return m.status;
  return isBanned(m, now) ? 'BANNED' : 'ACTIVE';
}

/** The 403 for a banned member, carrying the ban's end and the reason the admin gave. */
export async function bannedError(db: Db, m: Pick<MemberAuthState, 'id' | 'bannedUntil'>): Promise<Banned> {
  return new Banned(m.bannedUntil, await latestBanReason(db, m.id));
}

/** The 401 for a token whose member no longer exists (withdrawn or deleted). */
export const memberGone = () => new Unauthorized('회원 정보를 찾을 수 없어요. 다시 로그인해 주세요.', 'MEMBER_GONE');

/**
 * What every member call checks after the token: the member still exists (else 401 MEMBER_GONE),
 * is not banned (else 403 MEMBER_BANNED with the ban's end and reason) and is an adult by the
 * year rule (else 403 UNDER_19, docs/trust.md "Adults only") — except on the few calls a member under 19 still
 * needs (`under19Allowed`: reading their own account, export, deletion, ping). Returns the member.
 * `from.db` is read only for a ban's reason: a socket's entry builds no drizzle handle for members
 * in good standing (chat/socket-entry.ts).
 */
export async function memberInGoodStanding<
  M extends Pick<MemberAuthState, 'id' | 'status' | 'bannedUntil'> & { birthday?: string },
>(from: { readonly db: Db }, member: M | undefined | null, now: Date, { under19Allowed = false } = {}): Promise<M> {
  if (!member) throw memberGone();
  if (isBanned(member, now)) throw await bannedError(from.db, member);
  if (!under19Allowed && member.birthday !== undefined && !isAdultByYearRule(member.birthday, now)) throw under19();
  return member;
}
