// A room socket opened with the access token as a subprotocol (no ticket call, docs/chat.md
// "Sockets and tickets"): the answer selects `ongi.chat.v1` only, the sender still comes from the
// token, and the upgrade checks the token as every API call does and the member's standing and
// place in the room from D1.
import { SELF, env } from 'cloudflare:test';
import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import {
  CHAT_SOCKET_PROTOCOL,
  CHAT_TOKEN_PROTOCOL_PREFIX,
  type LiveServerFrame,
  type RoomServerFrame,
} from '../../src/contract/chat';
import { issueTicket } from '../../src/areas/chat/ticket';
import { base64url } from '../../src/lib/crypto';
import { signAccessToken } from '../../src/lib/tokens';
import { ORIGIN, signUpMember } from '../helpers/auth';
import { TestSocket, matchedPair, openRoom, roomTicket, upgrade } from '../helpers/chat';

const wsPath = (roomId: number) => `/api/on/chat-rooms/${roomId}/ws`;
const offering = (token: string, protocols = [CHAT_SOCKET_PROTOCOL]) => ({
  'Sec-WebSocket-Protocol': [...protocols, `${CHAT_TOKEN_PROTOCOL_PREFIX}${token}`].join(', '),
});

async function openWithToken(
  token: string,
  roomId: number,
): Promise<{ res: Response; socket: TestSocket<RoomServerFrame> }> {
  const res = await upgrade(wsPath(roomId), offering(token));
  if (res.status !== 101 || !res.webSocket) throw new Error(`upgrade failed: ${res.status} ${await res.text()}`);
  const socket = new TestSocket<RoomServerFrame>(res.webSocket);
  await socket.waitFor('ready');
  return { res, socket };
}

/** A refused upgrade: its status and error code, and no socket. */
async function refused(res: Response): Promise<{ status: number; code: string }> {
  expect(res.webSocket).toBeNull();
  return { status: res.status, code: (await res.json<{ code: string }>()).code };
}

const utf8 = new TextEncoder();
const part = (value: unknown) => base64url(utf8.encode(JSON.stringify(value)));

describe('a room socket opened with the access token', () => {
  it('selects ongi.chat.v1 without echoing the token and delivers with the sender from the token', async () => {
    const { a, b, roomId } = await matchedPair();
    const { res, socket: sa } = await openWithToken(a.accessToken, roomId);
    expect(res.headers.get('Sec-WebSocket-Protocol')).toBe(CHAT_SOCKET_PROTOCOL);
    // The other member on a ticket: both ways share the room.
    const sb = await openRoom(b, roomId);
    const clientMsgId = sa.send('토큰으로 연결했어요');
    const [toB] = await sb.waitFor('message');
    expect(toB).toMatchObject({ senderId: a.memberId, content: '토큰으로 연결했어요', clientMsgId });
    // Not single use: the same token opens the room again (a reconnect within its 15 minutes).
    const { socket: again } = await openWithToken(a.accessToken, roomId);
    sb.send('다시 왔네요');
    const [toAgain] = await again.waitFor('message');
    expect(toAgain).toMatchObject({ senderId: b.memberId, content: '다시 왔네요' });
    for (const s of [sa, sb, again]) s.close();
  });

  it('still accepts tickets (the ticket route is unchanged)', async () => {
    const { a, roomId } = await matchedPair();
    const res = await upgrade(`${wsPath(roomId)}?ticket=${encodeURIComponent(await roomTicket(a, roomId))}`);
    expect(res.status).toBe(101);
    expect(res.headers.get('Sec-WebSocket-Protocol')).toBeNull();
    res.webSocket?.accept();
    res.webSocket?.close(1000, 'done');
  });

  it('refuses expired, altered, re-signed, alg:none, refresh and ticket tokens with 401', async () => {
    const { a, roomId } = await matchedPair();
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: String(a.memberId), typ: 'access', iat: now, exp: now + 900 };
    const [header, body, signature] = a.accessToken.split('.');
    const otherSub = part({ ...claims, sub: String(a.memberId + 1) });
    const refreshCookie = Object.entries(a.cookies).find(([name]) => name.includes('refresh'))?.[1];
    expect(refreshCookie).toBeTruthy();
    const tokens: Record<string, string> = {
      expired: await signAccessToken(env, a.memberId, new Date(Date.now() - 3_600_000)),
      altered: `${header}.${otherSub}.${signature}`,
      'bad signature': `${header}.${body}.${signature?.slice(0, -4)}AAAA`,
      're-signed with another secret': await sign(claims, 'x'.repeat(40), 'HS256'),
      'alg none': `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`,
      'not an access token': await sign({ ...claims, typ: 'refresh' }, env.JWT_SECRET ?? '', 'HS256'),
      'refresh cookie': refreshCookie ?? '',
      'socket ticket': (await issueTicket(env, a.memberId, `room:${roomId}`, new Date())).ticket,
      empty: '',
    };
    for (const [what, token] of Object.entries(tokens)) {
      const answer = await refused(await upgrade(wsPath(roomId), offering(token)));
      expect(answer.status, what).toBe(401);
      expect(answer.code, what).toMatch(/^TOKEN_(INVALID|EXPIRED)$|^UNAUTHORIZED$/);
    }
  });

  it("refuses a stranger's valid token for the room with 404", async () => {
    const { roomId } = await matchedPair();
    const stranger = await signUpMember({ name: '박낯선' });
    expect(await refused(await upgrade(wsPath(roomId), offering(stranger.accessToken)))).toEqual({
      status: 404,
      code: 'CHAT_ROOM_NOT_FOUND',
    });
  });

  it('refuses a banned member with 403 MEMBER_BANNED and a withdrawn one with 401, read from D1 at the upgrade', async () => {
    const { a, b, roomId } = await matchedPair();
    // A ban set straight in D1 (the room is not closed): only the upgrade's read can see it.
    await env.DB.prepare(`UPDATE members SET status = 'BANNED' WHERE id = ?`).bind(a.memberId).run();
    expect(await refused(await upgrade(wsPath(roomId), offering(a.accessToken)))).toEqual({
      status: 403,
      code: 'MEMBER_BANNED',
    });
    await env.DB.prepare(`UPDATE members SET deleted_at = ? WHERE id = ?`)
      .bind(new Date().toISOString(), b.memberId)
      .run();
    expect(await refused(await upgrade(wsPath(roomId), offering(b.accessToken)))).toEqual({
      status: 401,
      code: 'MEMBER_GONE',
    });
  });

  it('refuses a token offered without ongi.chat.v1, a plain GET, and another site', async () => {
    const { a, roomId } = await matchedPair();
    expect((await refused(await upgrade(wsPath(roomId), offering(a.accessToken, [])))).status).toBe(400);
    const plain = await SELF.fetch(`${ORIGIN}${wsPath(roomId)}`, { headers: offering(a.accessToken) });
    expect(await refused(plain)).toEqual({ status: 400, code: 'UPGRADE_REQUIRED' });
    const crossSite = await upgrade(wsPath(roomId), { ...offering(a.accessToken), Origin: 'https://evil.example' });
    expect((await refused(crossSite)).status).toBe(403);
  });
});

describe('the live channel opened with the access token', () => {
  const livePath = '/api/on/chat-live/ws';

  it('selects ongi.chat.v1 without echoing the token and brings the member’s room updates', async () => {
    const { a, b, roomId } = await matchedPair();
    const res = await upgrade(livePath, offering(b.accessToken));
    expect(res.status).toBe(101);
    expect(res.headers.get('Sec-WebSocket-Protocol')).toBe(CHAT_SOCKET_PROTOCOL);
    if (!res.webSocket) throw new Error('no socket');
    const live = new TestSocket<LiveServerFrame>(res.webSocket);
    const sa = await openRoom(a, roomId);
    sa.send('라이브 채널도 토큰으로요');
    await live.until(() => live.of('room').some((n) => n.chatRoomId === roomId && n.messageCount === 1));
    // Not single use: the same token opens it again (another tab, a reconnect).
    const again = await upgrade(livePath, offering(b.accessToken));
    expect(again.status).toBe(101);
    again.webSocket?.accept();
    again.webSocket?.close(1000, 'done');
    for (const s of [sa, live]) s.close();
  });

  it('refuses a bad token with 401, a banned member with 403, no ongi.chat.v1 with 400 and another site with 403', async () => {
    const { a, b } = await matchedPair();
    const ticket = (await issueTicket(env, a.memberId, 'live', new Date())).ticket;
    for (const token of [`${a.accessToken.slice(0, -4)}AAAA`, ticket, '']) {
      expect((await refused(await upgrade(livePath, offering(token)))).status).toBe(401);
    }
    expect((await refused(await upgrade(livePath, offering(a.accessToken, [])))).status).toBe(400);
    const crossSite = await upgrade(livePath, { ...offering(a.accessToken), Origin: 'https://evil.example' });
    expect((await refused(crossSite)).status).toBe(403);
    await env.DB.prepare(`UPDATE members SET status = 'BANNED' WHERE id = ?`).bind(b.memberId).run();
    expect(await refused(await upgrade(livePath, offering(b.accessToken)))).toEqual({
      status: 403,
      code: 'MEMBER_BANNED',
    });
  });
});
