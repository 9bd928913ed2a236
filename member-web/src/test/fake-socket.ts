// A scriptable WebSocket for socket-client tests: the test opens, closes and feeds frames.
import type { SocketLike } from '../lib/chat-socket';

export class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readonly sent: string[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocols?: string[],
  ) {
    FakeSocket.all.push(this);
  }

  static reset(): void {
    FakeSocket.all = [];
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('no socket was created');
    return socket;
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
  }

  open(): void {
    this.onopen?.(new Event('open'));
  }

  receive(frame: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: typeof frame === 'string' ? frame : JSON.stringify(frame) }));
  }

  serverClose(code = 1006, reason = ''): void {
    this.onclose?.(new CloseEvent('close', { code, reason }));
  }

  /** Frames the client sent, parsed (heartbeats included). */
  frames(): { type: string; content?: string; clientMsgId?: string }[] {
    return this.sent.map((s) => JSON.parse(s) as { type: string });
  }
}
