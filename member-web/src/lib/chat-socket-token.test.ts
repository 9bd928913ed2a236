// A room socket offers the access token as a subprotocol instead of calling for a ticket; a token
// refused before the socket opened is followed at once by a ticket attempt (whose HTTP answer
// says why), and the next reconnect tries the token again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_SOCKET_PROTOCOL, CHAT_TOKEN_PROTOCOL_PREFIX } from '@contract/chat';
import { STORAGE_KEYS } from '@contract/limits';
import { ReconnectingSocket, socketToken, socketUrl, tokenTarget, type SocketTarget } from './chat-socket';
import { FakeSocket } from '../test/fake-socket';

const settle = () => vi.advanceTimersByTimeAsync(0);

/** An unsigned token with these claims: the page only reads `exp`, the server checks the rest. */
const tokenWith = (claims: Record<string, unknown>) => {
  const part = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.removeItem(STORAGE_KEYS.accessToken);
});

describe('socketToken', () => {
  const now = Date.UTC(2026, 10, 24, 12, 0, 0);
  const exp = (msFromNow: number) => Math.floor((now + msFromNow) / 1000);

  it('gives the stored token while it is good for more than a minute, else null', () => {
    expect(socketToken(now)).toBeNull();
    const fresh = tokenWith({ sub: '7', typ: 'access', exp: exp(10 * 60_000) });
    localStorage.setItem(STORAGE_KEYS.accessToken, fresh);
    expect(socketToken(now)).toBe(fresh);
    localStorage.setItem(STORAGE_KEYS.accessToken, tokenWith({ sub: '7', exp: exp(30_000) }));
    expect(socketToken(now)).toBeNull();
    localStorage.setItem(STORAGE_KEYS.accessToken, tokenWith({ sub: '7' }));
    expect(socketToken(now)).toBeNull();
    localStorage.setItem(STORAGE_KEYS.accessToken, 'not-a-jwt');
    expect(socketToken(now)).toBeNull();
  });

  it('puts the token in the offered subprotocols, never in the address', () => {
    const target = tokenTarget('/api/on/chat-rooms/3/ws', 'abc.def.ghi');
    expect(target).toEqual({
      url: socketUrl('/api/on/chat-rooms/3/ws'),
      protocols: [CHAT_SOCKET_PROTOCOL, `${CHAT_TOKEN_PROTOCOL_PREFIX}abc.def.ghi`],
    });
    expect(typeof target === 'string' ? target : target.url).toMatch(/^wss?:\/\/[^?]*\/api\/on\/chat-rooms\/3\/ws$/);
  });
});

describe('ReconnectingSocket with a token target', () => {
  function makeSocket() {
    const asked: boolean[] = [];
    const socket = new ReconnectingSocket<{ type: string }>({
      url: ({ tokenRefused }): Promise<SocketTarget> => {
        asked.push(tokenRefused);
        return Promise.resolve(
          tokenRefused
            ? 'ws://test/ws?ticket=t'
            : { url: 'ws://test/ws', protocols: [CHAT_SOCKET_PROTOCOL, `${CHAT_TOKEN_PROTOCOL_PREFIX}tok`] },
        );
      },
      createSocket: (u, p) => new FakeSocket(u, p),
      onFrame: () => undefined,
    });
    return { socket, asked };
  }

  it('offers the token; refused before opening, it asks for a ticket at once (no backoff)', async () => {
    const { socket, asked } = makeSocket();
    socket.start();
    await settle();
    expect(FakeSocket.latest()).toMatchObject({
      url: 'ws://test/ws',
      protocols: [CHAT_SOCKET_PROTOCOL, `${CHAT_TOKEN_PROTOCOL_PREFIX}tok`],
    });
    FakeSocket.latest().serverClose(1006);
    await settle();
    expect(asked).toEqual([false, true]);
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.latest().url).toBe('ws://test/ws?ticket=t');
    expect(FakeSocket.latest().protocols).toBeUndefined();

    // The ticket attempt failing too is an ordinary failure: 5 s backoff, then the token again.
    FakeSocket.latest().serverClose(1006);
    expect(socket.state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual([false, true, false]);
    expect(FakeSocket.latest().protocols).toHaveLength(2);
    socket.stop();
  });

  it('a token socket that opened and later dropped waits the backoff and offers the token again', async () => {
    const { socket, asked } = makeSocket();
    socket.start();
    await settle();
    FakeSocket.latest().open();
    FakeSocket.latest().serverClose(1006);
    await settle();
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked).toEqual([false, false]);
    expect(FakeSocket.latest().protocols).toHaveLength(2);
    socket.stop();
  });
});
