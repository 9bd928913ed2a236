// One Durable Object per member: the live channel of their open chat pages (one socket per tab).
// Rooms and request calls publish small notices here (new message summary with the unread count,
// new request, room opened/closed, read elsewhere), so badges move for rooms the page is not
// connected to. Nothing is stored but spent tickets; a page that was away simply refetches.
import { DurableObject } from 'cloudflare:workers';
import { CHAT_CLOSE, CHAT_LIMITS, PING_FRAME, PONG_FRAME, type LiveServerFrame } from '../../contract/chat';
import { nowDate } from '../../lib/clock';
import type { Env } from '../../lib/env';
import { keepAtMost } from '../chat/closing';
import { closeSocket, readConnect, refusal, sendFrame, type LiveConnect } from '../chat/protocol';
import { SpentTickets } from '../chat/spent-tickets';

// lib/env.ts declares the binding without importing this class (it would close a circle through
// lib/); the class's RPC surface is merged into its binding type here.
declare module '../../lib/env' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MemberChannelObject extends MemberChannel {}
}

export class MemberChannel extends DurableObject<Env> {
  private readonly tickets: SpentTickets;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.tickets = new SpentTickets(ctx.storage.sql);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  override async fetch(request: Request): Promise<Response> {
    const connect = readConnect<LiveConnect>(request);
    if (!connect || request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return refusal(400, 'BAD_CONNECT');
    // A ticket is spent once; an access token (jti null) is a bearer like any API call's.
    if (connect.jti !== null && !this.tickets.spend(connect.jti, connect.expiresMs, nowDate(this.env).getTime())) {
      return refusal(401, 'WS_TICKET_USED');
    }
    const openedMs = Date.now();
    keepAtMost(this.ctx.getWebSockets(), CHAT_LIMITS.liveSocketsPerMember, openedMs);
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ memberId: connect.memberId, openedMs });
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Pages only listen; anything but the heartbeat (answered by the runtime) is ignored. */
  override async webSocketMessage(): Promise<void> {}

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    closeSocket(ws, code === 1005 || code === 1006 ? CHAT_CLOSE.normal : code, reason);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    closeSocket(ws, CHAT_CLOSE.normal, 'error');
  }

  publish(frame: LiveServerFrame): number {
    const sockets = this.ctx.getWebSockets();
    for (const socket of sockets) sendFrame(socket, frame);
    return sockets.length;
  }

  disconnect(): number {
    const sockets = this.ctx.getWebSockets();
    for (const socket of sockets) closeSocket(socket, CHAT_CLOSE.disconnected, 'disconnected');
    return sockets.length;
  }
}
