// A WebSocket that keeps itself alive (docs/product-spec.md §4, §9): every attempt gets a fresh address (a room
// offers the access token as a subprotocol, else a single-use ticket), a heartbeat goes out every 10 s and a connection that stays silent for a whole beat counts as
// dead, and a lost connection is retried after 5 s, doubling up to 900 s. Close codes 44xx from
// the server mean "do not come back" (room closed, banned, refused) and end it for good.
import { LIMITS } from '@contract/limits';
import { CHAT_SOCKET_PROTOCOL, CHAT_TOKEN_PROTOCOL_PREFIX, PING_FRAME, isFinalClose } from '@contract/chat';
import { tokenClaims } from './current-member';
import { accessTokenStore } from './storage';

export type SocketState = 'connecting' | 'open' | 'reconnecting' | 'ended';

/** The part of the browser's WebSocket this client uses (tests hand in a fake). */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export type SocketFactory = (url: string, protocols?: string[]) => SocketLike;

/** Where one attempt connects: a URL (with a ticket), or a URL and the subprotocols to offer (a token). */
export type SocketTarget = string | { url: string; protocols: string[] };

export interface ReconnectingSocketOptions<F> {
  /**
   * The target for one attempt. `tokenRefused`: the previous attempt offered a token and was
   * refused before it opened (expired, banned, not the room's): fetch a ticket instead, whose
   * HTTP answer says why (the API client refreshes on 401, shows a ban on 403).
   */
  url: (attempt: { tokenRefused: boolean }) => Promise<SocketTarget>;
  onFrame: (frame: F) => void;
  onState?: (state: SocketState, detail: { retryInMs: number | null; closeCode: number | null }) => void;
  /** Ticket errors after which retrying is pointless (e.g. the room is not mine). */
  isFinalError?: (err: unknown) => boolean;
  createSocket?: SocketFactory;
}

/** Delay before retry number `attempt` (0-based): 5 s, 10 s, 20 s, … capped at 900 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(LIMITS.socketReconnectMs * 2 ** Math.min(attempt, 30), LIMITS.socketBackoffMaxMs);
}

const HEARTBEAT_TIMEOUT_CODE = 4000;

export class ReconnectingSocket<F extends { type: string }> {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private everOpened = false;
  private stopped = true;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private heardSinceBeat = true;
  private currentState: SocketState = 'connecting';

  constructor(private readonly options: ReconnectingSocketOptions<F>) {}

  get state(): SocketState {
    return this.currentState;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearRetry();
    this.drop(1000, 'bye');
  }

  /** Sends when open; answers whether it went out. */
  send(text: string): boolean {
    if (this.currentState !== 'open' || !this.socket) return false;
    try {
      this.socket.send(text);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The browser says the network is gone (`offline`): an open socket cannot carry anything now,
   * though it may take a heartbeat or more to notice. Let it go and wait for a retry, which
   * `reconnectNow` (on `online`) brings forward.
   */
  connectionLost(): void {
    if (this.stopped || this.currentState !== 'open') return;
    this.drop(HEARTBEAT_TIMEOUT_CODE, 'offline');
    this.scheduleRetry();
  }

  /**
   * The server said this connection is over for good (the room closed): close it from this side
   * and never come back. A close the client starts ends the connection at once; waiting for the
   * server's can leave it half-open for seconds (docs/chat.md, "Close codes").
   */
  finish(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.clearRetry();
    this.stopHeartbeat();
    try {
      this.socket?.close(1000, 'finished');
    } catch {
      // already closing
    }
    this.end(null);
  }

  /** Skips the wait (e.g. the browser came back online). */
  reconnectNow(): void {
    if (this.stopped || this.currentState !== 'reconnecting' || this.retryTimer === null) return;
    this.clearRetry();
    void this.connect();
  }

  private setState(state: SocketState, retryInMs: number | null = null, closeCode: number | null = null): void {
    this.currentState = state;
    this.options.onState?.(state, { retryInMs, closeCode });
  }

  private async connect(tokenRefused = false): Promise<void> {
    this.setState(this.everOpened || this.attempt > 0 ? 'reconnecting' : 'connecting');
    let target: SocketTarget;
    try {
      target = await this.options.url({ tokenRefused });
    } catch (err) {
      if (this.stopped) return;
      if (this.options.isFinalError?.(err)) return this.end(null);
      return this.scheduleRetry();
    }
    if (this.stopped) return;
    const create = this.options.createSocket ?? ((u: string, p?: string[]) => new WebSocket(u, p));
    const viaToken = typeof target !== 'string';
    const socket = typeof target === 'string' ? create(target) : create(target.url, target.protocols);
    let opened = false;
    this.socket = socket;
    socket.onopen = () => {
      opened = true;
      this.attempt = 0;
      this.everOpened = true;
      this.startHeartbeat();
      this.setState('open');
    };
    socket.onmessage = (event) => {
      this.heardSinceBeat = true;
      const frame = parseFrame<F>(event.data);
      if (frame && frame.type !== 'pong') this.options.onFrame(frame);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopHeartbeat();
      if (this.stopped) return;
      if (isFinalClose(event.code)) this.end(event.code);
      // A refused upgrade tells the page nothing (1006): ask again at once the ticket way.
      else if (viaToken && !opened) void this.connect(true);
      else this.scheduleRetry();
    };
    socket.onerror = () => undefined; // a close event follows
  }

  private end(code: number | null): void {
    this.stopped = true;
    this.setState('ended', null, code);
  }

  private scheduleRetry(): void {
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    this.setState('reconnecting', delay);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heardSinceBeat = true;
    this.heartbeat = setInterval(() => {
      if (!this.heardSinceBeat) {
        // Nothing came back for a whole beat: the connection is dead even if the browser hasn't noticed.
        this.drop(HEARTBEAT_TIMEOUT_CODE, 'heartbeat timeout');
        if (!this.stopped) this.scheduleRetry();
        return;
      }
      this.heardSinceBeat = false;
      this.socket?.send(PING_FRAME);
    }, LIMITS.socketHeartbeatMs);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /** Lets go of the current socket without waiting for its close handshake. */
  private drop(code: number, reason: string): void {
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close(code, reason);
    } catch {
      // already closing
    }
  }
}

function parseFrame<F>(data: unknown): F | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null && 'type' in value ? (value as F) : null;
  } catch {
    return null;
  }
}

/** Tokens this close to their expiry are not offered (the ticket call refreshes them first). */
const TOKEN_MARGIN_MS = 60_000;

/** The stored access token if it is still good for a minute, else null. */
export function socketToken(now = Date.now()): string | null {
  const token = accessTokenStore.get();
  const exp = tokenClaims(token)?.exp;
  return token && typeof exp === 'number' && exp * 1000 - now > TOKEN_MARGIN_MS ? token : null;
}

/** A room socket that offers the access token as a subprotocol (docs/chat.md "Sockets and tickets"). */
export function tokenTarget(path: string, token: string): SocketTarget {
  return { url: socketUrl(path), protocols: [CHAT_SOCKET_PROTOCOL, `${CHAT_TOKEN_PROTOCOL_PREFIX}${token}`] };
}

/** ws:// or wss:// URL on this origin. */
export function socketUrl(path: string): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${path}`;
}
