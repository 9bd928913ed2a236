// Ending a room's sockets for good (room closed, member banned) so that the connection really ends
// at once. A hibernatable socket closed by the object from an RPC or an alarm sends its close
// frame, but the runtime (workerd locally) keeps the TCP connection until the object goes idle,
// about 10 s later: the browser sits in CLOSING and sees no `close` event. A close the *client*
// starts ends at once: the object answers it from the socket's own `webSocketClose`. So the object
// marks the socket with the code it owes (4409 room closed, 4403 disconnected), sends the `closed`
// frame — the client closes when it reads it — answers that close with the marked code (the code
// of the first close frame a client receives is what its `close` event reports), and closes the
// socket itself after CLOSE_GRACE_MS from an alarm if the client did not (an old or hostile page).
import { CHAT_CLOSE, CHAT_MESSAGES } from '../../contract/chat';
import { attachmentOf, closeSocket } from './protocol';

export const CLOSE_GRACE_MS = 1_000;

/** Marks the socket to be closed with `code`, by the client's close or else by `closeOverdue`. */
export function markForClose(ws: WebSocket, code: number, nowMs: number): void {
  const member = attachmentOf(ws);
  if (!member || member.closeCode !== undefined) return;
  ws.serializeAttachment({ ...member, closeCode: code, closeAtMs: nowMs + CLOSE_GRACE_MS });
}

/** The code owed to a socket marked for close, if any. */
export const owedCloseCode = (ws: WebSocket): number | undefined => attachmentOf(ws)?.closeCode;

/** Closes the marked sockets whose grace ran out; answers when the next one is due (or null). */
export function closeOverdue(sockets: WebSocket[], nowMs: number): number | null {
  let next: number | null = null;
  for (const ws of sockets) {
    const a = attachmentOf(ws);
    if (a?.closeCode === undefined || a.closeAtMs === undefined) continue;
    if (a.closeAtMs <= nowMs) closeSocket(ws, a.closeCode, 'closed');
    else next = Math.min(next ?? a.closeAtMs, a.closeAtMs);
  }
  return next;
}

/**
 * Before one more socket of a member is accepted: closes their oldest open ones so that at most
 * `max` stay with the new one (the newest page wins), with 4429 and a Korean reason (final: the
 * page does not reconnect by itself, so two crowded tabs never take turns).
 */
export function keepAtMost(sockets: WebSocket[], max: number, nowMs: number): void {
  const open = sockets.filter((ws) => owedCloseCode(ws) === undefined);
  const excess = open.length - (max - 1);
  if (excess <= 0) return;
  open.sort((a, b) => (attachmentOf(a)?.openedMs ?? 0) - (attachmentOf(b)?.openedMs ?? 0));
  for (const ws of open.slice(0, excess)) {
    markForClose(ws, CHAT_CLOSE.tooManySockets, nowMs);
    closeSocket(ws, CHAT_CLOSE.tooManySockets, CHAT_MESSAGES.tooManySockets);
  }
}
