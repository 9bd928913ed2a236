// One Durable Object per chat room (WebSocket Hibernation API). It admits sockets the Worker has
// vetted, stores each message in its own SQLite storage before broadcasting it, takes the sender
// from the socket's authenticated member (never from the frame), and keeps D1's room summary and
// the members' live channels up to date. See docs/chat.md.
import { DurableObject } from 'cloudflare:workers';
import {
  CHAT_CLOSE,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  PING_FRAME,
  PONG_FRAME,
  checkMessageContent,
  parseClientFrame,
  type ChatErrorCode,
  type ChatMessage,
  type RoomCloseReasonCode,
} from '../contract/chat';
import { writeRoomSummary } from '../areas/chat/repo';
import { nowDate } from '../lib/clock';
import { makeDb } from '../lib/db';
import type { Env } from '../lib/env';
import { publishToMember } from './notify';
import { attachmentOf, closeSocket, memberTag, readConnect, refusal, sendFrame, type RoomConnect } from './protocol';
import { RoomStore, type RoomInfo } from './room-store';
import { SpentTickets } from './spent-tickets';
import { SummaryWriter, type PendingSummary } from './summary-writer';

const ERROR_TEXT: Record<ChatErrorCode, string> = {
  BLANK: CHAT_MESSAGES.blank,
  TOO_LONG: CHAT_MESSAGES.tooLong,
  RATE_LIMITED: CHAT_MESSAGES.rateLimited,
  ROOM_CLOSED: CHAT_MESSAGES.roomClosed,
  BAD_FRAME: CHAT_MESSAGES.badFrame,
};

/** The room list shows a preview only; D1 keeps this much of the last message. */
const SUMMARY_PREVIEW_CHARS = 200;

export class ChatRoom extends DurableObject<Env> {
  private readonly store: RoomStore;
  private readonly tickets: SpentTickets;
  private readonly summary: SummaryWriter;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new RoomStore(ctx.storage.sql);
    this.tickets = new SpentTickets(ctx.storage.sql);
    this.summary = new SummaryWriter((pending) => this.writeSummary(pending));
    // Heartbeats are answered by the runtime without waking a hibernating room.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  /** Socket upgrade, forwarded by the Worker after it checked the ticket and the membership. */
  override async fetch(request: Request): Promise<Response> {
    const connect = readConnect<RoomConnect>(request);
    if (!connect || request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return refusal(400, 'BAD_CONNECT');
    this.store.saveInfo(connect.room);
    if (!this.tickets.spend(connect.jti, connect.expiresMs, nowDate(this.env).getTime())) {
      return refusal(401, 'WS_TICKET_USED');
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [memberTag(connect.memberId)]);
    server.serializeAttachment({ memberId: connect.memberId });
    const info = this.store.info();
    sendFrame(server, { type: 'ready', chatRoomId: connect.room.roomId, closedReason: info?.closedReason ?? null });
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const member = attachmentOf(ws);
    const info = this.store.info();
    if (!member || !info) {
      closeSocket(ws, CHAT_CLOSE.disconnected, 'unknown socket');
      return;
    }
    const frame = typeof message === 'string' ? parseClientFrame(message) : null;
    if (!frame) return this.refuse(ws, 'BAD_FRAME', null);
    if (info.closedReason) return this.refuse(ws, 'ROOM_CLOSED', frame.clientMsgId);
    const checked = checkMessageContent(frame.content);
    if (!checked.ok) return this.refuse(ws, checked.code, frame.clientMsgId);

    const now = nowDate(this.env);
    const row = this.store.insertWithinLimit(
      { senderId: member.memberId, content: checked.content, sentAt: now, clientMsgId: frame.clientMsgId },
      { burst: CHAT_LIMITS.sendBurst, windowStartMs: now.getTime() - CHAT_LIMITS.sendWindowMs },
    );
    if (!row) {
      // A resend of a message already stored (its echo was lost with the connection): answer it
      // again, don't store twice. Otherwise the sender is over the rate limit.
      const earlier = this.store.findByClientId(member.memberId, frame.clientMsgId);
      if (earlier) return sendFrame(ws, { type: 'message', chatRoomId: info.roomId, ...earlier });
      return this.refuse(ws, 'RATE_LIMITED', frame.clientMsgId);
    }
    for (const socket of this.ctx.getWebSockets()) {
      sendFrame(socket, { type: 'message', chatRoomId: info.roomId, ...row });
    }
    const recipient = info.memberA === member.memberId ? info.memberB : info.memberA;
    const recipientWatching = this.ctx.getWebSockets(memberTag(recipient)).length > 0;
    await this.summary.push({
      lastMessage: row.content.slice(0, SUMMARY_PREVIEW_CHARS),
      lastMessageAt: row.sentAt,
      lastSenderId: row.senderId,
      messageCount: row.id,
      unreadFor: recipientWatching ? null : recipient,
    });
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    // Complete the closing handshake (codes 1005/1006 cannot be sent back).
    closeSocket(ws, code === 1005 || code === 1006 ? CHAT_CLOSE.normal : code, reason);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    closeSocket(ws, CHAT_CLOSE.normal, 'error');
  }

  // ---- RPC from the Worker ----

  /** The latest messages before `beforeId`, oldest → newest. */
  history(beforeId: number | null, limit: number): ChatMessage[] {
    return this.store.page(beforeId, limit);
  }

  /** Closes the room for good: connected clients are told, then their sockets close. */
  close(room: RoomInfo, reason: RoomCloseReasonCode): void {
    this.store.saveInfo(room);
    this.store.markClosed(reason);
    for (const socket of this.ctx.getWebSockets()) {
      sendFrame(socket, { type: 'closed', chatRoomId: room.roomId, reason });
      closeSocket(socket, CHAT_CLOSE.roomClosed, 'room closed');
    }
  }

  /** Drops one member's sockets at once (ban). */
  disconnectMember(memberId: number): number {
    const sockets = this.ctx.getWebSockets(memberTag(memberId));
    for (const socket of sockets) closeSocket(socket, CHAT_CLOSE.disconnected, 'disconnected');
    return sockets.length;
  }

  /** Connected member ids (tests and diagnostics). */
  connectedMembers(): number[] {
    return this.ctx.getWebSockets().flatMap((ws) => attachmentOf(ws)?.memberId ?? []);
  }

  // ---- internals ----

  private refuse(ws: WebSocket, code: ChatErrorCode, clientMsgId: string | null): void {
    sendFrame(ws, { type: 'error', code, message: ERROR_TEXT[code], clientMsgId });
  }

  private async writeSummary(pending: PendingSummary): Promise<void> {
    const info = this.store.info();
    if (!info) return;
    // A member with a socket on this room sees every message there (and is not counted unread),
    // so only the others' pages need a notice — and only then are the unread counts read back.
    const present = (m: number) => this.ctx.getWebSockets(memberTag(m)).length > 0;
    const away = [info.memberA, info.memberB].filter((m) => !present(m));
    const unread = await writeRoomSummary(makeDb(this.env.DB), info.roomId, pending, away.length > 0);
    await Promise.all(
      away.map((memberId) =>
        publishToMember(this.env, memberId, {
          type: 'room',
          chatRoomId: info.roomId,
          lastMessage: pending.lastMessage,
          lastMessageAt: pending.lastMessageAt,
          lastSenderId: pending.lastSenderId,
          messageCount: pending.messageCount,
          unreadMessageCount: unread.get(memberId) ?? 0,
        }),
      ),
    );
  }
}
