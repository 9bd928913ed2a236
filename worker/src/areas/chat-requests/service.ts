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
import { sql, type SQL } from 'drizzle-orm';
import type { BatchResponse } from 'drizzle-orm/batch';
import { publishToMember } from '../live/publish';
import { rawRead } from '../../lib/db';
import type { Db } from '../../lib/env';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { hitStatement, refuseOverCount, countedWithinLimit } from '../../lib/rate-limit';
import { isVisible, visibleQuery } from '../visibility/repo';
import { roomItemOf, roomItemRead } from '../chat/service';
import type { RoomListRow } from '../chat/repo';
import { refuseYourTurn, yourTurnRead } from '../chat/rooms-api';
import { imageUrl } from '../media/service';
import {
  announceWritten,
  chatRequestNotification,
  notifyRequestExpired,
  requestAcceptedNotification,
} from '../notifications/producers';
import { notificationInsert } from '../notifications/repo';
import { todayMarkStatement } from '../today/service';
import { identityRead, refuseUnverified } from '../identity/service';
import { newAccountReads, refuseOverNewAccountCap } from '../safety/service';
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

/** The hourly budget of chat requests. */
const REQUEST_LIMIT = { max: CHAT_LIMITS.requestsPerHour, windowSeconds: 3_600 } as const;

/**
 * What a chat request checks, read with the member check (requireMemberAnd: one round trip): my
 * 본인확인, whether the target is visible to me, the rooms waiting on my reply, and a new
 * account's requests of today. The request itself is the second (requestChat).
 */
export const requestReads = (db: Db, me: number, targetId: number, now: Date) =>
  [
    identityRead(db, me),
    rawRead<{ visible: number }>(db, visibleQuery(me, targetId, now)),
    yourTurnRead(db, me),
    ...newAccountReads(db, me, 'REQUEST', now),
  ] as const;

export type RequestReadRows = BatchResponse<ReturnType<typeof requestReads>>;

type Written = { id: number; delivered_at: string | null }[];

export async function requestChat(
  ctx: RequestContext,
  me: number,
  targetId: number,
  intro: string | null,
  reads: RequestReadRows,
): Promise<ChatRequestResult> {
  if (targetId === me) throw new Invalid(CHAT_MESSAGES.requestSelf, undefined, 'CHAT_REQUEST_SELF');
  const [identity, visible, waiting, standing, sentToday] = reads;
  refuseUnverified(identity);
  if (visible.length === 0) throw targetGone();
  // Rooms waiting on my reply come first (docs/chat.md "Your turn and quiet rooms").
  refuseYourTurn(waiting);
  // A new account's daily requests (docs/safety.md "New-account caps").
  refuseOverNewAccountCap(standing, sentToday, 'REQUEST', ctx.now);

  const { db, now } = ctx;
  const at = now.toISOString();
  const key = `chat-request:${me}`;
  // Every write below runs only within the hourly budget counted first in the same batch: a
  // refused request writes nothing but its count.
  const allowed = countedWithinLimit(key, REQUEST_LIMIT, now);
  // Their pending request to me becomes the match (they asked first), else mine is stored unless
  // a live one exists either way — atomic, so asking each other at once matches.
  const made = repo.requestOrMatchSql(
    { requesterId: me, targetId, intro, at, pendingSince: pendingSince(now) },
    allowed,
  );
  const accepted = repo.acceptedNowSql(me, targetId, at);
  const inserted = repo.insertedNowSql(me, targetId, at);
  const mine = sql`(${inserted} ORDER BY id DESC LIMIT 1)`;
  const roomOf = (request: SQL) => sql`(SELECT id FROM chat_rooms WHERE request_id IN (${request}))`;
  const [counted, acceptedRows, insertedRows, , , rooms, , pendingRows, requestNews, matchNews, roomRows] =
    (await db.batch([
      hitStatement(db, key, REQUEST_LIMIT, now),
      ...made.map((statement) => rawRead<{ id: number; requestId: number }>(db, statement)),
      // 오늘의 인연 (docs/today.md): a request to a card of my current set marks it 대화 신청.
      todayMarkStatement(
        db,
        me,
        targetId,
        'REQUESTED',
        now,
        sql`${allowed} AND (EXISTS (${inserted}) OR EXISTS (${accepted}))`,
      ),
      // A new request: the card on their open pages, and 채팅 요청이 왔어요.
      repo.listPendingQuery(db, targetId, now, pendingSince(now), mine),
      notificationInsert(
        db,
        chatRequestNotification({
          matchingId: mine,
          requesterId: me,
          targetId,
          intro,
          at,
          onlyIf: sql`${allowed} AND EXISTS (${inserted})`,
        }),
      ),
      // A match: 요청을 수락했어요 to them, and the room as my list shows it.
      notificationInsert(
        db,
        requestAcceptedNotification({
          matchingId: sql`(${accepted})`,
          requesterId: targetId,
          accepterId: me,
          roomId: roomOf(accepted),
          at,
          onlyIf: sql`${allowed} AND EXISTS (SELECT 1 FROM chat_rooms WHERE request_id IN (${accepted}))`,
        }),
      ),
      roomItemRead(db, me, roomOf(accepted)),
    ])) as unknown as [
      { count: number }[],
      { id: number }[],
      { id: number }[],
      unknown,
      unknown,
      { id: number; requestId: number }[],
      unknown,
      repo.PendingRow[],
      Written,
      Written,
      RoomListRow[],
    ];
  refuseOverCount(counted, REQUEST_LIMIT, CHAT_MESSAGES.requestTooMany);
  const outcome = repo.requestOutcome(acceptedRows, insertedRows, rooms);
  if (outcome.kind === 'DUPLICATE') throw new Conflict(CHAT_MESSAGES.requestDuplicate, 'CHAT_REQUEST_DUPLICATE');
  if (outcome.kind === 'MATCHED') {
    await opened(ctx, targetId, outcome.roomId, matchNews);
    return { status: 'MATCHED', matchingId: outcome.matchingId, room: roomItemOf(roomRows) };
  }
  const { matchingId } = outcome;
  const [pending] = pendingRows;
  if (pending) await publishToMember(ctx.env, targetId, { type: 'request', request: toPendingItem(pending) });
  await announceWritten(ctx, 'CHAT_REQUEST', requestNews);
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

/** After a request was accepted (its room opened): the requester hears of the room, and of 요청을 수락했어요. */
async function opened(ctx: RequestContext, requesterId: number, roomId: number, news: Written): Promise<void> {
  await publishToMember(ctx.env, requesterId, { type: 'room-opened', chatRoomId: roomId });
  await announceWritten(ctx, 'REQUEST_ACCEPTED', news);
}

/**
 * What accepting checks, read with the member check (requireMemberAnd: one round trip): my
 * 본인확인, the request and whether its requester is visible to me, the rooms waiting on my reply,
 * and a new account's rooms of today. The accept itself is the second (acceptChatRequest).
 */
export const acceptReads = (db: Db, me: number, matchingId: number, now: Date) =>
  [
    identityRead(db, me),
    repo.requestWithVisibilityRead(db, matchingId, me, now),
    yourTurnRead(db, me),
    ...newAccountReads(db, me, 'ROOM', now),
  ] as const;

export type AcceptReadRows = BatchResponse<ReturnType<typeof acceptReads>>;

/** A request made to me that is still waiting, or why not (404 not mine, 409 answered), from a read of it. */
function stillPending(
  ctx: RequestContext,
  me: number,
  request: (repo.RequestRow & { requesterVisible: number }) | undefined,
): repo.RequestRow {
  if (!request || request.targetId !== me) throw requestNotFound();
  // An unanswered request past its 7 days is expired, whether or not the daily job marked it yet.
  if (request.status !== 'PENDING' || request.createdAt <= pendingSince(ctx.now)) throw answered();
  if (!request.requesterVisible) throw requestNotFound();
  return request;
}

/** Accepting opens a room to talk in: only a verified member may. */
export async function acceptChatRequest(
  ctx: RequestContext,
  me: number,
  matchingId: number,
  reads: AcceptReadRows,
): Promise<ChatRoomItem> {
  const [identity, [found], waiting, standing, roomsToday] = reads;
  refuseUnverified(identity);
  const request = stillPending(ctx, me, found);
  refuseYourTurn(waiting);
  // A new account's daily rooms (docs/safety.md "New-account caps"), after "not yours" answered 404.
  refuseOverNewAccountCap(standing, roomsToday, 'ROOM', ctx.now);
  const { db, now } = ctx;
  const at = now.toISOString();
  // The accept, the room and its member rows, 요청을 수락했어요 and the room as my list shows it:
  // one batch, the notification only when this call moved the request from PENDING.
  const room = sql`(SELECT id FROM chat_rooms WHERE request_id = ${matchingId})`;
  const [accept, ...opening] = repo
    .acceptRequestSql(matchingId, me, at, pendingSince(now))
    .map((statement) => rawRead<{ id: number }>(db, statement));
  const [updated, , , roomRows, news, itemRows] = (await db.batch([
    accept!,
    ...opening,
    notificationInsert(
      db,
      requestAcceptedNotification({
        matchingId,
        requesterId: request.requesterId,
        accepterId: me,
        roomId: room,
        at,
        onlyIf: sql`EXISTS (SELECT 1 FROM chat_requests WHERE id = ${matchingId} AND status = 'ACCEPTED' AND answered_at = ${at})
          AND EXISTS ${room}`,
      }),
    ),
    roomItemRead(db, me, room),
  ])) as unknown as [{ id: number }[], unknown, unknown, { id: number }[], Written, RoomListRow[]];
  const roomId = roomRows[0]?.id;
  if (updated.length !== 1 || roomId === undefined) throw answered();
  await opened(ctx, request.requesterId, roomId, news);
  return roomItemOf(itemRows);
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
