// Reconnect, backoff and heartbeat of the chat socket, with fake timers and a fake WebSocket.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@contract/limits';
import { PING_FRAME, PONG_FRAME } from '@contract/chat';
import { ReconnectingSocket, backoffDelay, type SocketState } from './chat-socket';
import { FakeSocket } from '../test/fake-socket';

/** Lets the ticket promise settle so the socket gets created. */
const settle = () => vi.advanceTimersByTimeAsync(0);

function makeSocket(url: () => Promise<string> = () => Promise.resolve('ws://test/ws')) {
  const states: { state: SocketState; retryInMs: number | null; closeCode: number | null }[] = [];
  const frames: { type: string }[] = [];
  const socket = new ReconnectingSocket<{ type: string }>({
    url,
    createSocket: (u) => new FakeSocket(u),
    onFrame: (f) => frames.push(f),
    onState: (state, d) => states.push({ state, ...d }),
    isFinalError: (err) => err instanceof Error && err.message === 'not yours',
  });
  return { socket, states, frames };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('backoffDelay', () => {
  it('starts at 5 s and doubles up to the 900 s cap', () => {
    expect(backoffDelay(0)).toBe(LIMITS.socketReconnectMs);
    expect(backoffDelay(1)).toBe(10_000);
    expect(backoffDelay(2)).toBe(20_000);
    expect(backoffDelay(7)).toBe(640_000);
    expect(backoffDelay(8)).toBe(LIMITS.socketBackoffMaxMs);
    expect(backoffDelay(200)).toBe(LIMITS.socketBackoffMaxMs);
  });
});

describe('ReconnectingSocket', () => {
  it('reconnects 5 s after a lost connection with a fresh ticket, and resets the backoff once open', async () => {
    let tickets = 0;
    const { socket, states } = makeSocket(() => Promise.resolve(`ws://test/ws?ticket=${++tickets}`));
    socket.start();
    await settle();
    FakeSocket.latest().open();
    expect(socket.state).toBe('open');

    FakeSocket.latest().serverClose(1006);
    expect(states.at(-1)).toMatchObject({ state: 'reconnecting', retryInMs: 5_000 });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.latest().url).toBe('ws://test/ws?ticket=2');

    FakeSocket.latest().open();
    FakeSocket.latest().serverClose(1006);
    expect(states.at(-1)?.retryInMs).toBe(5_000);
    socket.stop();
  });

  it('backs off 5 s, 10 s, 20 s … while attempts keep failing, never beyond 900 s', async () => {
    const { socket, states } = makeSocket();
    socket.start();
    await settle();
    const delays: (number | null)[] = [];
    for (let i = 0; i < 10; i++) {
      FakeSocket.latest().serverClose(1006);
      const delay = states.at(-1)?.retryInMs ?? 0;
      delays.push(delay);
      await vi.advanceTimersByTimeAsync(delay);
    }
    expect(delays).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 640_000, 900_000, 900_000]);
    socket.stop();
  });

  it('retries when the ticket call fails, but gives up on a final refusal', async () => {
    let fail: Error | null = new Error('offline');
    const { socket, states } = makeSocket(() => (fail ? Promise.reject(fail) : Promise.resolve('ws://test/ws')));
    socket.start();
    await settle();
    expect(states.at(-1)).toMatchObject({ state: 'reconnecting', retryInMs: 5_000 });
    fail = new Error('not yours');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(states.at(-1)?.state).toBe('ended');
    expect(FakeSocket.all).toHaveLength(0);
  });

  it('stops for good on a 44xx close (room closed, disconnected by a ban)', async () => {
    const { socket, states } = makeSocket();
    socket.start();
    await settle();
    FakeSocket.latest().open();
    FakeSocket.latest().serverClose(4409, 'room closed');
    expect(states.at(-1)).toMatchObject({ state: 'ended', closeCode: 4409 });
    await vi.advanceTimersByTimeAsync(LIMITS.socketBackoffMaxMs);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('sends a ping every 10 s and treats a silent beat as a dead connection', async () => {
    const { socket, states, frames } = makeSocket();
    socket.start();
    await settle();
    const first = FakeSocket.latest();
    first.open();
    await vi.advanceTimersByTimeAsync(LIMITS.socketHeartbeatMs);
    expect(first.sent).toEqual([PING_FRAME]);
    first.receive(PONG_FRAME);
    expect(frames).toEqual([]); // pongs are not frames for the page
    await vi.advanceTimersByTimeAsync(LIMITS.socketHeartbeatMs);
    expect(first.sent).toEqual([PING_FRAME, PING_FRAME]);

    // No answer to the second ping: at the next beat the socket is dropped and retried in 5 s.
    await vi.advanceTimersByTimeAsync(LIMITS.socketHeartbeatMs);
    expect(first.closedWith?.code).toBe(4000);
    expect(states.at(-1)).toMatchObject({ state: 'reconnecting', retryInMs: 5_000 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(FakeSocket.all).toHaveLength(2);
    socket.stop();
  });

  it('passes frames through and only sends while open', async () => {
    const { socket, frames } = makeSocket();
    socket.start();
    await settle();
    expect(socket.send('early')).toBe(false);
    FakeSocket.latest().open();
    expect(socket.send('hello')).toBe(true);
    FakeSocket.latest().receive({ type: 'message', content: '안녕' });
    FakeSocket.latest().receive('not json');
    expect(frames).toEqual([{ type: 'message', content: '안녕' }]);
    socket.stop();
    expect(FakeSocket.latest().closedWith?.code).toBe(1000);
  });

  it('connectionLost (the browser went offline) drops an open socket at once; reconnectNow then retries', async () => {
    const { socket, states } = makeSocket();
    socket.start();
    await settle();
    FakeSocket.latest().open();
    socket.connectionLost();
    expect(socket.state).toBe('reconnecting');
    expect(states.at(-1)).toMatchObject({ state: 'reconnecting', retryInMs: 5_000 });
    expect(FakeSocket.latest().closedWith).toMatchObject({ reason: 'offline' });
    socket.reconnectNow();
    await settle();
    expect(FakeSocket.all).toHaveLength(2);
    socket.stop();
  });

  it('reconnectNow skips the remaining wait', async () => {
    const { socket } = makeSocket();
    socket.start();
    await settle();
    FakeSocket.latest().serverClose(1006);
    socket.reconnectNow();
    await settle();
    expect(FakeSocket.all).toHaveLength(2);
    socket.stop();
  });
});
