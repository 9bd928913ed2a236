// Typing before the room's socket is ready (the room just opened, or a reconnect): the other
// member still sees "입력 중…" once it is ready — unless the typing is old or ended in a message.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RoomClient, TYPING_CARRY_MS } from './chat-room-client';
import { FakeSocket } from '../test/fake-socket';

const settle = () => vi.advanceTimersByTimeAsync(0);
const ready = { type: 'ready', chatRoomId: 7, closedReason: null, opponentLastReadId: 0 } as const;
const typingFrames = (socket: FakeSocket) => socket.frames().filter((f) => f.type === 'typing');

async function connecting() {
  const client = new RoomClient({
    url: () => Promise.resolve('ws://test/room'),
    createSocket: (u) => new FakeSocket(u),
    onMessage: () => undefined,
    opponentId: 2,
    now: () => new Date(),
  });
  client.start();
  await settle();
  return { client, socket: FakeSocket.latest() };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});
afterEach(() => vi.useRealTimers());

describe('RoomClient typing before the socket is ready', () => {
  it('tells the other once the room is ready, one frame', async () => {
    const { client, socket } = await connecting();
    expect(client.typing()).toBe(false);
    expect(client.typing()).toBe(false);
    socket.open();
    expect(typingFrames(socket)).toEqual([]);
    socket.receive(ready);
    expect(typingFrames(socket)).toEqual([{ type: 'typing' }]);
    client.stop();
  });

  it('says nothing for typing older than the carry window', async () => {
    const { client, socket } = await connecting();
    client.typing();
    await vi.advanceTimersByTimeAsync(TYPING_CARRY_MS);
    socket.open();
    socket.receive(ready);
    expect(typingFrames(socket)).toEqual([]);
    client.stop();
  });

  it('says nothing when the typing ended in a message meanwhile', async () => {
    const { client, socket } = await connecting();
    client.typing();
    client.send('보낼게요');
    socket.open();
    socket.receive(ready);
    expect(typingFrames(socket)).toEqual([]);
    expect(socket.frames().filter((f) => f.type === 'send')).toHaveLength(1);
    client.stop();
  });

  it('says it once: a later reconnect does not repeat it', async () => {
    const { client, socket } = await connecting();
    client.typing();
    socket.open();
    socket.receive(ready);
    socket.serverClose(1006);
    await vi.advanceTimersByTimeAsync(60_000);
    const again = FakeSocket.latest();
    expect(again).not.toBe(socket);
    again.open();
    again.receive(ready);
    expect(typingFrames(again)).toEqual([]);
    client.stop();
  });
});
