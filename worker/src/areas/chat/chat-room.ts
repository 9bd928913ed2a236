// One Durable Object per chat room (WebSocket Hibernation API). It admits sockets the Worker has
// vetted, stores each message in its own SQLite storage before broadcasting it, takes the sender
// from the socket's authenticated member (never from the frame), and keeps D1's room summary and
// the members' live channels up to date from an alarm (room-summary.ts). See docs/chat.md.
import { DurableObject } from 'cloudflare:workers';
import {
  CHAT_CLOSE,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_PREVIEW,
  PING_FRAME,
  PONG_FRAME,
  parseClientFrame,
  type ChatErrorCode,
  type ChatMessage,
  type ChatReplyRef,
  type RoomCloseReasonCode,
  type RoomServerFrame,
} from '../../contract/chat';
import { checkChatText } from './message-text';
import { chatMediaUrl, markChatMediaUnsent } from './photos';
import { writeRoomPreview, writeRoomSummary, writeRoomTruth, writeSafetyFlags, type RoomListed } from './repo';
import { safetyKindsOf } from '../../contract/safety/detector';
import { PHOTO_BLUR_UNTIL_REPLIES, SAFETY_EARLY_MESSAGES, kindsToText } from '../../contract/safety/chat';
import { RoomSafety } from './room-safety';
import { notifyAwayFromRoom } from '../notifications/producers';
import { nowDate } from '../../lib/clock';
import { envDb } from '../../lib/db';
import type { Env } from '../../lib/env';
import { closeOverdue, keepAtMost, markForClose, owedCloseCode } from './closing';
import { publishToMember } from '../live/publish';
import {
  attachmentOf,
  closeSocket,
  memberTag,
  readConnect,
  refusal,
  sendFrame,
  sendText,
  type RoomConnect,
} from './protocol';
import { RoomRateLimit } from './rate-limit';
import { RoomStore, replyRef, toClientMessage, type RoomInfo, type StoredMessage } from './room-store';
import {
  RoomSummary,
  SUMMARY_MIN_INTERVAL_MS,
  presentSpreadOf,
  previewOf,
  summaryOf,
  type SummaryFlush,
} from './room-summary';
import { SpentTickets } from './spent-tickets';
import { RoomCall } from './room-call';
import { announceRingEnd, announceRinging } from './ring';
import { CALL_MESSAGES, callLineText, readCallFrame } from '../../contract/calls';
import type { MessageCall } from '../../contract/voice';
import { createTogether, readSchema } from './sql-schema';

/** What a message sent over HTTP (a photo) or an unsend ends in; the Worker maps it to a status. */
export type PostOutcome =
  /** `stored` false: the clientMsgId was already used; `message` is the earlier one. */
  | { ok: true; message: ChatMessage; clientMsgId: string | null; stored: boolean }
  | { ok: false; code: 'ROOM_CLOSED' | 'RATE_LIMITED' | 'REPLY_INVALID' };
export type UnsendOutcome = 'UNSENT' | 'NOT_FOUND' | 'EXPIRED' | 'ROOM_CLOSED';

/** An original message for report evidence and data export (an unsent one included). */
export type EvidenceMessage = ChatMessage & { imageKey: string | null; audioKey: string | null; deleted: boolean };

const ERROR_TEXT: Record<ChatErrorCode, string> = {
  BLANK: CHAT_MESSAGES.blank,
  TOO_LONG: CHAT_MESSAGES.tooLong,
  RATE_LIMITED: CHAT_MESSAGES.rateLimited,
  IDENTITY_REQUIRED: CHAT_MESSAGES.identityRequired,
  ROOM_CLOSED: CHAT_MESSAGES.roomClosed,
  BAD_FRAME: CHAT_MESSAGES.badFrame,
};

// lib/env.ts declares the binding without importing this class (it would close a circle through
// lib/); the class's RPC surface is merged into its binding type here.
declare module '../../lib/env' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ChatRoomObject extends ChatRoom {}
}

/** A stored original as evidence (report samples, data export, the safety desk). */
const toEvidence = (m: StoredMessage): EvidenceMessage => ({
  id: m.id,
  senderId: m.senderId,
  content: m.content,
  sentAt: m.sentAt,
  imageKey: m.imageKey,
  audioKey: m.audioKey,
  ...(m.audioKey !== null ? { durationMs: m.durationMs ?? 0 } : {}),
  deleted: m.deletedMs !== null,
});

/** A serialized message frame (a JSON object) with `readOnArrival: true` added, unparsed. */
const withReadOnArrival = (frame: string): string => `${frame.slice(0, -1)},"readOnArrival":true}`;

export class ChatRoom extends DurableObject<Env> {
  private readonly store: RoomStore;
  private readonly tickets: SpentTickets;
  private readonly summary: RoomSummary;
  private readonly safety: RoomSafety;
  private readonly rateLimit: RoomRateLimit;
  /** The room's in-app call (room-call.ts, docs/voice.md "Calls"). */
  private readonly calls: RoomCall;
  /**
   * When the alarm is set for (ms), null for none, undefined until read: one instance per object,
   * and every set goes through `alarmBy`/`alarm` here, so `getAlarm` is read once per instance.
   */
  private alarmAt: number | null | undefined;
  /** Last typing frame relayed per member (ms). Memory only: an evicted room lets one more through. */
  private readonly typingAt = new Map<number, number>();
  /**
   * Every D1 write of the room (summary, preview, read, reconcile) runs after the one before it has
   * landed: a write in flight opens the input gate, and a read's reset must never be overtaken by
   * a summary computed before it (docs/chat.md "Reconciling D1 with the room").
   */
  private d1Writes: Promise<unknown> = Promise.resolve();
  /** The callee's ring notices (ring.ts), one after the other. */
  private ringNotices: Promise<unknown> = Promise.resolve();
  /** Whether D1 has been reconciled with this room's store since this instance started (reconcile). */
  private reconciled = false;
  /** A reconcile the alarm still owes (set on the first touch of an instance, kept after a failure). */
  private reconcileDue = false;
  /** Members this instance has counted unread messages for in D1 since the last reconcile. */
  private readonly unreadWritten = new Set<number>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // What the room's SQLite has: one read per start, then only what is missing is created.
    const schema = readSchema(ctx.storage.sql, 'messages');
    // A new room's tables in one statement list (the parts' creates gathered: sql-schema.ts).
    const parts = createTogether(ctx.storage.sql, () => ({
      store: new RoomStore(ctx.storage.sql, schema),
      tickets: new SpentTickets(ctx.storage.sql, schema),
      summary: new RoomSummary(ctx.storage.sql, presentSpreadOf(ctx.id.toString()), schema),
      safety: new RoomSafety(ctx.storage.sql, schema),
      calls: new RoomCall(ctx.storage.sql, schema, {
        sockets: (memberId) => this.ctx.getWebSockets(memberId === undefined ? undefined : memberTag(memberId)),
        writeLine: (line) => this.writeCallLine(line),
        alarmBy: (at) => this.alarmBy(at),
        // In order: a ring's end never overtakes the ring (its caller lookup reads D1).
        ringing: (ring) => this.ringInOrder((roomId) => announceRinging(this.env, { ...ring, roomId })),
        ringEnded: (ring) => this.ringInOrder((roomId) => announceRingEnd(this.env, { ...ring, roomId })),
      }),
    }));
    ({
      store: this.store,
      tickets: this.tickets,
      summary: this.summary,
      safety: this.safety,
      calls: this.calls,
    } = parts);
    this.rateLimit = new RoomRateLimit(CHAT_LIMITS.sendBurst, CHAT_LIMITS.sendWindowMs, (sinceMs) =>
      this.store.sentSince(sinceMs),
    );
    // A new object (none of its tables existed) has never run this class, the only one to set its
    // alarm: there is none to read.
    if (!schema.has('messages')) this.alarmAt = null;
    // Heartbeats are answered by the runtime without waking a hibernating room.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  /** Socket upgrade, forwarded by the Worker after it checked the ticket and the membership. */
  override async fetch(request: Request): Promise<Response> {
    const connect = readConnect<RoomConnect>(request);
    if (!connect || request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return refusal(400, 'BAD_CONNECT');
    this.store.saveInfo(connect.room);
    // A ticket is spent once; an access token (jti null) is a bearer like any API call's.
    if (connect.jti !== null && !this.tickets.spend(connect.jti, connect.expiresMs, nowDate(this.env).getTime())) {
      return refusal(401, 'WS_TICKET_USED');
    }
    const openedMs = Date.now();
    keepAtMost(this.ctx.getWebSockets(memberTag(connect.memberId)), CHAT_LIMITS.roomSocketsPerMember, openedMs);
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [memberTag(connect.memberId)]);
    server.serializeAttachment({
      memberId: connect.memberId,
      mayPost: connect.mayPost,
      openedMs,
      sid: crypto.randomUUID(),
    });
    const info = this.store.info();
    const opponent = connect.room.memberA === connect.memberId ? connect.room.memberB : connect.room.memberA;
    sendFrame(server, {
      type: 'ready',
      chatRoomId: connect.room.roomId,
      closedReason: info?.closedReason ?? null,
      opponentLastReadId: this.store.lastRead(opponent),
    });
    // A call in progress (ringing for this member, or theirs to resume after a reconnect).
    this.calls.greet(server, connect.room.roomId);
    // Opening the room reads everything in it (read receipts).
    this.readUpTo(connect.memberId, this.store.latest()?.id ?? 0);
    await this.repairSummary();
    // D1's list as the Worker read it in the connect's own query: when it already says what this
    // room's store says, the reconcile this instance owes is done (no D1 write, no alarm).
    if (!this.reconciled && connect.listed && this.listAgrees(connect.room, connect.listed)) this.reconciled = true;
    // Messages counted unread in D1 since this member's read (e.g. between the page's read and its
    // socket) are read now: their count goes too.
    await this.reconcileSoon(this.unreadWritten.has(connect.memberId));
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
    if (!frame) {
      const call = typeof message === 'string' ? readCallFrame(message) : undefined;
      if (call === undefined) return this.refuse(ws, 'BAD_FRAME', null);
      if (call.frame === null) {
        return sendFrame(ws, {
          type: 'call-error',
          chatRoomId: info.roomId,
          callId: call.callId,
          code: 'CALL_INVALID',
          message: CALL_MESSAGES.CALL_INVALID,
        });
      }
      return this.calls.handle(ws, info, member.memberId, member.mayPost !== false, call.frame);
    }
    if (frame.type === 'typing') return this.relayTyping(info, member.memberId);
    if (frame.type === 'read') {
      this.readUpTo(member.memberId, Math.min(frame.lastReadId, this.store.latest()?.id ?? 0));
      return;
    }
    if (info.closedReason) return this.refuse(ws, 'ROOM_CLOSED', frame.clientMsgId);
    // Decided by the Worker at connect (identity/service.ts mayTalk): unverified members read, not post.
    if (member.mayPost === false) return this.refuse(ws, 'IDENTITY_REQUIRED', frame.clientMsgId);
    const checked = checkChatText(frame.content);
    if (!checked.ok) return this.refuse(ws, checked.code, frame.clientMsgId);
    if (!this.mayReplyTo(frame.replyTo)) return this.refuse(ws, 'BAD_FRAME', frame.clientMsgId);

    const outcome = await this.post(info, member.memberId, {
      content: checked.content,
      clientMsgId: frame.clientMsgId,
      replyToId: frame.replyTo ?? null,
    });
    if (outcome === 'RATE_LIMITED') return this.refuse(ws, 'RATE_LIMITED', frame.clientMsgId);
    // A resend of a message already stored (its echo was lost with the connection): answered again.
    if (outcome.resent) {
      sendFrame(ws, this.messageFrame(info, outcome.row, await this.mediaUrlOf(outcome.row), member.memberId));
    }
  }

  /**
   * Stores a message (text, a photo's key or a voice note) under the room's rules and broadcasts it. Null
   * content checks are the caller's. A known clientMsgId answers the stored message, unsent again.
   */
  private async post(
    info: RoomInfo,
    senderId: number,
    m: {
      content: string;
      clientMsgId: string | null;
      imageKey?: string;
      replyToId?: number | null;
      voice?: { audioKey: string; durationMs: number; waveform: number[] };
      call?: MessageCall;
    },
  ): Promise<{ row: StoredMessage; resent: boolean } | 'RATE_LIMITED'> {
    const now = nowDate(this.env);
    const nowMs = now.getTime();
    const recipient = info.memberA === senderId ? info.memberB : info.memberA;
    // Over the limit (counted in memory, backed by the stored messages: rate-limit.ts), or a
    // clientMsgId already used: nothing is stored. A known clientMsgId is a resend (its echo was
    // lost with the connection), answered with the stored message even at the limit.
    // A call line is the room's record, not a member's message: never limited (proposals are).
    if (!m.call && !this.rateLimit.allows(senderId, nowMs)) return this.resend(senderId, m.clientMsgId);
    // The room's sockets are its two members' (each tagged with its member): looked up once each.
    const recipientSockets = this.ctx.getWebSockets(memberTag(recipient));
    const senderSockets = this.ctx.getWebSockets(memberTag(senderId));
    // A recipient with a socket on this room is looking at it: the message is not unread for them,
    // and they have read it (their read mark moves with the message's own row: `readOnArrival`).
    const recipientWatching = recipientSockets.length > 0;
    // The safety shield (docs/safety.md "In chat"), decided once as the message is stored: the
    // detector's kinds for a text, and for a photo whether its receiver sees it blurred (they have
    // not yet replied PHOTO_BLUR_UNTIL_REPLIES times).
    // A voice note has no text for the detector (docs/voice.md "Voice notes").
    const isPhoto = m.imageKey !== undefined;
    const safetyKinds = isPhoto || m.voice !== undefined || m.call ? [] : safetyKindsOf(m.content);
    const blurred = isPhoto && this.store.countFrom(recipient, PHOTO_BLUR_UNTIL_REPLIES) < PHOTO_BLUR_UNTIL_REPLIES;
    const early =
      safetyKinds.length > 0 && this.store.countFrom(senderId, SAFETY_EARLY_MESSAGES) < SAFETY_EARLY_MESSAGES;
    // The message and what the room list (and the operators' desk) still lack are stored together,
    // so a crash before the D1 write loses nothing: the alarm (which survives it) writes them from
    // here. With the recipient watching and nothing flagged, one statement needs no transaction.
    const message = {
      senderId,
      content: m.content,
      sentAt: now,
      clientMsgId: m.clientMsgId,
      imageKey: m.imageKey ?? null,
      readOnArrival: recipientWatching,
      replyToId: m.replyToId ?? null,
      safetyKinds,
      blurred,
      voice: m.voice ?? null,
      call: m.call ?? null,
    };
    const row =
      recipientWatching && safetyKinds.length === 0
        ? this.store.insert(message)
        : this.ctx.storage.transactionSync(() => {
            const stored = this.store.insert(message);
            if (stored && !recipientWatching) this.summary.countUnread(stored.id, recipient);
            if (stored && safetyKinds.length > 0) {
              this.safety.record({
                messageId: stored.id,
                senderId,
                receiverId: recipient,
                kinds: safetyKinds,
                early,
                sentAt: stored.sentAt,
              });
            }
            return stored;
          });
    // A known clientMsgId stores nothing (room-store.ts insert): a resend, answered with the earlier one.
    if (!row) return this.resend(senderId, m.clientMsgId);
    this.store.noteStored(row);
    if (!m.call) this.rateLimit.record(senderId, row.sentMs);
    // A flag goes to the desk at once; its alarm is set before any frame goes out, so the output
    // gate holds the ack until both the desk row (in the room's SQLite) and its alarm are durable.
    if (safetyKinds.length > 0) await this.alarmBy(Date.now());
    // Serialized once per side: the receiver's copy may carry `safety`/`blurred`, the sender's never.
    const imageUrl = await this.mediaUrlOf(row);
    const frame = JSON.stringify(this.messageFrame(info, row, imageUrl, recipient));
    for (const socket of recipientSockets) sendText(socket, frame);
    const senderCopy =
      safetyKinds.length > 0 || blurred ? JSON.stringify(this.messageFrame(info, row, imageUrl, senderId)) : frame;
    // The recipient is looking at the room: they have read it, and the sender's copy says so
    // (`readOnArrival`: their "1" goes at once, without a separate `read` frame to send).
    const readNow = recipientWatching && this.store.noteReadOnArrival(recipient, row.id);
    const senderFrame = readNow ? withReadOnArrival(senderCopy) : senderCopy;
    for (const socket of senderSockets) sendText(socket, senderFrame);
    const everyoneHere = recipientWatching && senderSockets.length > 0;
    await this.alarmBy(this.summary.nextWriteAt(row.id, Date.now(), everyoneHere));
    return { row, resent: false };
  }

  /** A message not stored: the earlier one with this clientMsgId (a resend), or over the limit. */
  private resend(
    senderId: number,
    clientMsgId: string | null,
  ): { row: StoredMessage; resent: boolean } | 'RATE_LIMITED' {
    const earlier = clientMsgId === null ? null : this.store.findByClientId(senderId, clientMsgId);
    return earlier ? { row: earlier, resent: true } : 'RATE_LIMITED';
  }

  /** The message frame for `viewerId`'s sockets (the receiver's copy carries `safety`/`blurred`). */
  private messageFrame(info: RoomInfo, row: StoredMessage, imageUrl: string | null, viewerId: number): RoomServerFrame {
    return {
      type: 'message',
      chatRoomId: info.roomId,
      clientMsgId: row.clientMsgId,
      ...toClientMessage(row, imageUrl, this.replyOf(row), viewerId),
    };
  }

  /** A reply answers a message of this room (unsent ones too: the quote says so); nothing else. */
  private mayReplyTo(replyTo: number | null | undefined): boolean {
    return replyTo === undefined || replyTo === null || this.store.find(replyTo) !== null;
  }

  /** A reply's quote of its original as it is now (unsent or photo: neutral); null for other messages. */
  private replyOf(row: StoredMessage): ChatReplyRef | null {
    if (row.replyToId === null) return null;
    const original = this.store.find(row.replyToId);
    return original ? replyRef(original) : null;
  }

  /** A fresh signed link for a photo or voice note that is not unsent; null for text. */
  private async mediaUrlOf(row: StoredMessage): Promise<string | null> {
    const key = row.imageKey ?? row.audioKey;
    return key !== null && row.deletedMs === null ? chatMediaUrl(this.env, key, nowDate(this.env)) : null;
  }

  /** A stored message as `viewerId` sees it (a photo with a fresh signed link). */
  private async forClient(row: StoredMessage, viewerId: number | null): Promise<ChatMessage> {
    return toClientMessage(row, await this.mediaUrlOf(row), this.replyOf(row), viewerId);
  }

  /** Moves the member's read mark forward; when it moved, the other member's sockets hear of it. */
  private readUpTo(memberId: number, lastReadId: number): void {
    const info = this.store.info();
    if (!info || !this.store.markRead(memberId, lastReadId)) return;
    const other = info.memberA === memberId ? info.memberB : info.memberA;
    for (const socket of this.ctx.getWebSockets(memberTag(other))) {
      sendFrame(socket, { type: 'read', chatRoomId: info.roomId, memberId, lastReadId });
    }
  }

  /** "입력 중…": to the other member only, at most one per member per typingRelayMs, never stored. */
  private relayTyping(info: RoomInfo, memberId: number): void {
    if (info.closedReason) return;
    const now = Date.now();
    const last = this.typingAt.get(memberId);
    if (last !== undefined && now - last < CHAT_LIMITS.typingRelayMs) return;
    this.typingAt.set(memberId, now);
    const other = info.memberA === memberId ? info.memberB : info.memberA;
    for (const socket of this.ctx.getWebSockets(memberTag(other))) {
      sendFrame(socket, { type: 'typing', chatRoomId: info.roomId, memberId });
    }
  }

  /**
   * Deferred work, surviving restarts: sockets whose close grace ran out (closing.ts) are closed,
   * and the room list's summary is written to D1 (room-summary.ts).
   */
  override async alarm(): Promise<void> {
    // The alarm that is running is no longer set; whatever sets one from here on is remembered.
    this.alarmAt = null;
    // A ringing call unanswered for CALL_LIMITS.ringMs is missed; one whose side is gone ends.
    const room = this.store.info();
    if (room) await this.calls.expire(room.roomId, Date.now());
    const nextClose = closeOverdue(this.ctx.getWebSockets(), Date.now());
    const reconcileDue = this.reconcileDue ? await this.inOrder(() => this.reconcileFromAlarm()) : null;
    const safetyDue = await this.inOrder(() => this.writeSafetyFlags());
    await this.inOrder(() => this.writeSummary());
    const previewDue = await this.inOrder(() => this.writePreview());
    // Messages that arrived meanwhile (or a failed write) are due one interval after this write.
    const info = this.store.info();
    const everyoneHere = info !== null && this.membersAway(info).length === 0;
    const summaryDue = this.summary.nextWriteAt(this.store.latest()?.id ?? null, Date.now(), everyoneHere);
    const next = [nextClose, summaryDue, previewDue, reconcileDue, safetyDue, this.calls.nextDeadline()];
    const at = Math.min(...next.filter((t): t is number => t !== null));
    // An earlier alarm set meanwhile (a message, a close during the D1 write) stays.
    if (Number.isFinite(at)) await this.alarmBy(at);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    // Complete the closing handshake: with the code this socket is owed when the room closed it
    // (the client's close event reports it), else the client's own (1005/1006 cannot be sent).
    const owed = owedCloseCode(ws);
    if (owed !== undefined) closeSocket(ws, owed, 'closed');
    else closeSocket(ws, code === 1005 || code === 1006 ? CHAT_CLOSE.normal : code, reason);
    // The socket in a call: that side has CALL_LIMITS.lostMs to come back (call-resume).
    await this.calls.socketGone(ws);
    // A member left the room: the summary waits no longer than the ordinary interval from here.
    await this.repairSummary();
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    closeSocket(ws, CHAT_CLOSE.normal, 'error');
  }

  // ---- RPC from the Worker ----

  /** The latest messages before `beforeId`, oldest → newest, as members see them. */
  async history(
    beforeId: number | null,
    limit: number,
    withholdPhotosOf: number | null = null,
    /** Who reads the page: their copies of the other member's messages carry `safety`/`blurred`. */
    viewerId: number | null = null,
  ): Promise<ChatMessage[]> {
    // Not on the hot path: the repair check reads the newest message and the alarm from storage
    // itself, not this instance's copies (the thorough check; connects and messages use the copies).
    this.store.forgetLatest();
    this.alarmAt = undefined;
    await this.repairSummary();
    await this.reconcileSoon();
    return Promise.all(
      this.store.page(beforeId, limit).map((m) =>
        // No signed link is minted for a withheld photo or voice note: it reads as the room list's
        // '사진을 보냈어요' / '음성 메시지를 보냈어요'.
        m.senderId === withholdPhotosOf && (m.imageKey !== null || m.audioKey !== null) && m.deletedMs === null
          ? {
              id: m.id,
              senderId: m.senderId,
              sentAt: m.sentAt,
              content: m.imageKey !== null ? CHAT_PREVIEW.photo : CHAT_PREVIEW.voice,
            }
          : this.forClient(m, viewerId),
      ),
    );
  }

  /**
   * A history page for `memberId`, with how far the other member has read (read receipts);
   * `withholdPhotosOf`: a member whose photos get no links (the one who blocked, docs/chat.md "Rooms and requests").
   */
  async historyFor(
    memberId: number,
    beforeId: number | null,
    limit: number,
    withholdPhotosOf: number | null = null,
  ): Promise<{ messages: ChatMessage[]; opponentLastReadId: number }> {
    const messages = await this.history(beforeId, limit, withholdPhotosOf, memberId);
    const info = this.store.info();
    const opponent = info ? (info.memberA === memberId ? info.memberB : info.memberA) : null;
    return { messages, opponentLastReadId: opponent === null ? 0 : this.store.lastRead(opponent) };
  }

  /** The latest stored originals, oldest first (report evidence, data export): unsent ones included. */
  evidence(limit: number): EvidenceMessage[] {
    return this.store.page(null, limit).map(toEvidence);
  }

  /**
   * A stored message with up to `around` messages before and after it, oldest first (the safety
   * desk's evidence in context, docs/safety.md); empty when the message is not in this room.
   */
  evidenceAround(messageId: number, around: number): EvidenceMessage[] {
    const upTo = this.store.page(messageId + 1, around + 1);
    if (upTo.at(-1)?.id !== messageId) return [];
    return [...upTo, ...this.store.after(messageId, around)].map(toEvidence);
  }

  /**
   * `POST …/read`: the member has read everything so far. Their read mark moves (the other member's
   * "1"s go) and D1 is reconciled with this room in one batch, in order with the summary writes: a
   * summary still waiting for the alarm can no longer add back the unread count this read cleared
   * (docs/chat.md "Reconciling D1 with the room"), and the room list's summary, both unread counts and both member rows are
   * rewritten where they differ from this room's store (§11).
   */
  async markRead(room: RoomInfo, memberId: number, at: string): Promise<void> {
    this.store.saveInfo(room);
    this.readUpTo(memberId, this.store.latest()?.id ?? 0);
    await this.inOrder(() => this.reconcile({ memberId, at }));
  }

  /** A message the sender already stored under this clientMsgId (photo and voice uploads check before storing). */
  async findSent(room: RoomInfo, senderId: number, clientMsgId: string): Promise<ChatMessage | null> {
    this.store.saveInfo(room);
    const found = this.store.findByClientId(senderId, clientMsgId);
    return found ? this.forClient(found, senderId) : null;
  }

  /** A photo (already cleaned and stored in R2 by the Worker) posted as a message. */
  async postPhoto(
    room: RoomInfo,
    senderId: number,
    imageKey: string,
    clientMsgId: string | null,
  ): Promise<PostOutcome> {
    return this.postMedia(room, senderId, { imageKey }, clientMsgId);
  }

  /** A voice note (already checked by lib/audio and stored in R2 by the Worker) posted as a message. */
  async postVoice(
    room: RoomInfo,
    senderId: number,
    voice: { audioKey: string; durationMs: number; waveform: number[] },
    clientMsgId: string | null,
    replyToId: number | null = null,
  ): Promise<PostOutcome> {
    return this.postMedia(room, senderId, { voice }, clientMsgId, replyToId);
  }

  /** A photo or voice note stored by the Worker, posted as a message with no text: one path for both. */
  private async postMedia(
    room: RoomInfo,
    senderId: number,
    media: { imageKey: string } | { voice: { audioKey: string; durationMs: number; waveform: number[] } },
    clientMsgId: string | null,
    replyToId: number | null = null,
  ): Promise<PostOutcome> {
    this.store.saveInfo(room);
    const info = this.store.info();
    if (!info || info.closedReason) return { ok: false, code: 'ROOM_CLOSED' };
    if (!this.mayReplyTo(replyToId)) return { ok: false, code: 'REPLY_INVALID' };
    const outcome = await this.post(info, senderId, { content: '', clientMsgId, replyToId, ...media });
    if (outcome === 'RATE_LIMITED') return { ok: false, code: 'RATE_LIMITED' };
    return {
      ok: true,
      message: await this.forClient(outcome.row, senderId),
      clientMsgId: outcome.row.clientMsgId,
      stored: !outcome.resent,
    };
  }

  /** Unsends the member's own message for both sides, within CHAT_LIMITS.unsendWindowMs of sending it. */
  async unsend(room: RoomInfo, memberId: number, messageId: number): Promise<UnsendOutcome> {
    this.store.saveInfo(room);
    const info = this.store.info();
    const message = this.store.find(messageId);
    if (!info || !message || message.senderId !== memberId || message.call) return 'NOT_FOUND';
    if (message.deletedMs !== null) return 'UNSENT';
    if (info.closedReason) return 'ROOM_CLOSED';
    const now = nowDate(this.env).getTime();
    if (now - message.sentMs > CHAT_LIMITS.unsendWindowMs) return 'EXPIRED';
    const isLatest = this.store.latest()?.id === messageId;
    this.ctx.storage.transactionSync(() => {
      this.store.markDeleted(messageId, now);
      // The room list shows it as the last message: its preview changes (written from the alarm).
      if (isLatest) this.summary.markPreviewStale();
    });
    for (const socket of this.ctx.getWebSockets()) {
      sendFrame(socket, { type: 'unsent', chatRoomId: info.roomId, id: messageId });
    }
    if (isLatest) await this.alarmBy(Date.now());
    const mediaKey = message.imageKey ?? message.audioKey;
    if (mediaKey !== null) await markChatMediaUnsent(this.env.MEDIA, mediaKey);
    return 'UNSENT';
  }

  /**
   * Closes the room for good: connected clients are told and their sockets end within
   * CLOSE_GRACE_MS (closing.ts) — 4409, or 4403 for the member cut off (`disconnected`: banned or
   * withdrawn). Either way the client does not come back.
   */
  async close(room: RoomInfo, reason: RoomCloseReasonCode, disconnected: number | null = null): Promise<void> {
    this.store.saveInfo(room);
    // A call in progress ends with the room (a block mid-ring, a ban): its line is written first.
    await this.calls.roomClosing(room.roomId, Date.now());
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

  /** The callee declines a ringing call from another screen (the ringing sheet); false: not ringing for them. */
  async declineCall(room: RoomInfo, memberId: number, callId: string): Promise<boolean> {
    this.store.saveInfo(room);
    return this.calls.declineAway(room.roomId, memberId, callId);
  }

  /** Whether that call still rings for this member (the `notif` queue asks before the ring push). */
  ringsFor(memberId: number, callId: string): boolean {
    return this.calls.ringsFor(memberId, callId);
  }

  /** Connected member ids (tests and diagnostics). */
  connectedMembers(): number[] {
    return this.ctx.getWebSockets().flatMap((ws) => attachmentOf(ws)?.memberId ?? []);
  }

  // ---- internals ----

  /** A call ended: its line, a message from the caller with the call's neutral words as preview. */
  private async writeCallLine(call: MessageCall): Promise<void> {
    const info = this.store.info();
    if (!info) return;
    await this.post(info, call.callerId, { content: callLineText(call, null), clientMsgId: null, call });
  }

  /** A ring notice after the ones before it (best effort: they never throw). */
  private ringInOrder(send: (roomId: number) => Promise<void>): Promise<void> {
    const roomId = this.store.info()?.roomId;
    if (roomId === undefined) return Promise.resolve();
    const run = this.ringNotices.then(() => send(roomId));
    this.ringNotices = run.catch(() => undefined);
    return run;
  }

  private refuse(ws: WebSocket, code: ChatErrorCode, clientMsgId: string | null): void {
    sendFrame(ws, { type: 'error', code, message: ERROR_TEXT[code], clientMsgId });
  }

  /** Runs a D1 write after every one before it has landed (see `d1Writes`). */
  private inOrder<T>(write: () => Promise<T>): Promise<T> {
    const run = this.d1Writes.then(write, write);
    this.d1Writes = run.catch(() => undefined);
    return run;
  }

  /**
   * Rewrites D1's room list from this room's store where it differs (docs/chat.md "Reconciling"):
   * the summary from the newest message, each member's unread count as the other member's messages
   * after their read mark, a missing member row; `reader` also gets 0 and their read time. One D1
   * batch; call through `inOrder`.
   */
  private async reconcile(reader: { memberId: number; at: string } | null): Promise<void> {
    const info = this.store.info();
    if (!info) return;
    const latest = this.store.latest();
    const row = (memberId: number, opponentId: number) => ({
      memberId,
      opponentId,
      unread: this.store.unreadFor(memberId),
      readAt: reader?.memberId === memberId ? reader.at : null,
    });
    await writeRoomTruth(envDb(this.env), info.roomId, {
      summary: latest ? summaryOf(latest) : null,
      members: [row(info.memberA, info.memberB), row(info.memberB, info.memberA)],
    });
    this.reconciled = true;
    this.reconcileDue = false;
    this.unreadWritten.clear();
  }

  /**
   * Whether D1's room list (`listed`, read by the Worker) already holds what `reconcile` would
   * write: the summary of the newest message and both members' unread counts (a missing member
   * row never agrees). Read marks are this instance's, so a connect's own read counts.
   */
  private listAgrees(room: RoomInfo, listed: RoomListed): boolean {
    const latest = this.store.latest();
    const s = latest ? summaryOf(latest) : null;
    const summaryAgrees = s
      ? listed.messageCount === s.messageCount &&
        listed.lastMessage === s.lastMessage &&
        listed.lastMessageAt === s.lastMessageAt &&
        listed.lastSenderId === s.lastSenderId
      : true; // a room without messages leaves D1's summary alone (reconcile)
    return (
      summaryAgrees &&
      listed.unreadA === this.store.unreadFor(room.memberA) &&
      listed.unreadB === this.store.unreadFor(room.memberB)
    );
  }

  /**
   * The first touch of this instance (a socket connects, the history is read) has the alarm
   * reconcile D1 with the room once: a bounded cost (one D1 batch per room per start, none while
   * the object stays in memory) that repairs what no pending write would (a summary emptied or
   * stale, an unread count off, a member row missing). `again`: also after that first time (a
   * member connects whose D1 unread count this instance has raised since the last reconcile).
   */
  private async reconcileSoon(again = false): Promise<void> {
    if ((this.reconciled && !again) || this.reconcileDue) return;
    this.reconcileDue = true;
    await this.alarmBy(Date.now());
  }

  /** The owed reconcile from the alarm; when it fails, when to try again. */
  private async reconcileFromAlarm(): Promise<number | null> {
    try {
      await this.reconcile(null);
      return null;
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', where: 'chat-reconcile', message: String(err) }));
      return Date.now() + SUMMARY_MIN_INTERVAL_MS;
    }
  }

  /** A D1 summary behind this room's history (e.g. a write lost before this storage kept it) catches up. */
  private async repairSummary(): Promise<void> {
    await this.alarmBy(this.summary.nextWriteAt(this.store.latest()?.id ?? null, Date.now()));
    // Desk rows whose alarm was lost (or failed) go out on the next touch too.
    if (this.safety.hasPending()) await this.alarmBy(Date.now());
  }

  /** Makes sure the alarm runs by `at` (one alarm serves every deferred job; the earliest wins). */
  private async alarmBy(at: number | null): Promise<void> {
    if (at === null) return;
    if (this.alarmAt === undefined) {
      const stored = await this.ctx.storage.getAlarm();
      if (this.alarmAt === undefined) this.alarmAt = stored;
    }
    if (this.alarmAt !== null && this.alarmAt <= at) return;
    this.alarmAt = at;
    await this.ctx.storage.setAlarm(at);
  }

  /** Writes what D1's room list lacks, then tells the members away from the room. */
  private async writeSummary(): Promise<void> {
    const info = this.store.info();
    const flush = this.summary.begin(this.store.latest(), Date.now(), (m) => this.store.lastRead(m));
    if (!info || !flush) return;
    const away = this.membersAway(info);
    let unread: Map<number, number>;
    try {
      unread = await writeRoomSummary(envDb(this.env), info.roomId, flush, away.length > 0);
    } catch (err) {
      // The messages are safe here; only the list lags until the next try, one interval later.
      console.error(JSON.stringify({ level: 'error', where: 'chat-summary', message: String(err) }));
      return;
    }
    this.summary.done(flush.messageCount);
    for (const [memberId, ids] of flush.unread) if (ids.length > 0) this.unreadWritten.add(memberId);
    await this.announceSummary(info, flush, away, unread);
    // 새 메시지 notifications (docs/notifications.md): only for members away, once per summary write.
    // The quote as the message is now: one unsent during the D1 write is not quoted (docs/chat.md "Unsending").
    const quoted = away.length > 0 ? this.store.find(flush.messageCount) : null;
    await notifyAwayFromRoom(this.env, {
      ...info,
      away,
      unread,
      lastMessage: quoted ? previewOf(quoted) : flush.lastMessage,
      lastSenderId: flush.lastSenderId,
    });
  }

  /**
   * After the last message was unsent, D1's preview says so (one write per unsend). Runs after
   * `writeSummary` in the same alarm, so a summary write in flight never lands after it. Answers
   * when to try again, or null.
   */
  private async writePreview(): Promise<number | null> {
    const latest = this.store.latest();
    const info = this.store.info();
    // Taken before the write: an unsend during the write marks it stale again (another write).
    if (!latest || !info || !this.summary.takePreviewStale()) return null;
    try {
      await writeRoomPreview(envDb(this.env), info.roomId, latest.id, previewOf(latest));
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', where: 'chat-preview', message: String(err) }));
      this.summary.markPreviewStale();
      return Date.now() + SUMMARY_MIN_INTERVAL_MS;
    }
    return null;
  }

  /**
   * The desk rows of flagged messages (room-safety.ts), written to D1 from the alarm; when a write
   * fails, when to try again (the rows stay in the room's SQLite meanwhile).
   */
  private async writeSafetyFlags(): Promise<number | null> {
    const info = this.store.info();
    const flags = this.safety.pending();
    if (!info || flags.length === 0) return null;
    try {
      await writeSafetyFlags(
        envDb(this.env),
        info.roomId,
        flags.map((f) => ({ ...f, kinds: kindsToText(f.kinds) })),
      );
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', where: 'chat-safety-flags', message: String(err) }));
      return Date.now() + SUMMARY_MIN_INTERVAL_MS;
    }
    this.safety.done(flags.map((f) => f.messageId));
    // More than one write's worth: the rest at once.
    return this.safety.hasPending() ? Date.now() : null;
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
