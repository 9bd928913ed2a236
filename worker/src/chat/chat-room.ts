// One Durable Object per chat room (WebSocket Hibernation API). It admits sockets the Worker has
// vetted, stores each message in its own SQLite storage before broadcasting it, takes the sender
// from the socket's authenticated member (never from the frame), and keeps D1's room summary and
// the members' live channels up to date from an alarm (room-summary.ts). See docs/chat.md.
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
import { notifyAwayFromRoom } from '../areas/notifications/producers';
import { nowDate } from '../lib/clock';
import { makeDb } from '../lib/db';
import type { Env } from '../lib/env';
import { closeOverdue, markForClose, owedCloseCode } from './closing';
import { publishToMember } from './notify';
import { attachmentOf, closeSocket, memberTag, readConnect, refusal, sendFrame, type RoomConnect } from './protocol';
import { RoomStore, type RoomInfo } from './room-store';
import { RoomSummary, type SummaryFlush } from './room-summary';
import { SpentTickets } from './spent-tickets';

const ERROR_TEXT: Record<ChatErrorCode, string> = {
  BLANK: CHAT_MESSAGES.blank,
  TOO_LONG: CHAT_MESSAGES.tooLong,
  RATE_LIMITED: CHAT_MESSAGES.rateLimited,
  ROOM_CLOSED: CHAT_MESSAGES.roomClosed,
  BAD_FRAME: CHAT_MESSAGES.badFrame,
};

export class ChatRoom extends DurableObject<Env> {
  private readonly store: RoomStore;
  private readonly tickets: SpentTickets;
  private readonly summary: RoomSummary;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new RoomStore(ctx.storage.sql);
    this.tickets = new SpentTickets(ctx.storage.sql);
    this.summary = new RoomSummary(ctx.storage.sql);
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
    await this.repairSummary();
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
    const recipient = info.memberA === member.memberId ? info.memberB : info.memberA;
    // A recipient with a socket on this room is looking at it: the message is not unread for them.
    const recipientWatching = this.ctx.getWebSockets(memberTag(recipient)).length > 0;
    // The message and what the room list still lacks are stored together, so a crash before the
    // D1 write loses nothing: the alarm (which survives it) writes the summary from here.
    const row = this.ctx.storage.transactionSync(() => {
      const stored = this.store.insertWithinLimit(
        { senderId: member.memberId, content: checked.content, sentAt: now, clientMsgId: frame.clientMsgId },
        { burst: CHAT_LIMITS.sendBurst, windowStartMs: now.getTime() - CHAT_LIMITS.sendWindowMs },
      );
      if (stored && !recipientWatching) this.summary.countUnread(stored.id, recipient);
      return stored;
    });
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
    await this.alarmBy(this.summary.nextWriteAt(row.id, Date.now()));
  }

  /**
   * Deferred work, surviving restarts: sockets whose close grace ran out (closing.ts) are closed,
   * and the room list's summary is written to D1 (room-summary.ts).
   */
  override async alarm(): Promise<void> {
    const nextClose = closeOverdue(this.ctx.getWebSockets(), Date.now());
    await this.writeSummary();
    // Messages that arrived meanwhile (or a failed write) are due one interval after this write.
    const next = [nextClose, this.summary.nextWriteAt(this.store.latest()?.id ?? null, Date.now())];
    const at = Math.min(...next.filter((t): t is number => t !== null));
    if (Number.isFinite(at)) await this.ctx.storage.setAlarm(at);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    // Complete the closing handshake: with the code this socket is owed when the room closed it
    // (the client's close event reports it), else the client's own (1005/1006 cannot be sent).
    const owed = owedCloseCode(ws);
    if (owed !== undefined) return closeSocket(ws, owed, 'closed');
    closeSocket(ws, code === 1005 || code === 1006 ? CHAT_CLOSE.normal : code, reason);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    closeSocket(ws, CHAT_CLOSE.normal, 'error');
  }

  // ---- RPC from the Worker ----

  /** The latest messages before `beforeId`, oldest → newest. */
  async history(beforeId: number | null, limit: number): Promise<ChatMessage[]> {
    await this.repairSummary();
    return this.store.page(beforeId, limit);
  }

  /**
   * Closes the room for good: connected clients are told and their sockets end within
   * CLOSE_GRACE_MS (closing.ts) — 4409, or 4403 for the member cut off (`disconnected`: banned or
   * withdrawn). Either way the client does not come back.
   */
  async close(room: RoomInfo, reason: RoomCloseReasonCode, disconnected: number | null = null): Promise<void> {
    this.store.saveInfo(room);
    this.store.markClosed(reason);
    const now = Date.now();
    for (const socket of this.ctx.getWebSockets()) {
      const cutOff = disconnected !== null && attachmentOf(socket)?.memberId === disconnected;
      markForClose(socket, cutOff ? CHAT_CLOSE.disconnected : CHAT_CLOSE.roomClosed, now);
      sendFrame(socket, { type: 'closed', chatRoomId: room.roomId, reason });
    }
    await this.alarmBy(closeOverdue(this.ctx.getWebSockets(), now));
  }

  /**
   * Drops one member's sockets at once (ban, withdrawal); sockets already being closed by `close`
   * (which owes them the same 4403) are left to finish that way.
   */
  disconnectMember(memberId: number): number {
    const sockets = this.ctx.getWebSockets(memberTag(memberId)).filter((s) => owedCloseCode(s) === undefined);
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

  /** A D1 summary behind this room's history (e.g. a write lost before this storage kept it) catches up. */
  private async repairSummary(): Promise<void> {
    await this.alarmBy(this.summary.nextWriteAt(this.store.latest()?.id ?? null, Date.now()));
  }

  /** Makes sure the alarm runs by `at` (one alarm serves every deferred job; the earliest wins). */
  private async alarmBy(at: number | null): Promise<void> {
    if (at === null) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  /** Writes what D1's room list lacks, then tells the members away from the room. */
  private async writeSummary(): Promise<void> {
    const info = this.store.info();
    const flush = this.summary.begin(this.store.latest(), Date.now());
    if (!info || !flush) return;
    const away = this.membersAway(info);
    let unread: Map<number, number>;
    try {
      unread = await writeRoomSummary(makeDb(this.env.DB), info.roomId, flush, away.length > 0);
    } catch (err) {
      // The messages are safe here; only the list lags until the next try, one interval later.
      console.error(JSON.stringify({ level: 'error', where: 'chat-summary', message: String(err) }));
      return;
    }
    this.summary.done(flush.messageCount);
    await this.announceSummary(info, flush, away, unread);
    // 새 메시지 notifications (docs/notifications.md): only for members away, once per summary write.
    await notifyAwayFromRoom(this.env, {
      ...info,
      away,
      unread,
      lastMessage: flush.lastMessage,
      lastSenderId: flush.lastSenderId,
    });
  }

  /** Members without a socket on this room (a member with one sees every message there). */
  private membersAway(info: RoomInfo): number[] {
    return [info.memberA, info.memberB].filter((m) => this.ctx.getWebSockets(memberTag(m)).length === 0);
  }

  /** Only the pages of members away from the room need a notice, with their unread count. */
  private async announceSummary(info: RoomInfo, s: SummaryFlush, away: number[], unread: Map<number, number>) {
    await Promise.all(
      away.map((memberId) =>
        publishToMember(this.env, memberId, {
          type: 'room',
          chatRoomId: info.roomId,
          lastMessage: s.lastMessage,
          lastMessageAt: s.lastMessageAt,
          lastSenderId: s.lastSenderId,
          messageCount: s.messageCount,
          unreadMessageCount: unread.get(memberId) ?? 0,
        }),
      ),
    );
  }
}
