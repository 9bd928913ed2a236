// Login tickets, access tokens and refresh-token families (rotation, reuse detection, logout).
import { LIMITS } from '../../contract/limits';
import { addSeconds, iso } from '../../lib/clock';
import { refreshTtlDays } from '../../lib/cookies';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { Conflict, Unauthorized } from '../../lib/errors';
import { signAccessToken } from '../../lib/tokens';
import { findMemberAuthState } from '../members/repo';
import { bannedError, isBanned } from '../members/service';
import { deleteSubscriptionsOf } from '../push/repo';
import type { AuthContext } from './context';
import { consumeLoginTicket, insertLoginTicket } from './repo';
import { findRefreshToken, insertFamilyWithToken, insertRefreshToken, markRotated, revokeFamily } from './refresh-repo';

export type Session = { accessToken: string; refreshCookie: string };

const ticketInvalid = () =>
  new Unauthorized('로그인 확인 정보가 없거나 만료되었어요. 처음부터 다시 로그인해 주세요.', 'LOGIN_TICKET_INVALID');
const refreshInvalid = () => new Unauthorized('로그인이 만료되었어요. 다시 로그인해 주세요.', 'REFRESH_INVALID');

/** A one-time ticket that lets POST /login/{id} mint tokens for exactly this member. */
export async function issueLoginTicket(ctx: AuthContext, memberId: number): Promise<string> {
  const ticket = randomToken();
  await insertLoginTicket(ctx.db, {
    id: await sha256Hex(ticket),
    memberId,
    expiresAt: iso(addSeconds(ctx.now, LIMITS.loginTicketTtlSeconds)),
  });
  return ticket;
}

export async function loginWithTicket(
  ctx: AuthContext,
  memberId: number,
  ticket: string | undefined,
): Promise<Session> {
  if (!ticket) throw ticketInvalid();
  if (!(await consumeLoginTicket(ctx.db, await sha256Hex(ticket), memberId, iso(ctx.now)))) throw ticketInvalid();
  const member = await findMemberAuthState(ctx.db, memberId);
  if (!member) throw ticketInvalid();
  if (isBanned(member, ctx.now)) throw await bannedError(ctx.db, member);

  const refreshCookie = randomToken();
  await insertFamilyWithToken(
    ctx.db,
    { id: randomToken(16), memberId },
    { id: await sha256Hex(refreshCookie), expiresAt: refreshExpiry(ctx) },
  );
  return { accessToken: await signAccessToken(ctx.env, memberId, ctx.now), refreshCookie };
}

/**
 * Rotates the presented refresh token. A token already rotated is reuse and revokes the whole
 * family, except within the grace window, where two tabs refreshing at once is the likely story.
 */
export async function refreshSession(ctx: AuthContext, cookie: string | undefined): Promise<Session> {
  if (!cookie) throw refreshInvalid();
  const id = await sha256Hex(cookie);
  const row = await findRefreshToken(ctx.db, id);
  const now = iso(ctx.now);
  if (!row || row.expiresAt <= now) throw refreshInvalid();
  // A session a ban ended answers with the ban while it lasts (403, like every member call), so
  // the page shows the ban screen rather than "signed out" (docs/api-extensions.md "Banned members: the ban in every 403").
  const bannedFamily = row.familyRevokedAt !== null && row.revokeReason === 'BANNED';
  if (row.familyRevokedAt && !bannedFamily) throw refreshInvalid();
  if (row.rotatedAt && !bannedFamily) throw await reuseOrRace(ctx, row.familyId, row.rotatedAt);

  const member = await findMemberAuthState(ctx.db, row.memberId);
  if (bannedFamily) throw member && isBanned(member, ctx.now) ? await bannedError(ctx.db, member) : refreshInvalid();
  if (!member) {
    await revokeFamily(ctx.db, row.familyId, 'MEMBER_GONE', now);
    throw refreshInvalid();
  }
  if (isBanned(member, ctx.now)) {
    await revokeFamily(ctx.db, row.familyId, 'BANNED', now);
    throw await bannedError(ctx.db, member);
  }
  // Two requests with the same token: only one rotation wins, the other is the race.
  if (!(await markRotated(ctx.db, id, now))) throw raceConflict();

  const refreshCookie = randomToken();
  await insertRefreshToken(ctx.db, {
    id: await sha256Hex(refreshCookie),
    familyId: row.familyId,
    expiresAt: refreshExpiry(ctx),
  });
  return { accessToken: await signAccessToken(ctx.env, row.memberId, ctx.now), refreshCookie };
}

export async function logout(ctx: AuthContext, cookie: string | undefined): Promise<void> {
  if (!cookie) return;
  const row = await findRefreshToken(ctx.db, await sha256Hex(cookie));
  if (!row) return;
  await revokeFamily(ctx.db, row.familyId, 'LOGOUT', iso(ctx.now));
  // No pushes to a browser someone signed out of (docs/notifications.md): the app registers its
  // device again at the next sign-in.
  await deleteSubscriptionsOf(ctx.db, row.memberId);
}

const raceConflict = () =>
  new Conflict('다른 창에서 로그인을 새로 고치는 중이에요. 잠시 후 다시 시도해 주세요.', 'REFRESH_RACE');

async function reuseOrRace(ctx: AuthContext, familyId: string, rotatedAt: string): Promise<Error> {
  const sinceMs = ctx.now.getTime() - new Date(rotatedAt).getTime();
  if (sinceMs <= LIMITS.refreshReuseGraceSeconds * 1000) return raceConflict();
  await revokeFamily(ctx.db, familyId, 'REUSE', iso(ctx.now));
  return new Unauthorized('보안을 위해 로그아웃되었어요. 다시 로그인해 주세요.', 'REFRESH_REUSED');
}

function refreshExpiry(ctx: AuthContext): string {
  return iso(addSeconds(ctx.now, refreshTtlDays(ctx.env) * 86_400));
}
