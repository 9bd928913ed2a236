// Chat test helpers: members who matched (request → accept), socket tickets, and real sockets on
// a room or a live channel with a frame inbox to wait on.
import { SELF } from 'cloudflare:test';
import type { ChatRoomItem, LiveServerFrame, RoomServerFrame, WsTicket } from '../../src/contract/chat';
import { ORIGIN, bearer, signUpMember, type SignedInMember, type SignupOverrides } from './auth';

export type Matched = { a: SignedInMember; b: SignedInMember; roomId: number; matchingId: number };

export async function postAs(member: SignedInMember, path: string): Promise<Response> {
  return SELF.fetch(`${ORIGIN}${path}`, { method: 'POST', headers: bearer(member.accessToken) });
}

export async function getAs(member: SignedInMember, path: string): Promise<Response> {
  return SELF.fetch(`${ORIGIN}${path}`, { headers: bearer(member.accessToken) });
}

export const requestChat = (from: SignedInMember, targetId: number) =>
  postAs(from, `/api/on/matching/request/${targetId}`);

export const acceptRequest = (by: SignedInMember, matchingId: number) =>
  postAs(by, `/api/on/chat-rooms/matchings/${matchingId}/accept`);

export const rejectRequest = (by: SignedInMember, matchingId: number) =>
  postAs(by, `/api/on/chat-rooms/matchings/${matchingId}/reject`);

export async function twoMembers(
  a: SignupOverrides = {},
  b: SignupOverrides = {},
): Promise<[SignedInMember, SignedInMember]> {
  return Promise.all([
    signUpMember({ name: '김하늘', gender: 'F', ...a }),
    signUpMember({ name: '이바다', gender: 'M', ...b }),
  ]);
}

/** Two members with an open room: a asked, b accepted. */
export async function matchedPair(): Promise<Matched> {
  const [a, b] = await twoMembers();
  const req = await requestChat(a, b.memberId);
  if (req.status !== 200) throw new Error(`request failed: ${req.status} ${await req.text()}`);
  const { matchingId } = await req.json<{ matchingId: number }>();
  const acc = await acceptRequest(b, matchingId);
  if (acc.status !== 200) throw new Error(`accept failed: ${acc.status} ${await acc.text()}`);
  const room = await acc.json<ChatRoomItem>();
  return { a, b, roomId: room.chatRoomId, matchingId };
}

export async function roomTicket(member: SignedInMember, roomId: number): Promise<string> {
  const res = await postAs(member, `/api/on/chat-rooms/${roomId}/ws-ticket`);
  if (res.status !== 200) throw new Error(`ticket failed: ${res.status} ${await res.text()}`);
  return (await res.json<WsTicket>()).ticket;
}

export async function liveTicket(member: SignedInMember): Promise<string> {
  const res = await postAs(member, '/api/on/chat-live/ws-ticket');
  if (res.status !== 200) throw new Error(`ticket failed: ${res.status} ${await res.text()}`);
  return (await res.json<WsTicket>()).ticket;
}

export const upgrade = (path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, { headers: { Upgrade: 'websocket', ...headers } });

type Frame = RoomServerFrame | LiveServerFrame;

/** A connected client socket that records every frame and its close. */
export class TestSocket<F extends Frame = Frame> {
  readonly frames: F[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: { check: () => boolean; resolve: () => void }[] = [];

  constructor(readonly ws: WebSocket) {
    ws.accept();
    ws.addEventListener('message', (event) => {
      this.frames.push(JSON.parse(String(event.data)) as F);
      this.wake();
    });
    ws.addEventListener('close', (event) => {
      this.closed = { code: event.code, reason: event.reason };
      this.wake();
    });
  }

  private wake(): void {
    this.waiters = this.waiters.filter((w) => {
      if (!w.check()) return true;
      w.resolve();
      return false;
    });
  }

  /** Resolves once `check` holds (re-checked on every frame and on close). */
  until(check: () => boolean): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ check, resolve }));
  }

  of<T extends F['type']>(type: T): Extract<F, { type: T }>[] {
    return this.frames.filter((f): f is Extract<F, { type: T }> => f.type === type);
  }

  async waitFor<T extends F['type']>(type: T, count = 1): Promise<Extract<F, { type: T }>[]> {
    await this.until(() => this.of(type).length >= count);
    return this.of(type);
  }

  waitClosed(): Promise<{ code: number; reason: string }> {
    return this.until(() => this.closed !== null).then(() => this.closed ?? { code: 0, reason: '' });
  }

  send(content: string, clientMsgId: string = crypto.randomUUID()): string {
    this.ws.send(JSON.stringify({ type: 'send', content, clientMsgId }));
    return clientMsgId;
  }

  sendRaw(text: string): void {
    this.ws.send(text);
  }

  close(): void {
    try {
      this.ws.close(1000, 'done');
    } catch {
      // already closed
    }
  }
}

/** Opens a room socket for the member (ticket + upgrade) and waits for the room's ready frame. */
export async function openRoom(member: SignedInMember, roomId: number): Promise<TestSocket<RoomServerFrame>> {
  const ticket = await roomTicket(member, roomId);
  const res = await upgrade(`/api/on/chat-rooms/${roomId}/ws?ticket=${encodeURIComponent(ticket)}`);
  if (res.status !== 101 || !res.webSocket) throw new Error(`upgrade failed: ${res.status} ${await res.text()}`);
  const socket = new TestSocket<RoomServerFrame>(res.webSocket);
  await socket.waitFor('ready');
  return socket;
}

export async function openLive(member: SignedInMember): Promise<TestSocket<LiveServerFrame>> {
  const ticket = await liveTicket(member);
  const res = await upgrade(`/api/on/chat-live/ws?ticket=${encodeURIComponent(ticket)}`);
  if (res.status !== 101 || !res.webSocket) throw new Error(`upgrade failed: ${res.status} ${await res.text()}`);
  return new TestSocket<LiveServerFrame>(res.webSocket);
}

export async function roomList(member: SignedInMember): Promise<ChatRoomItem[]> {
  const res = await getAs(member, '/api/on/chat-rooms');
  if (res.status !== 200) throw new Error(`room list failed: ${res.status}`);
  return res.json<ChatRoomItem[]>();
}

/** Fails (instead of hanging until the test's timeout) when `promise` takes longer than `ms`. */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
