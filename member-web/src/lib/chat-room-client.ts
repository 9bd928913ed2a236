// One room's live connection for the chat page: a ReconnectingSocket plus the outbox. Frames are
// turned into callbacks (new message, room closed); the React side subscribes to snapshots.
import { checkMessageContent, type ChatMessage, type RoomCloseReasonCode, type RoomServerFrame } from '@contract/chat';
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
} from './chat-outbox';
import { ReconnectingSocket, type SocketFactory, type SocketState } from './chat-socket';

export type RoomClientSnapshot = {
  state: SocketState;
  retryInMs: number | null;
  outbox: Outbox;
  closedReason: RoomCloseReasonCode | null;
};

export interface RoomClientOptions {
  url: () => Promise<string>;
  onMessage: (message: ChatMessage) => void;
  /** After a reconnect: messages may have arrived while we were away. */
  onResume?: () => void;
  onClosed?: (reason: RoomCloseReasonCode) => void;
  isFinalError?: (err: unknown) => boolean;
  createSocket?: SocketFactory;
  newId?: () => string;
  now?: () => Date;
}

export class RoomClient {
  private snapshot: RoomClientSnapshot = {
    state: 'connecting',
    retryInMs: null,
    outbox: emptyOutbox,
    closedReason: null,
  };
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

  /** Queues a message (sent now if connected, else on reconnect). False when there is nothing to send. */
  send(raw: string): boolean {
    const checked = checkMessageContent(raw);
    if (!checked.ok || this.snapshot.closedReason) return false;
    const clientMsgId = this.options.newId?.() ?? crypto.randomUUID();
    const createdAt = (this.options.now?.() ?? new Date()).toISOString();
    this.update({ outbox: addToOutbox(this.snapshot.outbox, { clientMsgId, content: checked.content, createdAt }) });
    this.transmit(clientMsgId, checked.content);
    return true;
  }

  retry(clientMsgId: string): void {
    const item = this.snapshot.outbox.find((i) => i.clientMsgId === clientMsgId);
    if (!item || this.snapshot.closedReason) return;
    this.update({ outbox: retryItem(this.snapshot.outbox, clientMsgId) });
    this.transmit(clientMsgId, item.content);
  }

  discard(clientMsgId: string): void {
    this.update({ outbox: discardItem(this.snapshot.outbox, clientMsgId) });
  }

  private transmit(clientMsgId: string, content: string): void {
    this.socket.send(JSON.stringify({ type: 'send', content, clientMsgId }));
  }

  private onFrame(frame: RoomServerFrame): void {
    switch (frame.type) {
      case 'ready': {
        this.readyCount += 1;
        if (frame.closedReason) return this.closeRoom(frame.closedReason);
        if (this.readyCount > 1) this.options.onResume?.();
        // Whatever was typed while offline goes out now, in order.
        for (const item of waiting(this.snapshot.outbox)) this.transmit(item.clientMsgId, item.content);
        return;
      }
      case 'message': {
        const { type: _t, chatRoomId: _r, clientMsgId, ...message } = frame;
        this.update({ outbox: acknowledge(this.snapshot.outbox, clientMsgId) });
        this.options.onMessage(message);
        return;
      }
      case 'error':
        this.update({ outbox: markFailed(this.snapshot.outbox, frame.clientMsgId, frame.code) });
        return;
      case 'closed':
        return this.closeRoom(frame.reason);
      case 'pong':
        return;
    }
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
