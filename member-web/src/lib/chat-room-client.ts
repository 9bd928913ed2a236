// One room's live connection for the chat page: a ReconnectingSocket plus the outbox. Frames are
// turned into callbacks (new message, room closed); the React side subscribes to snapshots.
import {
  CHAT_LIMITS,
  checkMessageContent,
  type ChatMessage,
  type ChatReplyRef,
  type ClientSendFrame,
  type RoomCloseReasonCode,
  type RoomServerFrame,
} from '@contract/chat';
import type { CallServerFrame, ClientCallFrame } from '@contract/calls';
import {
  acknowledge,
  addToOutbox,
  discardItem,
  emptyOutbox,
  failAllSending,
  markFailed,
  retryItem,
  waiting,
  type Outbox,
  type OutboxItem,
} from './chat-outbox';
import {
  ReconnectingSocket,
  type ReconnectingSocketOptions,
  type SocketFactory,
  type SocketState,
} from './chat-socket';

export type RoomClientSnapshot = {
  state: SocketState;
  retryInMs: number | null;
  outbox: Outbox;
  closedReason: RoomCloseReasonCode | null;
  /**
   * The other member has read my messages up to this id (ready / read frames; only moves forward).
   * Null until the room's first ready frame: no "1" is shown before it is known.
   */
  opponentLastReadId: number | null;
  /** A typing frame arrived less than CHAT_LIMITS.typingShowMs ago. */
  opponentTyping: boolean;
};

export interface RoomClientOptions {
  url: ReconnectingSocketOptions<RoomServerFrame>['url'];
  onMessage: (message: ChatMessage) => void;
  /** After a reconnect: messages may have arrived while we were away. */
  onResume?: () => void;
  onClosed?: (reason: RoomCloseReasonCode) => void;
  /** Message `id` was unsent by its sender. */
  onUnsent?: (id: number) => void;
  /** In-app call frames (call-state, relayed SDP and candidates, call errors): lib/call-session.ts. */
  onCall?: (frame: CallServerFrame) => void;
  /** Every ready frame (a new connection): a call in progress is resumed on it. */
  onReady?: () => void;
  /** The other member's id: read and typing frames about them drive the snapshot. */
  opponentId?: number;
  isFinalError?: (err: unknown) => boolean;
  createSocket?: SocketFactory;
  newId?: () => string;
  now?: () => Date;
}

/** Typing this recent, done before the socket was ready, is told to the other once it is. */
export const TYPING_CARRY_MS = 30_000;

export class RoomClient {
  private snapshot: RoomClientSnapshot = {
    state: 'connecting',
    retryInMs: null,
    outbox: emptyOutbox,
    closedReason: null,
    opponentLastReadId: null,
    opponentTyping: false,
  };
  private typingTimer: ReturnType<typeof setTimeout> | null = null;
  private lastTypingSentAt = -Infinity;
  /** When the member last typed while the socket was not open (null: not since their last message). */
  private typedWhileAwayAt: number | null = null;
  private lastReadSent = 0;
  private readonly listeners = new Set<() => void>();
  private readonly socket: ReconnectingSocket<RoomServerFrame>;
  private readyCount = 0;

  constructor(private readonly options: RoomClientOptions) {
    this.socket = new ReconnectingSocket<RoomServerFrame>({
      url: options.url,
      createSocket: options.createSocket,
      isFinalError: options.isFinalError,
      onFrame: (frame) => this.onFrame(frame),
      onState: (state, { retryInMs }) => this.update({ state, retryInMs }),
    });
  }

  start(): void {
    this.socket.start();
  }

  stop(): void {
    if (this.typingTimer !== null) clearTimeout(this.typingTimer);
    this.socket.stop();
    this.listeners.clear();
  }

  reconnectNow(): void {
    this.socket.reconnectNow();
  }

  /** The browser went offline: show it at once instead of after a silent heartbeat. */
  connectionLost(): void {
    this.socket.connectionLost();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): RoomClientSnapshot => this.snapshot;

  /**
   * Queues a message (sent now if connected, else on reconnect). False when there is nothing to send.
   * `replyTo`: the message it answers (답장), quoted in the outbox until the room's echo arrives.
   */
  send(raw: string, replyTo?: ChatReplyRef): boolean {
    const checked = checkMessageContent(raw);
    if (!checked.ok || this.snapshot.closedReason) return false;
    const clientMsgId = this.options.newId?.() ?? crypto.randomUUID();
    const createdAt = (this.options.now?.() ?? new Date()).toISOString();
    const item = { clientMsgId, content: checked.content, createdAt, ...(replyTo ? { replyTo } : {}) };
    this.update({ outbox: addToOutbox(this.snapshot.outbox, item) });
    this.typedWhileAwayAt = null; // the message ends the composing
    this.transmit(item);
    return true;
  }

  retry(clientMsgId: string): void {
    const item = this.snapshot.outbox.find((i) => i.clientMsgId === clientMsgId);
    if (!item || this.snapshot.closedReason) return;
    this.update({ outbox: retryItem(this.snapshot.outbox, clientMsgId) });
    this.transmit(item);
  }

  discard(clientMsgId: string): void {
    this.update({ outbox: discardItem(this.snapshot.outbox, clientMsgId) });
  }

  /**
   * "I am composing": at most one frame per CHAT_LIMITS.typingRelayMs (the room's relay rate).
   * Answers whether a frame went out.
   */
  typing(): boolean {
    if (this.snapshot.closedReason) return false;
    const now = (this.options.now?.() ?? new Date()).getTime();
    if (now - this.lastTypingSentAt < CHAT_LIMITS.typingRelayMs) return false;
    if (!this.socket.send(JSON.stringify({ type: 'typing' }))) {
      // Typed before the socket opened (a room just opened, a reconnect): said once it is ready.
      this.typedWhileAwayAt = now;
      return false;
    }
    this.lastTypingSentAt = now;
    this.typedWhileAwayAt = null;
    return true;
  }

  /** A call signalling frame (contract/calls.ts); false when the socket is not open. */
  sendCall(frame: ClientCallFrame): boolean {
    return this.socket.send(JSON.stringify(frame));
  }

  /** "I have seen everything up to `lastReadId`": sent only when it moves forward. */
  markRead(lastReadId: number): boolean {
    if (lastReadId <= this.lastReadSent || this.snapshot.closedReason) return false;
    if (!this.socket.send(JSON.stringify({ type: 'read', lastReadId }))) return false;
    this.lastReadSent = lastReadId;
    return true;
  }

  private transmit(item: Pick<OutboxItem, 'clientMsgId' | 'content' | 'replyTo'>): void {
    const frame: ClientSendFrame = { type: 'send', content: item.content, clientMsgId: item.clientMsgId };
    if (item.replyTo) frame.replyTo = item.replyTo.id;
    this.socket.send(JSON.stringify(frame));
  }

  private onFrame(frame: RoomServerFrame): void {
    switch (frame.type) {
      case 'ready': {
        this.readyCount += 1;
        if (frame.closedReason) return this.closeRoom(frame.closedReason);
        if (this.readyCount > 1) this.options.onResume?.();
        // A new connection: the room has not heard my read mark on it yet.
        this.lastReadSent = 0;
        this.lastTypingSentAt = -Infinity;
        this.seenUpTo(frame.opponentLastReadId ?? 0);
        // Whatever was typed while offline goes out now, in order.
        for (const item of waiting(this.snapshot.outbox)) this.transmit(item);
        // Still composing what they began before the socket was ready: "입력 중…" for the other now.
        const typedAt = this.typedWhileAwayAt;
        if (typedAt !== null && (this.options.now?.() ?? new Date()).getTime() - typedAt < TYPING_CARRY_MS) {
          this.typing();
        }
        this.typedWhileAwayAt = null;
        this.options.onReady?.();
        return;
      }
      case 'message': {
        const { type: _t, chatRoomId: _r, clientMsgId, readOnArrival, ...message } = frame;
        // My message, read by the other member on arrival (they are in the room): its "1" goes.
        if (readOnArrival) this.seenUpTo(message.id);
        // Their message ends their typing.
        const theirs = this.options.opponentId !== undefined && message.senderId === this.options.opponentId;
        if (theirs && this.snapshot.opponentTyping) {
          if (this.typingTimer !== null) clearTimeout(this.typingTimer);
          this.typingTimer = null;
          this.update({ opponentTyping: false });
        }
        this.update({ outbox: acknowledge(this.snapshot.outbox, clientMsgId) });
        this.options.onMessage(message);
        return;
      }
      case 'error':
        this.update({ outbox: markFailed(this.snapshot.outbox, frame.clientMsgId, frame.code) });
        return;
      case 'closed':
        return this.closeRoom(frame.reason);
      case 'read':
        if (this.options.opponentId === undefined || frame.memberId === this.options.opponentId) {
          this.seenUpTo(frame.lastReadId);
        }
        return;
      case 'typing':
        if (this.options.opponentId !== undefined && frame.memberId !== this.options.opponentId) return;
        this.showTyping();
        return;
      case 'unsent':
        this.options.onUnsent?.(frame.id);
        return;
      case 'pong':
        return;
      case 'call-state':
      case 'call-offer':
      case 'call-answer':
      case 'call-ice':
      case 'call-error':
        this.options.onCall?.(frame);
        return;
    }
  }

  private seenUpTo(lastReadId: number): void {
    const known = this.snapshot.opponentLastReadId;
    if (known === null || lastReadId > known) this.update({ opponentLastReadId: lastReadId });
  }

  private showTyping(): void {
    if (this.typingTimer !== null) clearTimeout(this.typingTimer);
    this.typingTimer = setTimeout(() => {
      this.typingTimer = null;
      this.update({ opponentTyping: false });
    }, CHAT_LIMITS.typingShowMs);
    if (!this.snapshot.opponentTyping) this.update({ opponentTyping: true });
  }

  private closeRoom(reason: RoomCloseReasonCode): void {
    this.update({ closedReason: reason, outbox: failAllSending(this.snapshot.outbox, 'ROOM_CLOSED') });
    // After the reason is known, so the view never shows a bare 'connection ended'.
    this.socket.finish();
    this.options.onClosed?.(reason);
  }

  private update(patch: Partial<RoomClientSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
