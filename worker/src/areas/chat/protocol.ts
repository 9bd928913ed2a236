// Server side of the socket wire protocol (frames in contract/chat.ts): connect handshake between
// the Worker and an object, and small helpers to send frames without throwing on dead sockets.
import type { RoomServerFrame, LiveServerFrame } from '../../contract/chat';
import type { RoomListed } from './repo';
import type { RoomInfo } from './room-store';

/**
 * The Worker has checked the ticket's signature (or the access token's) and the member's place;
 * the object checks a ticket's single use. `jti` is null for a socket opened with the access token.
 */
export type RoomConnect = {
  room: RoomInfo;
  memberId: number;
  jti: string | null;
  expiresMs: number;
  /** Whether the member may send messages (identity verified; identity/service.ts mayTalk). */
  mayPost: boolean;
  /** D1's room list for this room as the Worker read it (repo.ts RoomListed); absent: not read. */
  listed?: RoomListed | null;
};
export type LiveConnect = { memberId: number; jti: string | null; expiresMs: number };

export const CONNECT_HEADER = 'X-Ongi-Connect';

export function connectRequest(original: Request, connect: RoomConnect | LiveConnect): Request {
  // Only what the object reads: the upgrade and what the Worker checked. Not the browser's other
  // headers (cookies, the offered subprotocols with the access token): the object needs none.
  const headers = new Headers({
    Upgrade: 'websocket',
    // ASCII only (a header value; the room list's preview may be Korean): JSON's \u escapes.
    [CONNECT_HEADER]: JSON.stringify(connect).replace(
      /[\u007f-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    ),
  });
  return new Request(original.url, { method: 'GET', headers });
}

export function readConnect<T>(request: Request): T | null {
  const raw = request.headers.get(CONNECT_HEADER);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export const memberTag = (memberId: number): string => `m:${memberId}`;

/** Who the socket was admitted for; once marked for close (closing.ts), the code it is owed and when. */
export type SocketAttachment = {
  memberId: number;
  mayPost?: boolean;
  openedMs?: number;
  /** This socket's id (a call is pinned to one socket per side: room-call.ts). */
  sid?: string;
  closeCode?: number;
  closeAtMs?: number;
};

export function attachmentOf(ws: WebSocket): SocketAttachment | null {
  const value: unknown = ws.deserializeAttachment();
  if (typeof value === 'object' && value !== null && typeof (value as SocketAttachment).memberId === 'number') {
    return value as SocketAttachment;
  }
  return null;
}

/** Sends a frame; a socket that is already gone is simply skipped. */
export function sendFrame(ws: WebSocket, frame: RoomServerFrame | LiveServerFrame): void {
  try {
    ws.send(JSON.stringify(frame));
  } catch {
    // closed between getWebSockets() and send: nothing to deliver to
  }
}

/** Sends an already serialized frame (one message to every socket in a room is serialized once). */
export function sendText(ws: WebSocket, text: string): void {
  try {
    ws.send(text);
  } catch {
    // closed between getWebSockets() and send: nothing to deliver to
  }
}

export function closeSocket(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // already closed
  }
}

/** A plain refusal the Worker turns into a typed error. */
export const refusal = (status: number, code: string): Response =>
  new Response(JSON.stringify({ code }), { status, headers: { 'Content-Type': 'application/json' } });
