// Chat rooms over HTTP (api-contract "Chat", docs/chat.md) and the two socket endpoints.
// Socket upgrades carry no bearer header (browsers cannot set one): a ticket authenticates them.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { CHAT_LIMITS } from '../../contract/chat';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { Forbidden } from '../../lib/errors';
import { requireMember } from '../../lib/member-auth';
import { allowedOrigins, isCrossSite } from '../../lib/same-origin';
import { parseWith } from '../auth/validation';
import * as chat from './service';

export const chatRoutes = new Hono<AppEnv>();

const ctxOf = (c: Context<AppEnv>): chat.ChatContext => ({ env: c.env, db: c.get('db'), now: nowDate(c.env) });

const roomParam = z.object({ id: z.coerce.number().int().positive() });
const historyQuery = z.strictObject({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.historyPageMax).optional(),
});
const ticketQuery = z.object({ ticket: z.string().max(2_000).optional() });

const roomId = (c: Context<AppEnv>): number => parseWith(roomParam, c.req.param()).id;

chatRoutes.get('/api/on/chat-rooms', requireMember, async (c) =>
  c.json(await chat.listRooms(ctxOf(c), c.get('memberId'))),
);

chatRoutes.get('/api/on/chat-rooms/:id{[0-9]+}/messages', requireMember, async (c) => {
  const q = parseWith(historyQuery, c.req.query());
  const messages = await chat.roomMessages(ctxOf(c), c.get('memberId'), roomId(c), {
    before: q.before ?? null,
    limit: q.limit ?? null,
  });
  return c.json(messages);
});

chatRoutes.post('/api/on/chat-rooms/:id{[0-9]+}/read', requireMember, async (c) => {
  await chat.markRoomRead(ctxOf(c), c.get('memberId'), roomId(c));
  return c.json({ unreadMessageCount: 0 });
});

chatRoutes.post('/api/on/chat-rooms/:id{[0-9]+}/leave', requireMember, async (c) =>
  c.json(await chat.leaveRoom(ctxOf(c), c.get('memberId'), roomId(c))),
);

chatRoutes.post('/api/on/chat-rooms/:id{[0-9]+}/ws-ticket', requireMember, async (c) =>
  c.json(await chat.roomTicket(ctxOf(c), c.get('memberId'), roomId(c))),
);

chatRoutes.post('/api/on/chat-live/ws-ticket', requireMember, async (c) =>
  c.json(await chat.liveTicket(ctxOf(c), c.get('memberId'))),
);

/** A page on another site must not open sockets here (the ticket already makes that useless). */
function assertSameSite(c: Context<AppEnv>): void {
  if (isCrossSite(c.req.raw.headers, allowedOrigins(c.env, c.req.url))) {
    throw new Forbidden('다른 사이트에서 보낸 요청은 처리할 수 없어요.', 'CSRF_REJECTED');
  }
}

chatRoutes.get('/api/on/chat-rooms/:id{[0-9]+}/ws', async (c) => {
  assertSameSite(c);
  const { ticket } = parseWith(ticketQuery, c.req.query());
  return chat.connectRoom(ctxOf(c), c.req.raw, roomId(c), ticket);
});

chatRoutes.get('/api/on/chat-live/ws', async (c) => {
  assertSameSite(c);
  const { ticket } = parseWith(ticketQuery, c.req.query());
  return chat.connectLive(ctxOf(c), c.req.raw, ticket);
});
