// Chat rules: only a room's two members see it; the list, history, read marker, leaving, and the
// socket handshake (ticket → Worker checks → the room's Durable Object checks single use).
import { mayTalk, requireVerifiedIdentity } from '../identity/service';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_SOCKET_PROTOCOL,
  CHAT_TOKEN_PROTOCOL_PREFIX,
  type ChatMessage,
  type ChatRoomItem,
  type PhotoMessageResult,
  type RoomCloseReasonCode,
  type UnsendResult,
  type WsTicket,
  UNKNOWN_MEMBER_NAME,
} from '../../contract/chat';
import { WITHDRAWN_MEMBER_NAME } from '../../contract/mypage';
import { announceRoomClosed } from './notify';
import { connectRequest } from './protocol';
import { chatRoomStub } from './stubs';
import { memberChannelStub, publishToMember } from '../live/publish';
import { issueTicket, verifyTicket } from './ticket';
import { AppError, Conflict, Invalid, NotFound, Unauthorized } from '../../lib/errors';
import { imageUrl } from '../media/service';
import { findMemberAuthState } from '../members/repo';
import { isBanned, memberInGoodStanding } from '../members/service';
import { verifyAccessToken } from '../../lib/tokens';
import { readRoomNotification, unquoteRoomNotification } from '../notifications/producers';
import { storeChatPhoto, storeChatVoice } from './photos';
import { checkVoiceUpload } from '../../lib/audio';
import { FLAT_WAVEFORM } from '../../contract/voice-wave';
import { VOICE_LIMITS, VOICE_MESSAGES } from '../../contract/voice';
import type { SQL } from 'drizzle-orm';
import * as repo from './repo';
import { clientOfRequest, type RequestContext } from '../../lib/context';
import { clientOf } from '../../lib/db';
import type { Db } from '../../lib/env';

const roomNotFound = () => new NotFound(CHAT_MESSAGES.roomNotFound, 'CHAT_ROOM_NOT_FOUND');

/**
 * A room closed by a block is frozen for whoever still sees it (only the blocked member does: the
 * blocker's list drops it): no name, photo, photo links or socket of the member who blocked.
 */
export const closedByBlock = (room: { closedReason: RoomCloseReasonCode | null }): boolean =>
  room.closedReason === 'BLOCKED';

export function toRoomItem(r: repo.RoomListRow): ChatRoomItem {
  const withdrawn = r.opponentDeletedAt !== null;
  const blocked = closedByBlock(r);
  return {
    chatRoomId: r.chatRoomId,
    matchingId: r.matchingId,
    opponentMemberId: r.opponentId,
    opponentId: r.opponentId,
    opponentNickname: blocked ? UNKNOWN_MEMBER_NAME : withdrawn ? WITHDRAWN_MEMBER_NAME : r.opponentName,
    opponentProfileImageUrl: !blocked && !withdrawn && r.opponentImageKey ? imageUrl(r.opponentImageKey) : null,
    opponentWithdrawn: withdrawn,
    verified: {
      identity: !withdrawn && r.opponentIdentityVerified,
      photo: !withdrawn && r.opponentPhotoVerified,
    },
    unreadMessageCount: r.unreadCount,
    lastMessage: r.lastMessage,
    lastMessageAt: r.lastMessageAt,
    messageCount: r.messageCount,
    createdAt: r.createdAt,
    closedReason: r.closedReason,
  };
}

/** The room list from its rows (the route reads them with the auth statement). */
export function roomsFrom(rows: repo.RoomListRow[]): ChatRoomItem[] {
  return rows.map(toRoomItem);
}

/** One room as its member's list shows it (after accepting a request). */
export async function roomItem(ctx: RequestContext, memberId: number, roomId: number): Promise<ChatRoomItem> {
  return roomItemOf(await roomItemRead(ctx.db, memberId, roomId));
}

/** roomItem's read, not yet run (for a batch: the room may be one the same batch opens, its id as SQL). */
export const roomItemRead = (db: Db, memberId: number, roomId: number | SQL) =>
  repo.listRoomsQuery(db, memberId, roomId);

/** roomItem over roomItemRead's rows. */
export function roomItemOf(rows: repo.RoomListRow[]): ChatRoomItem {
  const [row] = rows;
  if (!row) throw roomNotFound();
  return toRoomItem(row);
}

async function roomOf(ctx: RequestContext, roomId: number, memberId: number): Promise<repo.RoomRow> {
  const room = await repo.findRoomOf(ctx.db, roomId, memberId);
  if (!room) throw roomNotFound();
  return room;
}

export type HistoryQuery = { before: number | null; limit: number | null };

/** A history page, and how far the other member has read (the route sends it as a header). */
export async function roomMessages(
  ctx: RequestContext,
  memberId: number,
  roomId: number,
  q: HistoryQuery,
): Promise<{ messages: ChatMessage[]; opponentLastReadId: number }> {
  const room = await roomOf(ctx, roomId, memberId);
  const limit = Math.min(q.limit ?? CHAT_LIMITS.historyPageDefault, CHAT_LIMITS.historyPageMax);
  const opponent = room.memberA === memberId ? room.memberB : room.memberA;
  return chatRoomStub(ctx.env, roomId).historyFor(memberId, q.before, limit, closedByBlock(room) ? opponent : null);
}

/**
 * The callee declines a ringing call from a screen without the room open (the ringing sheet). A call
 * that is no longer ringing (answered elsewhere, cancelled, missed) or is not theirs changes nothing.
 */
export async function declineCall(
  ctx: RequestContext,
  memberId: number,
  roomId: number,
  callId: string,
): Promise<void> {
  const room = await roomOf(ctx, roomId, memberId);
  await chatRoomStub(ctx.env, roomId).declineCall(room, memberId, callId);
}

/**
 * `rows`: roomOfQuery's, read with the auth statement (routes.ts): 404 unless the member is one of
 * the room's two. The room's read mark and the room's notification row are written side by side
 * (the room object's D1 batch and the request's one statement): neither reads the other.
 */
export async function markRoomRead(
  ctx: RequestContext,
  memberId: number,
  roomId: number,
  rows: repo.RoomRow[],
): Promise<void> {
  const room = rows[0];
  if (!room) throw roomNotFound();
  await Promise.all([
    // Through the room's object: the read mark (the other member's "1"s go) and D1's unread reset,
    // in order with the room's pending summary write, in one D1 batch (docs/chat.md "Reconciling").
    chatRoomStub(ctx.env, roomId).markRead(room, memberId, ctx.now.toISOString()),
    readRoomNotification(ctx, memberId, roomId),
  ]);
  // The member's other tabs clear the badge too.
  await publishToMember(ctx.env, memberId, { type: 'read', chatRoomId: roomId });
}

const roomClosed = () => new Conflict(CHAT_MESSAGES.roomClosed, 'CHAT_ROOM_CLOSED');

/** Why the room refused a photo or voice note, as the HTTP answer (a bad `replyTo` as the socket's BAD_FRAME). */
function mediaRefusal(code: 'ROOM_CLOSED' | 'RATE_LIMITED' | 'REPLY_INVALID'): AppError {
  if (code === 'ROOM_CLOSED') return roomClosed();
  if (code === 'REPLY_INVALID') {
    return new Invalid(CHAT_MESSAGES.badFrame, { replyTo: CHAT_MESSAGES.badFrame }, 'INVALID_INPUT');
  }
  return new AppError(429, 'CHAT_RATE_LIMITED', CHAT_MESSAGES.rateLimited);
}

/**
 * A photo message: cleaned and stored privately in R2, then posted by the room like a text (same
 * rate limit, idempotent on clientMsgId). A refused or repeated post leaves no object behind.
 */
export async function sendPhoto(
  ctx: RequestContext,
  memberId: number,
  roomId: number,
  input: { image: Blob; clientMsgId: string | null },
): Promise<PhotoMessageResult> {
  const room = await roomOf(ctx, roomId, memberId);
  if (room.closedReason) throw roomClosed();
  await requireVerifiedIdentity(ctx.db, memberId);
  const stub = chatRoomStub(ctx.env, roomId);
  if (input.clientMsgId !== null) {
    const earlier = await stub.findSent(room, memberId, input.clientMsgId);
    if (earlier) return { ...earlier, chatRoomId: roomId, clientMsgId: input.clientMsgId };
  }
  const key = await storeChatPhoto(ctx.env.MEDIA, roomId, input.image);
  const outcome = await stub.postPhoto(room, memberId, key, input.clientMsgId);
  if (!outcome.ok || !outcome.stored) {
    // Refused, or a concurrent upload with the same clientMsgId stored first: this copy is not used.
    await ctx.env.MEDIA.delete(key);
  }
  if (!outcome.ok) throw mediaRefusal(outcome.code);
  return { ...outcome.message, chatRoomId: roomId, clientMsgId: outcome.clientMsgId };
}

/**
 * A voice note (docs/voice.md "Voice notes"): checked by lib/audio (real container of the declared
 * type, real duration within a second of `durationMs`, size bounded by it, metadata stripped),
 * stored privately in R2 like a photo, then posted by the room like a text (same rate limit,
 * idempotent on clientMsgId). A refused or repeated post leaves no object behind.
 */
export async function sendVoice(
  ctx: RequestContext,
  memberId: number,
  roomId: number,
  input: {
    audio: Blob;
    durationMs: number;
    waveform: number[] | null;
    clientMsgId: string | null;
    /** A reply (답장): a message of this room (docs/chat.md "Sending a message"); else 400. */
    replyTo: number | null;
  },
): Promise<PhotoMessageResult> {
  const room = await roomOf(ctx, roomId, memberId);
  if (room.closedReason) throw roomClosed();
  await requireVerifiedIdentity(ctx.db, memberId);
  const stub = chatRoomStub(ctx.env, roomId);
  if (input.clientMsgId !== null) {
    const earlier = await stub.findSent(room, memberId, input.clientMsgId);
    if (earlier) return { ...earlier, chatRoomId: roomId, clientMsgId: input.clientMsgId };
  }
  const audio = await checkVoiceUpload(input.audio, {
    durationMs: input.durationMs,
    maxMs: VOICE_LIMITS.noteMaxMs,
    tooLong: VOICE_MESSAGES.noteTooLong,
  });
  const audioKey = await storeChatVoice(ctx.env.MEDIA, roomId, audio);
  // The container's own duration is what the message says (the declared one only had to agree).
  const voice = { audioKey, durationMs: audio.durationMs, waveform: input.waveform ?? [...FLAT_WAVEFORM] };
  const outcome = await stub.postVoice(room, memberId, voice, input.clientMsgId, input.replyTo);
  if (!outcome.ok || !outcome.stored) await ctx.env.MEDIA.delete(audioKey);
  if (!outcome.ok) throw mediaRefusal(outcome.code);
  return { ...outcome.message, chatRoomId: roomId, clientMsgId: outcome.clientMsgId };
}

/** Unsends the member's own message for both sides (within 5 minutes); the original stays as evidence. */
export async function unsendMessage(
  ctx: RequestContext,
  memberId: number,
  roomId: number,
  messageId: number,
): Promise<UnsendResult> {
  const room = await roomOf(ctx, roomId, memberId);
  const outcome = await chatRoomStub(ctx.env, roomId).unsend(room, memberId, messageId);
  if (outcome === 'NOT_FOUND') throw new NotFound(CHAT_MESSAGES.messageNotFound, 'CHAT_MESSAGE_NOT_FOUND');
  if (outcome === 'EXPIRED') throw new Conflict(CHAT_MESSAGES.unsendExpired, 'CHAT_UNSEND_EXPIRED');
  if (outcome === 'ROOM_CLOSED') throw roomClosed();
  const recipientId = room.memberA === memberId ? room.memberB : room.memberA;
  await unquoteRoomNotification(ctx, { roomId, recipientId });
  return { id: messageId, deleted: true };
}

/** Unmatch: the room closes for both; the other side sees that the conversation ended. */
export async function leaveRoom(
  ctx: RequestContext,
  memberId: number,
  roomId: number,
): Promise<{ closedReason: RoomCloseReasonCode }> {
  const room = await roomOf(ctx, roomId, memberId);
  if (room.closedReason) return { closedReason: room.closedReason };
  const closed = await repo.closeRoom(ctx.db, roomId, { by: memberId, reason: 'LEFT', at: ctx.now.toISOString() });
  if (closed) await announceRoomClosed(ctx.env, closed, 'LEFT');
  return { closedReason: closed?.closedReason ?? 'LEFT' };
}

export async function roomTicket(ctx: RequestContext, memberId: number, roomId: number): Promise<WsTicket> {
  return ticketFor(ctx, memberId, await repo.findRoomOf(ctx.db, roomId, memberId));
}

/** A room socket ticket, with the member's room already read (null/undefined: not theirs → 404). */
export async function ticketFor(
  ctx: RequestContext,
  memberId: number,
  room: repo.RoomRow | null | undefined,
): Promise<WsTicket> {
  if (!room || closedByBlock(room)) throw roomNotFound();
  return issueTicket(ctx.env, memberId, `room:${room.roomId}`, ctx.now);
}

/** The member's auth state and their room, in one D1 read (the ticket route's requireMember). */
export const memberAndRoom = (db: Db, memberId: number, roomId: number) =>
  repo.findMemberAndRoom(clientOf(db), memberId, roomId);

export async function liveTicket(ctx: RequestContext, memberId: number): Promise<WsTicket> {
  return issueTicket(ctx.env, memberId, 'live', ctx.now);
}

/** A member who is gone or banned since the ticket was issued cannot open a socket. */
async function assertMemberInGoodStanding(ctx: RequestContext, memberId: number): Promise<void> {
  const member = await findMemberAuthState(ctx.db, memberId);
  if (!member || isBanned(member, ctx.now)) throw new Unauthorized(CHAT_MESSAGES.ticketInvalid, 'WS_TICKET_INVALID');
}

function assertUpgrade(request: Request): void {
  if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
    throw new Invalid(CHAT_MESSAGES.upgradeRequired, undefined, 'UPGRADE_REQUIRED');
  }
}

/** The object's answer: the upgraded socket, or a refusal (a ticket presented twice). */
function upgraded(res: Response, headers?: HeadersInit): Response {
  // A fresh response: the object's has immutable headers, and the middleware adds security headers.
  if (res.status === 101 && res.webSocket)
    return new Response(null, { status: 101, webSocket: res.webSocket, headers });
  if (res.status === 401) throw new Unauthorized(CHAT_MESSAGES.ticketUsed, 'WS_TICKET_USED');
  throw new Error(`chat object refused the connection: ${res.status}`);
}

export async function connectRoom(
  ctx: RequestContext,
  request: Request,
  roomId: number,
  ticket: string | undefined,
): Promise<Response> {
  assertUpgrade(request);
  const t = await verifyTicket(ctx.env, ticket, `room:${roomId}`, ctx.now);
  // The member's standing and their place in the room: one D1 read.
  const found = await repo.findMemberAndRoom(clientOfRequest(ctx), t.memberId, roomId);
  if (!found || isBanned(found.member, ctx.now)) {
    throw new Unauthorized(CHAT_MESSAGES.ticketInvalid, 'WS_TICKET_INVALID');
  }
  const room = found.room;
  if (!room || closedByBlock(room)) throw roomNotFound();
  const connect = {
    room,
    memberId: t.memberId,
    jti: t.jti,
    expiresMs: t.expiresMs,
    mayPost: mayTalk(found),
    listed: found.listed,
  };
  return upgraded(await chatRoomStub(ctx.env, roomId).fetch(connectRequest(request, connect)));
}

/**
 * The member's access token from the socket's offered subprotocols (`ongi.chat.v1`,
 * `ongi.token.<jwt>`), or null when none is offered (the ticket way). A token offered without
 * `ongi.chat.v1` is refused: the answer must select a protocol the page offered.
 */
export function tokenFromProtocols(header: string | null): string | null {
  if (!header) return null;
  const offered = header.split(',').map((p) => p.trim());
  const entry = offered.find((p) => p.startsWith(CHAT_TOKEN_PROTOCOL_PREFIX));
  if (entry === undefined) return null;
  if (!offered.includes(CHAT_SOCKET_PROTOCOL)) {
    throw new Invalid(CHAT_MESSAGES.badFrame, undefined, 'WS_PROTOCOL_MISSING');
  }
  return entry.slice(CHAT_TOKEN_PROTOCOL_PREFIX.length);
}

/**
 * A room socket opened with the member's access token (no ticket call): the token is checked as
 * every API call's (signature, `typ: access`, expiry; 401), then one D1 read gives the member's
 * standing (gone: 401, banned: 403 MEMBER_BANNED) and their place in the room (404). The answer
 * selects `ongi.chat.v1` and never echoes the token.
 */
export async function connectRoomWithToken(
  ctx: RequestContext,
  request: Request,
  roomId: number,
  token: string,
): Promise<Response> {
  assertUpgrade(request);
  const memberId = await verifyAccessToken(ctx.env, token, ctx.now);
  const found = await repo.findMemberAndRoom(clientOfRequest(ctx), memberId, roomId);
  await memberInGoodStanding(ctx, found?.member, ctx.now);
  if (!found?.room || closedByBlock(found.room)) throw roomNotFound();
  const connect = {
    room: found.room,
    memberId,
    jti: null,
    expiresMs: 0,
    mayPost: mayTalk(found),
    listed: found.listed,
  };
  const res = await chatRoomStub(ctx.env, roomId).fetch(connectRequest(request, connect));
  return upgraded(res, { 'Sec-WebSocket-Protocol': CHAT_SOCKET_PROTOCOL });
}

/**
 * The member's live channel opened with the access token (no ticket call): the same checks as a
 * room socket's (token as every API call's; gone: 401, banned: 403 MEMBER_BANNED, from D1); the answer
 * selects `ongi.chat.v1` and never echoes the token.
 */
export async function connectLiveWithToken(ctx: RequestContext, request: Request, token: string): Promise<Response> {
  assertUpgrade(request);
  const memberId = await verifyAccessToken(ctx.env, token, ctx.now);
  await memberInGoodStanding(ctx, await findMemberAuthState(ctx.db, memberId), ctx.now);
  const connect = { memberId, jti: null, expiresMs: 0 };
  const res = await memberChannelStub(ctx.env, memberId).fetch(connectRequest(request, connect));
  return upgraded(res, { 'Sec-WebSocket-Protocol': CHAT_SOCKET_PROTOCOL });
}

export async function connectLive(
  ctx: RequestContext,
  request: Request,
  ticket: string | undefined,
): Promise<Response> {
  assertUpgrade(request);
  const t = await verifyTicket(ctx.env, ticket, 'live', ctx.now);
  await assertMemberInGoodStanding(ctx, t.memberId);
  const connect = { memberId: t.memberId, jti: t.jti, expiresMs: t.expiresMs };
  return upgraded(await memberChannelStub(ctx.env, t.memberId).fetch(connectRequest(request, connect)));
}
