// Socket upgrades offered with the access token (the app's way: docs/chat.md "Sockets") are answered
// before the Hono app (ADR 0014): a member opens one on every room and every page, and the app's
// dispatch and middleware were a tenth of the Worker runtime's CPU per connect (bench/chat/RESULTS.md,
// eleventh round). Only the answer that succeeds is made here: any refusal — a token offered without
// `ongi.chat.v1`, a page on another site, a bad or expired token, a member gone or banned, a room
// that is not theirs — hands the request to the app, which checks it again and answers exactly as
// every other call (routes.ts). The ticket way (`?ticket=`) always goes through the app.
import { CHAT_TOKEN_PROTOCOL_PREFIX } from '../../contract/chat';
import { nowDate } from '../../lib/clock';
import type { RequestContext } from '../../lib/context';
import { D1_BOOKMARK_HEADER, openSession, sessionStartFor } from '../../lib/d1';
import { makeDb } from '../../lib/db';
import type { Db, Env } from '../../lib/env';
import { allowedOrigins, isCrossSite } from '../../lib/same-origin';
import { connectLiveWithToken, connectRoomWithToken, tokenFromProtocols } from './service';

const ROOM_SOCKET_PATH = /^\/api\/on\/chat-rooms\/([0-9]+)\/ws$/;
const LIVE_SOCKET_PATH = '/api/on/chat-live/ws';

/** Which socket a request asks for with its access token: a room's, the live channel, or neither. */
export function tokenSocketOf(request: Request): { path: string; roomId: number | null } | null {
  if (request.method !== 'GET' || request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return null;
  if (!request.headers.get('Sec-WebSocket-Protocol')?.includes(CHAT_TOKEN_PROTOCOL_PREFIX)) return null;
  const path = new URL(request.url).pathname;
  if (path === LIVE_SOCKET_PATH) return { path, roomId: null };
  const room = ROOM_SOCKET_PATH.exec(path);
  const roomId = room ? Number(room[1]) : NaN;
  return Number.isSafeInteger(roomId) && roomId > 0 ? { path, roomId } : null;
}

/**
 * The upgraded socket, or null when the app must answer (every refusal, with its own checks and
 * error body). The same calls as the app's routes (routes.ts `/ws`), with the same D1 session a GET
 * gets there (lib/d1.ts sessionStartFor: the member's bookmark, else any copy).
 */
export async function openTokenSocket(
  request: Request,
  env: Env,
  socket: { path: string; roomId: number | null },
): Promise<Response | null> {
  try {
    if (isCrossSite(request.headers, allowedOrigins(env, request.url))) return null;
    const token = tokenFromProtocols(request.headers.get('Sec-WebSocket-Protocol'));
    if (token === null) return null;
    const start = sessionStartFor('GET', socket.path, request.headers.get(D1_BOOKMARK_HEADER));
    const session = openSession(env, start);
    // drizzle's handle only if a call needs it (the room socket's one read goes to the client).
    let db: Db | undefined;
    const ctx: RequestContext = {
      env,
      now: nowDate(env),
      client: session as unknown as D1Database,
      get db() {
        return (db ??= makeDb(session));
      },
    };
    return socket.roomId === null
      ? await connectLiveWithToken(ctx, request, token)
      : await connectRoomWithToken(ctx, request, socket.roomId, token);
  } catch {
    return null;
  }
}
