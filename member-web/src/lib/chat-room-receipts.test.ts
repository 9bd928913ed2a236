// Read receipts and typing on the room client (docs/chat.md "Read receipts and typing"): the other's read mark (ready, live read frames, forward only),
// my read frames (forward only, once per connection), typing frames throttled to the relay rate,
// the "입력 중…" state timing out after typingShowMs, and unsent frames.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_LIMITS } from '@contract/chat';
import { RoomClient } from './chat-room-client';
import { FakeSocket } from '../test/fake-socket';

const settle = () => vi.advanceTimersByTimeAsync(0);
const OPPONENT = 2;

async function connected(opponentLastReadId = 0) {
  const unsent: number[] = [];
  const client = new RoomClient({
    url: () => Promise.resolve('ws://test/room'),
    createSocket: (u) => new FakeSocket(u),
    onMessage: () => undefined,
    onUnsent: (id) => unsent.push(id),
    opponentId: OPPONENT,
  });
  client.start();
  await settle();
  FakeSocket.latest().open();
  FakeSocket.latest().receive({ type: 'ready', chatRoomId: 7, closedReason: null, opponentLastReadId });
  return { client, unsent, socket: FakeSocket.latest() };
}

const framesOf = (socket: FakeSocket, type: string) => socket.frames().filter((f) => f.type === type);

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});
afterEach(() => vi.useRealTimers());

describe('RoomClient read receipts', () => {
  it('knows no read mark before the room’s ready frame (so no "1" flickers on)', async () => {
    const client = new RoomClient({
      url: () => Promise.resolve('ws://test/room'),
      createSocket: (u) => new FakeSocket(u),
      onMessage: () => undefined,
      opponentId: OPPONENT,
    });
    client.start();
    await settle();
    FakeSocket.latest().open();
    expect(client.getSnapshot().opponentLastReadId).toBeNull();
    FakeSocket.latest().receive({ type: 'ready', chatRoomId: 7, closedReason: null, opponentLastReadId: 0 });
    expect(client.getSnapshot().opponentLastReadId).toBe(0);
    client.stop();
  });

  it('takes the other member’s mark from ready and read frames, only forward, never mine', async () => {
    const { client, socket } = await connected(3);
    expect(client.getSnapshot().opponentLastReadId).toBe(3);
    socket.receive({ type: 'read', chatRoomId: 7, memberId: OPPONENT, lastReadId: 5 });
    expect(client.getSnapshot().opponentLastReadId).toBe(5);
    socket.receive({ type: 'read', chatRoomId: 7, memberId: OPPONENT, lastReadId: 4 });
    expect(client.getSnapshot().opponentLastReadId).toBe(5);
    socket.receive({ type: 'read', chatRoomId: 7, memberId: 9, lastReadId: 8 });
    expect(client.getSnapshot().opponentLastReadId).toBe(5);
    client.stop();
  });

  it('takes the mark from my own message read on arrival (no separate read frame), and the message without the flag', async () => {
    const messages: unknown[] = [];
    const client = new RoomClient({
      url: () => Promise.resolve('ws://test/room'),
      createSocket: (u) => new FakeSocket(u),
      onMessage: (m) => messages.push(m),
      opponentId: OPPONENT,
    });
    client.start();
    await settle();
    const socket = FakeSocket.latest();
    socket.open();
    socket.receive({ type: 'ready', chatRoomId: 7, closedReason: null, opponentLastReadId: 2 });
    const mine = { chatRoomId: 7, senderId: 9, content: '안녕', sentAt: '2026-11-24T00:00:00Z', clientMsgId: 'c1' };
    socket.receive({ type: 'message', ...mine, id: 3 });
    expect(client.getSnapshot().opponentLastReadId).toBe(2);
    socket.receive({ type: 'message', ...mine, id: 4, clientMsgId: 'c2', readOnArrival: true });
    expect(client.getSnapshot().opponentLastReadId).toBe(4);
    expect(messages.at(-1)).toEqual({ id: 4, senderId: 9, content: '안녕', sentAt: '2026-11-24T00:00:00Z' });
    client.stop();
  });

  it('sends my read mark only when it moves forward, and again on a new connection', async () => {
    const { client, socket } = await connected();
    expect(client.markRead(4)).toBe(true);
    expect(client.markRead(4)).toBe(false);
    expect(client.markRead(3)).toBe(false);
    expect(client.markRead(6)).toBe(true);
    expect(framesOf(socket, 'read')).toEqual([
      { type: 'read', lastReadId: 4 },
      { type: 'read', lastReadId: 6 },
    ]);
    socket.serverClose(1006);
    await vi.advanceTimersByTimeAsync(5_000);
    const again = FakeSocket.latest();
    expect(again).not.toBe(socket);
    again.open();
    again.receive({ type: 'ready', chatRoomId: 7, closedReason: null, opponentLastReadId: 0 });
    expect(client.markRead(6)).toBe(true);
    expect(framesOf(again, 'read')).toEqual([{ type: 'read', lastReadId: 6 }]);
    client.stop();
  });
});

describe('RoomClient typing', () => {
  it('sends at most one typing frame per relay interval, and none while disconnected', async () => {
    const { client, socket } = await connected();
    expect(client.typing()).toBe(true);
    expect(client.typing()).toBe(false);
    await vi.advanceTimersByTimeAsync(CHAT_LIMITS.typingRelayMs - 1);
    expect(client.typing()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.typing()).toBe(true);
    expect(framesOf(socket, 'typing')).toEqual([{ type: 'typing' }, { type: 'typing' }]);
    socket.serverClose(1006);
    await vi.advanceTimersByTimeAsync(CHAT_LIMITS.typingRelayMs);
    expect(client.typing()).toBe(false);
    client.stop();
  });

  it('shows the other typing until typingShowMs pass without another frame, or their message arrives', async () => {
    const { client, socket } = await connected();
    const typing = { type: 'typing', chatRoomId: 7, memberId: OPPONENT };
    socket.receive(typing);
    expect(client.getSnapshot().opponentTyping).toBe(true);
    await vi.advanceTimersByTimeAsync(CHAT_LIMITS.typingShowMs - 1_000);
    socket.receive(typing);
    await vi.advanceTimersByTimeAsync(CHAT_LIMITS.typingShowMs - 1);
    expect(client.getSnapshot().opponentTyping).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.getSnapshot().opponentTyping).toBe(false);

    socket.receive(typing);
    socket.receive({
      type: 'message',
      chatRoomId: 7,
      id: 3,
      senderId: OPPONENT,
      content: '안녕',
      sentAt: '2026-11-22T06:00:00Z',
      clientMsgId: null,
    });
    expect(client.getSnapshot().opponentTyping).toBe(false);
    client.stop();
  });

  it('hands unsent frames to the page', async () => {
    const { client, socket, unsent } = await connected();
    socket.receive({ type: 'unsent', chatRoomId: 7, id: 12 });
    expect(unsent).toEqual([12]);
    client.stop();
  });
});
