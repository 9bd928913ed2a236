// Chat rooms over HTTP (api-contract "Chat", docs/chat.md) and the two socket endpoints.
// Socket upgrades carry no bearer header (browsers cannot set one): a ticket authenticates them,
// or (room sockets) the access token offered as a subprotocol.
import { Hono, type Context } from 'hono';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CALL_ID_PATTERN } from '../../contract/calls';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../contract/chat';
import { nowDate } from '../../lib/clock';
import { batchRead } from '../../lib/db';
import type { AppEnv } from '../../lib/env';
import { Forbidden, Invalid, NotFound } from '../../lib/errors';
import { requireMember, requireMemberAnd, requireMemberWith } from '../members/member-auth';
import { allowedOrigins, isCrossSite } from '../../lib/same-origin';
import { parseWith } from '../../lib/validation';
import { checkChatMediaLink } from './photos';
import { readVoiceForm } from '../../lib/audio';
import { mediaResponse } from '../../lib/media-response';
import { listRoomsQuery, roomOfQuery, type RoomRow } from './repo';
import * as chat from './service';
import { wrapUpRoom } from './your-turn';
import { requestContext } from '../../lib/context';

export const chatRoutes = new Hono<AppEnv>();

const roomParam = z.object({ id: z.coerce.number().int().positive() });
const historyQuery = z.strictObject({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.historyPageMax).optional(),
});
const ticketQuery = z.object({ ticket: z.string().max(2_000).optional() });

const roomId = (c: Context<AppEnv>): number => parseWith(roomParam, c.req.param()).id;

// The list is read in the same D1 round trip as the auth statement.
const roomsRead = requireMemberAnd(
  (_c, db, memberId) =>
    [batchRead(db, 'chat-rooms', () => listRoomsQuery(db, sql.placeholder('member')), { member: memberId })] as const,
);

chatRoutes.get('/api/on/chat-rooms', roomsRead.middleware, (c) => {
  const [rows] = roomsRead.rows(c);
  return c.json(chat.roomsFrom(rows));
});

chatRoutes.get('/api/on/chat-rooms/:id{[0-9]+}/messages', requireMember, async (c) => {
  const q = parseWith(historyQuery, c.req.query());
  const page = await chat.roomMessages(requestContext(c), c.get('memberId'), roomId(c), {
    before: q.before ?? null,
    limit: q.limit ?? null,
  });
  // The body stays the contract's bare array; read receipts ride in a header (docs/chat.md).
  c.header('X-Opponent-Last-Read-Id', String(page.opponentLastReadId));
  return c.json(page.messages);
});

const messageParam = z.object({
  id: z.coerce.number().int().positive(),
  messageId: z.coerce.number().int().positive(),
});

chatRoutes.delete('/api/on/chat-rooms/:id{[0-9]+}/messages/:messageId{[0-9]+}', requireMember, async (c) => {
  const { id, messageId } = parseWith(messageParam, c.req.param());
  return c.json(await chat.unsendMessage(requestContext(c), c.get('memberId'), id, messageId));
});

chatRoutes.post('/api/on/chat-rooms/:id{[0-9]+}/photos', requireMember, async (c) => {
  const id = roomId(c);
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new Invalid('사진을 읽지 못했어요. 다시 시도해 주세요.', undefined, 'INVALID_FORM');
  }
  const image = form.get('image');
  if (!image || typeof image === 'string' || image.size === 0) {
    throw new Invalid(CHAT_MESSAGES.photoMissing, { image: CHAT_MESSAGES.photoMissing }, 'IMAGE_MISSING');
  }
  const rawId = form.get('clientMsgId');
  if (rawId !== null && (typeof rawId !== 'string' || rawId.length > CHAT_LIMITS.clientMsgIdMaxChars)) {
    throw new Invalid(CHAT_MESSAGES.badFrame, { clientMsgId: CHAT_MESSAGES.badFrame }, 'INVALID_INPUT');
  }
  const clientMsgId = rawId ? rawId : null;
  return c.json(await chat.sendPhoto(requestContext(c), c.get('memberId'), id, { image, clientMsgId }));
});

/**
 * A voice note (docs/voice.md "Voice notes"): multipart `audio`, `durationMs`, `waveform?`, `clientMsgId?`,
 * `replyTo?` (답장: a message id of this room, as the socket's `send` frame takes it).
 */
chatRoutes.post('/api/on/chat-rooms/:id{[0-9]+}/voice', requireMember, async (c) => {
  const id = roomId(c);
  const form = await readVoiceForm(c.req.raw, ['clientMsgId', 'replyTo']);
  const rawId = form.fields.clientMsgId;
  if (rawId !== undefined && rawId.length > CHAT_LIMITS.clientMsgIdMaxChars) {
    throw new Invalid(CHAT_MESSAGES.badFrame, { clientMsgId: CHAT_MESSAGES.badFrame }, 'INVALID_INPUT');
  }
  const rawReply = form.fields.replyTo;
  const replyTo = rawReply === undefined ? null : Number(rawReply);
  if (replyTo !== null && !(/^[1-9][0-9]{0,15}$/.test(rawReply ?? '') && Number.isSafeInteger(replyTo))) {
    throw new Invalid(CHAT_MESSAGES.badFrame, { replyTo: CHAT_MESSAGES.badFrame }, 'INVALID_INPUT');
  }
  const input = {
    audio: form.audio,
    durationMs: form.durationMs,
    waveform: form.waveform,
    clientMsgId: rawId || null,
    replyTo,
  };
  return c.json(await chat.sendVoice(requestContext(c), c.get('memberId'), id, input));
});

/**
 * A chat photo or voice note through its signed link (no bearer: an <img> or <audio> cannot send one). Only the room's
 * members and admins are handed links; the answer is private to the browser and never shared.
 */
chatRoutes.get('/api/chat-media/*', async (c) => {
  const key = c.req.path.slice('/api/chat-media/'.length);
  const scope = c.req.query('scope') === 'admin' ? 'admin' : 'member';
  const link = { exp: c.req.query('exp'), sig: c.req.query('sig'), scope } as const;
  const left = await checkChatMediaLink(c.env, key, link, nowDate(c.env));
  // An unsent photo or voice note is kept as report evidence: only an admin's link still shows it.
  const visible = (object: R2Object) => object.customMetadata?.unsent === undefined || scope === 'admin';
  const answer = left === null ? null : await mediaResponse(c.env.MEDIA, key, c.req.raw, left, visible);
  if (!answer) throw new NotFound(CHAT_MESSAGES.photoNotFound, 'CHAT_PHOTO_NOT_FOUND');
  return answer;
});

// Marking a room read: the room (is the member one of its two?) read with the auth statement.
const readRoom = requireMemberAnd(
  (c, db, memberId) =>
    [
      batchRead(db, 'chat-room-of', () => roomOfQuery(db, sql.placeholder('room'), sql.placeholder('member')), {
        room: roomId(c),
        member: memberId,
      }),
    ] as const,
);

chatRoutes.post('/api/on/chat-rooms/:id{[0-9]+}/read', readRoom.middleware, async (c) => {
  const [rows] = readRoom.rows(c);
  await chat.markRoomRead(requestContext(c), c.get('memberId'), roomId(c), rows);
  return c.json({ unreadMessageCount: 0 });
});

/** 거절 on the ringing sheet of a screen without the room open (docs/voice.md "Ringing on any screen"): 204. */
chatRoutes.post('/api/on/chat-rooms/:id{[0-9]+}/calls/:callId/decline', requireMember, async (c) => {
  const callId = c.req.param('callId');
  if (!CALL_ID_PATTERN.test(callId)) throw new NotFound(CHAT_MESSAGES.roomNotFound, 'CHAT_ROOM_NOT_FOUND');
  await chat.declineCall(requestContext(c), c.get('memberId'), roomId(c), callId);
  return c.body(null, 204);
});

chatRoutes.post('/api/on/chat-rooms/:id{[0-9]+}/leave', requireMember, async (c) =>
  c.json(await chat.leaveRoom(requestContext(c), c.get('memberId'), roomId(c))),
);

chatRoutes.post('/api/on/chat-rooms/:id{[0-9]+}/wrap-up', requireMember, async (c) =>
  c.json(await wrapUpRoom(requestContext(c), c.get('memberId'), roomId(c))),
);

/** The ticket route reads the member's auth state and their room in one D1 query. */
const ticketRooms = new WeakMap<Request, RoomRow | null>();
const requireRoomMember = requireMemberWith(async (c, db, memberId) => {
  const found = await chat.memberAndRoom(db, memberId, roomId(c));
  if (found) ticketRooms.set(c.req.raw, found.room);
  return found?.member;
});

chatRoutes.post('/api/on/chat-rooms/:id{[0-9]+}/ws-ticket', requireRoomMember, async (c) =>
  c.json(await chat.ticketFor(requestContext(c), c.get('memberId'), ticketRooms.get(c.req.raw))),
);

chatRoutes.post('/api/on/chat-live/ws-ticket', requireMember, async (c) =>
  c.json(await chat.liveTicket(requestContext(c), c.get('memberId'))),
);

/** A page on another site must not open sockets here (the ticket already makes that useless). */
function assertSameSite(c: Context<AppEnv>): void {
  if (isCrossSite(c.req.raw.headers, allowedOrigins(c.env, c.req.url))) {
    throw new Forbidden('다른 사이트에서 보낸 요청은 처리할 수 없어요.', 'CSRF_REJECTED');
  }
}

chatRoutes.get('/api/on/chat-rooms/:id{[0-9]+}/ws', async (c) => {
  assertSameSite(c);
  // The access token as a subprotocol (no ticket call), else the ticket in the query.
  const token = chat.tokenFromProtocols(c.req.header('Sec-WebSocket-Protocol') ?? null);
  if (token !== null) return chat.connectRoomWithToken(requestContext(c), c.req.raw, roomId(c), token);
  const { ticket } = parseWith(ticketQuery, c.req.query());
  return chat.connectRoom(requestContext(c), c.req.raw, roomId(c), ticket);
});

chatRoutes.get('/api/on/chat-live/ws', async (c) => {
  assertSameSite(c);
  const token = chat.tokenFromProtocols(c.req.header('Sec-WebSocket-Protocol') ?? null);
  if (token !== null) return chat.connectLiveWithToken(requestContext(c), c.req.raw, token);
  const { ticket } = parseWith(ticketQuery, c.req.query());
  return chat.connectLive(requestContext(c), c.req.raw, ticket);
});
