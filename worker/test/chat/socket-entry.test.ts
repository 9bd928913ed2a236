// Token sockets answered before the app (ADR 0014, socket-entry.ts): which requests it takes, that it
// opens only what the app's route would open, and that every refusal is left to the app (null), whose
// answers token-sockets.test.ts checks through the Worker.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CHAT_SOCKET_PROTOCOL, CHAT_TOKEN_PROTOCOL_PREFIX, type RoomServerFrame } from '../../src/contract/chat';
import { CONNECT_HEADER, connectRequest, readConnect } from '../../src/areas/chat/protocol';
import { connectRoomWithToken } from '../../src/areas/chat/service';
import { openTokenSocket, tokenSocketOf } from '../../src/areas/chat/socket-entry';
import { makeDb } from '../../src/lib/db';
import { ORIGIN, signUpMember } from '../helpers/auth';
import { TestSocket, matchedPair } from '../helpers/chat';

const offered = (token: string, protocols = [CHAT_SOCKET_PROTOCOL]) =>
  [...protocols, `${CHAT_TOKEN_PROTOCOL_PREFIX}${token}`].join(', ');

function socketRequest(path: string, headers: Record<string, string> = {}, method = 'GET'): Request {
  return new Request(`${ORIGIN}${path}`, { method, headers: { Upgrade: 'websocket', ...headers } });
}

describe('tokenSocketOf', () => {
  const withToken = { 'Sec-WebSocket-Protocol': offered('x.y.z') };

  it('takes a room socket or the live channel upgraded with a token offered', () => {
    expect(tokenSocketOf(socketRequest('/api/on/chat-rooms/12/ws', withToken))).toEqual({
      path: '/api/on/chat-rooms/12/ws',
      roomId: 12,
    });
    expect(tokenSocketOf(socketRequest('/api/on/chat-live/ws', withToken))).toEqual({
      path: '/api/on/chat-live/ws',
      roomId: null,
    });
  });

  it('leaves tickets, plain requests, other methods and other paths to the app', () => {
    expect(tokenSocketOf(socketRequest('/api/on/chat-rooms/12/ws?ticket=abc'))).toBeNull();
    expect(tokenSocketOf(new Request(`${ORIGIN}/api/on/chat-rooms/12/ws`, { headers: withToken }))).toBeNull();
    expect(tokenSocketOf(socketRequest('/api/on/chat-rooms/12/ws', withToken, 'POST'))).toBeNull();
    for (const path of [
      '/api/on/chat-rooms/0/ws',
      '/api/on/chat-rooms/abc/ws',
      '/api/on/chat-rooms/99999999999999999999/ws',
      '/api/on/chat-rooms/12/ws/',
      '/api/on/chat-rooms/12/messages',
      '/api/on/chat-live/ws-ticket',
    ]) {
      expect(tokenSocketOf(socketRequest(path, withToken)), path).toBeNull();
    }
  });
});

describe('openTokenSocket', () => {
  it('opens the room for its member, selecting ongi.chat.v1 only', async () => {
    const { a, roomId } = await matchedPair();
    const path = `/api/on/chat-rooms/${roomId}/ws`;
    const res = await openTokenSocket(socketRequest(path, { 'Sec-WebSocket-Protocol': offered(a.accessToken) }), env, {
      path,
      roomId,
    });
    expect(res?.status).toBe(101);
    expect(res?.headers.get('Sec-WebSocket-Protocol')).toBe(CHAT_SOCKET_PROTOCOL);
    if (!res?.webSocket) throw new Error('no socket');
    const socket = new TestSocket<RoomServerFrame>(res.webSocket);
    const [ready] = await socket.waitFor('ready');
    expect(ready).toMatchObject({ chatRoomId: roomId });
    socket.close();
  });

  it('leaves every refusal to the app: a stranger, a banned member, a bad token, no ongi.chat.v1, another site', async () => {
    const { a, b, roomId } = await matchedPair();
    const stranger = await signUpMember({ name: '박낯선' });
    const path = `/api/on/chat-rooms/${roomId}/ws`;
    const open = (headers: Record<string, string>) =>
      openTokenSocket(socketRequest(path, headers), env, { path, roomId });
    expect(await open({ 'Sec-WebSocket-Protocol': offered(stranger.accessToken) })).toBeNull();
    expect(await open({ 'Sec-WebSocket-Protocol': offered(`${a.accessToken.slice(0, -4)}AAAA`) })).toBeNull();
    expect(await open({ 'Sec-WebSocket-Protocol': offered(a.accessToken, []) })).toBeNull();
    expect(await open({ 'Sec-WebSocket-Protocol': offered(a.accessToken), Origin: 'https://evil.example' })).toBeNull();
    await env.DB.prepare(`UPDATE members SET status = 'BANNED' WHERE id = ?`).bind(b.memberId).run();
    expect(await open({ 'Sec-WebSocket-Protocol': offered(b.accessToken) })).toBeNull();
    const live = '/api/on/chat-live/ws';
    const banned = socketRequest(live, { 'Sec-WebSocket-Protocol': offered(b.accessToken) });
    expect(await openTokenSocket(banned, env, { path: live, roomId: null })).toBeNull();
  });

  it('builds a drizzle handle only to word a ban (the standing check reads the joined row)', async () => {
    const { a, roomId } = await matchedPair();
    const path = `/api/on/chat-rooms/${roomId}/ws`;
    let handles = 0;
    const ctx = () => ({
      env,
      now: new Date(),
      client: env.DB,
      get db() {
        handles++;
        return makeDb(env.DB);
      },
    });
    const request = () => socketRequest(path, { 'Sec-WebSocket-Protocol': offered(a.accessToken) });
    const res = await connectRoomWithToken(ctx(), request(), roomId, a.accessToken);
    expect(res.status).toBe(101);
    res.webSocket?.accept();
    res.webSocket?.close();
    expect(handles).toBe(0);
    await env.DB.prepare(`UPDATE members SET status = 'BANNED' WHERE id = ?`).bind(a.memberId).run();
    await expect(connectRoomWithToken(ctx(), request(), roomId, a.accessToken)).rejects.toMatchObject({
      code: 'MEMBER_BANNED',
    });
    expect(handles).toBe(1);
  });
});

describe('the request an object gets', () => {
  it('carries the upgrade and what the Worker checked, none of the browser’s headers (no token, no cookie)', () => {
    const browser = socketRequest('/api/on/chat-live/ws', {
      'Sec-WebSocket-Protocol': offered('secret.token.here'),
      Cookie: 'ongi_refresh=abc',
      'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      'User-Agent': 'Mozilla/5.0',
    });
    const forwarded = connectRequest(browser, { memberId: 7, jti: null, expiresMs: 0 });
    expect([...forwarded.headers.keys()].sort()).toEqual(['upgrade', CONNECT_HEADER.toLowerCase()]);
    expect(forwarded.headers.get('Upgrade')).toBe('websocket');
    expect(readConnect(forwarded)).toEqual({ memberId: 7, jti: null, expiresMs: 0 });
  });
});
