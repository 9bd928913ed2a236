// Chat request rules: not to oneself, not to someone the visibility module hides (gone, banned,
// blocked either way, under 19), one live
// request per pair; a request the other side already sent me becomes a match. Only the requested
// member answers, once; accepting opens the room.
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  type ChatRequestResult,
  type ChatRoomItem,
  type PendingRequestItem,
} from '../../contract/chat';
import { publishToMember } from '../live/publish';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { hit } from '../../lib/rate-limit';
import { isVisible } from '../visibility/repo';
import { roomItem } from '../chat/service';
import { assertYourTurnRoom } from '../chat/rooms-api';
import { imageUrl } from '../media/service';
import { notifyChatRequest, notifyRequestAccepted, notifyRequestExpired } from '../notifications/producers';
import { markTodayCard } from '../today/service';
import { requireVerifiedIdentity } from '../identity/service';
import { isBanned } from '../members/service';
import { capNewAccount } from '../safety/service';
import * as repo from './repo';
import type { RequestContext } from '../../lib/context';

const targetGone = () => new NotFound(CHAT_MESSAGES.requestTargetGone, 'MEMBER_NOT_FOUND');
const requestNotFound = () => new NotFound(CHAT_MESSAGES.requestNotFound, 'CHAT_REQUEST_NOT_FOUND');
const answered = () => new Conflict(CHAT_MESSAGES.requestAnswered, 'CHAT_REQUEST_ANSWERED');

/** Requests made at or before this time have expired unanswered (CHAT_LIMITS.requestExpiryMs). */
const pendingSince = (now: Date): string => new Date(now.getTime() - CHAT_LIMITS.requestExpiryMs).toISOString();
const expiresAt = (requestedAt: string): string =>
  new Date(Date.parse(requestedAt) + CHAT_LIMITS.requestExpiryMs).toISOString();

/** Someone a member may talk to: the visibility module's rule (areas/visibility). */
const reachable = (ctx: RequestContext, me: number, other: number): Promise<boolean> =>
  isVisible(ctx.db, me, other, ctx.now);

export async function requestChat(
  ctx: RequestContext,
  me: number,
  targetId: number,
  intro: string | null = null,
): Promise<ChatRequestResult> {
  if (targetId === me) throw new Invalid(CHAT_MESSAGES.requestSelf, undefined, 'CHAT_REQUEST_SELF');
  await requireVerifiedIdentity(ctx.db, me);
  if (!(await reachable(ctx, me, targetId))) throw targetGone();
  // Rooms waiting on my reply come first (docs/chat.md "Your turn and quiet rooms").
  await assertYourTurnRoom(ctx, me);
  // A new account's daily requests (docs/safety.md "New-account caps").
  await capNewAccount(ctx.db, me, 'REQUEST', ctx.now);
  await hit(
    ctx.db,
    `chat-request:${me}`,
    { max: CHAT_LIMITS.requestsPerHour, windowSeconds: 3_600 },
    ctx.now,
    CHAT_MESSAGES.requestTooMany,
  );

  const at = ctx.now.toISOString();
  // One D1 batch: their pending request to me becomes the match (they asked first), else mine is
  // stored unless a live one exists either way — atomic, so asking each other at once matches.
  const outcome = await repo.requestOrMatch(ctx.db, {
    requesterId: me,
    targetId,
    intro,
    at,
    pendingSince: pendingSince(ctx.now),
  });
  if (outcome.kind === 'DUPLICATE') throw new Conflict(CHAT_MESSAGES.requestDuplicate, 'CHAT_REQUEST_DUPLICATE');
  // 오늘의 인연 (docs/today.md): a request to a card of my current set marks it 대화 신청.
  await markTodayCard(ctx.db, me, targetId, 'REQUESTED', ctx.now);
  if (outcome.kind === 'MATCHED') {
    const room = await opened(ctx, me, targetId, outcome.matchingId, outcome.roomId);
    return { status: 'MATCHED', matchingId: outcome.matchingId, room };
  }
  const { matchingId } = outcome;
  const [mine] = await repo.listPendingFor(ctx.db, targetId, ctx.now, pendingSince(ctx.now), matchingId);
  if (mine) await publishToMember(ctx.env, targetId, { type: 'request', request: toPendingItem(mine) });
  await notifyChatRequest(ctx, { matchingId, requesterId: me, targetId, intro });
  return { status: 'PENDING', matchingId };
}

export function toPendingItem(r: repo.PendingRow): PendingRequestItem {
  return {
    matchingId: r.matchingId,
    opponentMemberId: r.requesterId,
    opponentNickname: r.name,
    opponentProfileImageUrl: r.imageKey ? imageUrl(r.imageKey) : null,
    requestedAt: r.requestedAt,
    intro: r.intro,
    expiresAt: expiresAt(r.requestedAt),
  };
}

export async function pendingFor(ctx: RequestContext, me: number): Promise<PendingRequestItem[]> {
  return (await repo.listPendingFor(ctx.db, me, ctx.now, pendingSince(ctx.now))).map(toPendingItem);
}

/** Loads a request made to me that is still waiting, or says why not (404 not mine, 409 answered). */
async function pendingRequestTo(ctx: RequestContext, me: number, matchingId: number): Promise<repo.RequestRow> {
  const request = await repo.findRequest(ctx.db, matchingId);
  if (!request || request.targetId !== me) throw requestNotFound();
  // An unanswered request past its 7 days is expired, whether or not the daily job marked it yet.
  if (request.status !== 'PENDING' || request.createdAt <= pendingSince(ctx.now)) throw answered();
  if (!(await reachable(ctx, me, request.requesterId))) throw requestNotFound();
  return request;
}

async function accept(ctx: RequestContext, me: number, request: repo.RequestRow): Promise<ChatRoomItem> {
  const matchingId = request.id;
  const { accepted, roomId } = await repo.acceptRequest(
    ctx.db,
    matchingId,
    me,
    ctx.now.toISOString(),
    pendingSince(ctx.now),
  );
  if (!accepted || roomId === undefined) throw answered();
  return opened(ctx, me, request.requesterId, matchingId, roomId);
}

/** After `me` accepted `requesterId`'s request: they hear of the room, and I get it as my list shows it. */
async function opened(
  ctx: RequestContext,
  me: number,
  requesterId: number,
  matchingId: number,
  roomId: number,
): Promise<ChatRoomItem> {
  await publishToMember(ctx.env, requesterId, { type: 'room-opened', chatRoomId: roomId });
  await notifyRequestAccepted(ctx, { matchingId, requesterId, accepterId: me, roomId });
  return roomItem(ctx, me, roomId);
}

/** Accepting opens a room to talk in: only a verified member may. */
export async function acceptChatRequest(ctx: RequestContext, me: number, matchingId: number): Promise<ChatRoomItem> {
  await requireVerifiedIdentity(ctx.db, me);
  const request = await pendingRequestTo(ctx, me, matchingId);
  await assertYourTurnRoom(ctx, me);
  // A new account's daily rooms (docs/safety.md "New-account caps"), after "not yours" answered 404.
  await capNewAccount(ctx.db, me, 'ROOM', ctx.now);
  return accept(ctx, me, request);
}

export async function rejectChatRequest(ctx: RequestContext, me: number, matchingId: number): Promise<void> {
  await pendingRequestTo(ctx, me, matchingId);
  if (!(await repo.rejectRequest(ctx.db, matchingId, me, ctx.now.toISOString()))) throw answered();
}

/** Requests expired per statement; the job repeats until none are left. */
export const EXPIRE_BATCH = 500;

/**
 * The daily Cron Trigger's job: pending requests unanswered for 7 days become EXPIRED (matching
 * history shows 만료됨 to both sides) and the requester is notified. Until then they are already
 * treated as expired (not listed, not answerable, not blocking a new request).
 */
export async function expireChatRequests(ctx: RequestContext): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await repo.expirePending(ctx.db, pendingSince(ctx.now), ctx.now.toISOString(), EXPIRE_BATCH);
    for (const r of expired) {
      await notifyRequestExpired(ctx, { matchingId: r.id, requesterId: r.requesterId, targetId: r.targetId });
    }
    total += expired.length;
    if (expired.length < EXPIRE_BATCH) return total;
  }
}
