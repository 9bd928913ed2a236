// Ban: the admin area calls disconnectMember, which must drop the member's sockets at once.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CHAT_CLOSE } from '../../src/contract/chat';
import { disconnectMember } from '../../src/areas/chat/rooms-api';
import { makeDb } from '../../src/lib/db';
import { matchedPair, openLive, openRoom, roomTicket, upgrade } from '../helpers/chat';

describe('disconnectMember', () => {
  it("closes a banned member's room and live sockets at once and leaves the other member connected", async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, sb, liveA] = await Promise.all([openRoom(a, roomId), openRoom(b, roomId), openLive(a)]);
    const ticket = await roomTicket(a, roomId);
    await env.DB.prepare(`UPDATE members SET status = 'BANNED' WHERE id = ?`).bind(a.memberId).run();
    await disconnectMember(env, makeDb(env.DB), a.memberId);

    expect((await sa.waitClosed()).code).toBe(CHAT_CLOSE.disconnected);
    expect((await liveA.waitClosed()).code).toBe(CHAT_CLOSE.disconnected);
    // b is still connected and can talk (the room is not closed by a disconnect alone).
    sb.send('여보세요?');
    const [echo] = await sb.waitFor('message');
    expect(echo?.senderId).toBe(b.memberId);
    expect(sb.closed).toBeNull();

    // A ticket issued before the ban no longer opens a socket.
    const res = await upgrade(`/api/on/chat-rooms/${roomId}/ws?ticket=${encodeURIComponent(ticket)}`);
    expect(res.status).toBe(401);
    sb.close();
  });
});
