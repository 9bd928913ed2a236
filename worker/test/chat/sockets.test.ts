// Two real sockets on one room: delivery, storage before broadcast, history, and who may connect.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS, type ChatMessage } from '../../src/contract/chat';
import { issueTicket } from '../../src/areas/chat/ticket';
import { signUpMember } from '../helpers/auth';
import { getAs, matchedPair, openRoom, postAs, roomList, roomTicket, upgrade } from '../helpers/chat';
import { eventually } from '../helpers/notifications';

const wsPath = (roomId: number, ticket: string) =>
  `/api/on/chat-rooms/${roomId}/ws?ticket=${encodeURIComponent(ticket)}`;

describe('a room with two connected members', () => {
  it('delivers a message to both sockets with the sender taken from the ticket', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, sb] = await Promise.all([openRoom(a, roomId), openRoom(b, roomId)]);
    const clientMsgId = sa.send('  안녕하세요, 반가워요!  ');
    const [toB] = await sb.waitFor('message');
    const [echo] = await sa.waitFor('message');
    expect(toB).toMatchObject({
      senderId: a.memberId,
      content: '안녕하세요, 반가워요!',
      clientMsgId,
      chatRoomId: roomId,
    });
    // The sender's copy also says b, in the room, has read it (read receipts).
    expect(echo).toEqual({ ...toB, readOnArrival: true });
    expect(new Date(toB?.sentAt ?? '').getTime()).not.toBeNaN();
    sa.close();
    sb.close();
  });

  it('refuses a frame that tries to name its own sender', async () => {
    const { a, b, roomId } = await matchedPair();
    const sb = await openRoom(b, roomId);
    sb.sendRaw(JSON.stringify({ type: 'send', content: '가짜', clientMsgId: 'x1', senderId: a.memberId }));
    const [error] = await sb.waitFor('error');
    expect(error?.code).toBe('BAD_FRAME');
    expect(sb.of('message')).toHaveLength(0);
    sb.close();
  });

  it('stores messages and pages history oldest → newest, older pages with before=', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, sb] = await Promise.all([openRoom(a, roomId), openRoom(b, roomId)]);
    const texts = ['하나', '둘', '셋', '넷', '다섯', '여섯'];
    for (const [i, text] of texts.entries()) {
      (i % 2 === 0 ? sa : sb).send(text);
      await sa.waitFor('message', i + 1);
    }
    const all = await (await getAs(b, `/api/on/chat-rooms/${roomId}/messages`)).json<ChatMessage[]>();
    expect(all.map((m) => m.content)).toEqual(texts);
    expect(all.map((m) => m.senderId)).toEqual(texts.map((_, i) => (i % 2 === 0 ? a.memberId : b.memberId)));

    const latest = await (await getAs(a, `/api/on/chat-rooms/${roomId}/messages?limit=4`)).json<ChatMessage[]>();
    expect(latest.map((m) => m.content)).toEqual(['셋', '넷', '다섯', '여섯']);
    const older = await (
      await getAs(a, `/api/on/chat-rooms/${roomId}/messages?before=${latest[0]?.id}&limit=4`)
    ).json<ChatMessage[]>();
    expect(older.map((m) => m.content)).toEqual(['하나', '둘']);
    sa.close();
    sb.close();
  });

  it('stores a resent message once: the same clientMsgId answers the stored message again', async () => {
    const { a, b, roomId } = await matchedPair();
    const sa = await openRoom(a, roomId);
    sa.send('한 번만 저장돼요', 'resend-1');
    const [first] = await sa.waitFor('message');
    sa.close();
    const again = await openRoom(a, roomId);
    again.send('한 번만 저장돼요', 'resend-1');
    const [second] = await again.waitFor('message');
    expect(second?.id).toBe(first?.id);
    const all = await (await getAs(b, `/api/on/chat-rooms/${roomId}/messages`)).json<ChatMessage[]>();
    expect(all).toHaveLength(1);
    again.close();
  });

  it('a resend takes no id: the room list’s messageCount is the number of messages (issue 21 §12)', async () => {
    const { a, b, roomId } = await matchedPair();
    const sa = await openRoom(a, roomId);
    sa.send('첫 번째', 'count-1');
    await sa.waitFor('message', 1);
    sa.send('첫 번째', 'count-1'); // the echo was lost: the page sends it again
    sa.send('첫 번째', 'count-1');
    await sa.waitFor('message', 3);
    sa.send('두 번째', 'count-2');
    const frames = await sa.waitFor('message', 4);
    expect(frames.map((f) => f.id)).toEqual([1, 1, 1, 2]);
    sa.close();
    const count = await eventually(
      async () => (await roomList(b)).find((r) => r.chatRoomId === roomId)?.messageCount,
      (n) => n === 2,
      8_000,
    );
    expect(count).toBe(2);
  });

  it('refuses blank and over-long messages with error frames and stores neither', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, sb] = await Promise.all([openRoom(a, roomId), openRoom(b, roomId)]);
    const blankId = sa.send('   \n  ');
    const longId = sa.send('가'.repeat(CHAT_LIMITS.messageMaxChars + 1));
    sa.send('가'.repeat(CHAT_LIMITS.messageMaxChars));
    const errors = await sa.waitFor('error', 2);
    expect(errors.map((e) => [e.code, e.clientMsgId])).toEqual([
      ['BLANK', blankId],
      ['TOO_LONG', longId],
    ]);
    expect(errors[1]?.message).toContain('1,000자');
    const [delivered] = await sb.waitFor('message');
    expect(delivered?.content).toHaveLength(CHAT_LIMITS.messageMaxChars);
    const all = await (await getAs(a, `/api/on/chat-rooms/${roomId}/messages`)).json<ChatMessage[]>();
    expect(all).toHaveLength(1);
    sa.close();
    sb.close();
  });

  it('rate-limits a member to the burst per window; resends are still answered; the other member can still send', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, sb] = await Promise.all([openRoom(a, roomId), openRoom(b, roomId)]);
    const ids = Array.from({ length: CHAT_LIMITS.sendBurst + 1 }, (_, i) => sa.send(`메시지 ${i}`));
    const [error] = await sa.waitFor('error');
    expect(error).toMatchObject({ code: 'RATE_LIMITED', clientMsgId: ids[CHAT_LIMITS.sendBurst] });
    await sa.waitFor('message', CHAT_LIMITS.sendBurst);

    // A resend of a stored message is answered with that message, limit or not.
    const first = ids[0] ?? '';
    sa.send('메시지 0', first);
    await sa.until(() => sa.of('message').filter((m) => m.clientMsgId === first).length === 2);
    expect(sa.of('error')).toHaveLength(1);

    sb.send('저는 보낼 수 있어요');
    await sa.until(() => sa.of('message').some((m) => m.senderId === b.memberId));
    const stored = await (await getAs(a, `/api/on/chat-rooms/${roomId}/messages`)).json<ChatMessage[]>();
    expect(stored.filter((m) => m.senderId === a.memberId)).toHaveLength(CHAT_LIMITS.sendBurst);
    sa.close();
    sb.close();
  });
});

describe('who may open a room socket', () => {
  it('gives a third member no ticket, no history and no read marker (404)', async () => {
    const { roomId } = await matchedPair();
    const stranger = await signUpMember({ name: '박낯선' });
    for (const path of ['ws-ticket', 'read', 'leave']) {
      expect((await postAs(stranger, `/api/on/chat-rooms/${roomId}/${path}`)).status).toBe(404);
    }
    expect((await getAs(stranger, `/api/on/chat-rooms/${roomId}/messages`)).status).toBe(404);
  });

  it("refuses a third member's socket even with a validly signed ticket for that room", async () => {
    const { roomId } = await matchedPair();
    const stranger = await signUpMember({ name: '박낯선' });
    const { ticket } = await issueTicket(env, stranger.memberId, `room:${roomId}`, new Date());
    const res = await upgrade(wsPath(roomId, ticket));
    expect(res.status).toBe(404);
    expect(res.webSocket).toBeNull();
  });

  it('refuses a missing, forged, expired, other-room or reused ticket', async () => {
    const { a, roomId } = await matchedPair();
    const other = await matchedPair();

    const missing = await upgrade(`/api/on/chat-rooms/${roomId}/ws`);
    expect(missing.status).toBe(401);
    expect((await missing.json<{ code: string }>()).code).toBe('WS_TICKET_MISSING');

    const forged = await upgrade(wsPath(roomId, a.accessToken));
    expect((await forged.json<{ code: string }>()).code).toBe('WS_TICKET_INVALID');

    const stale = await issueTicket(env, a.memberId, `room:${roomId}`, new Date(Date.now() - 60_000));
    const expired = await upgrade(wsPath(roomId, stale.ticket));
    expect(expired.status).toBe(401);

    const elsewhere = await upgrade(
      wsPath(other.roomId, await roomTicket(other.a, other.roomId)).replace(`/${other.roomId}/`, `/${roomId}/`),
    );
    expect(elsewhere.status).toBe(401);

    const ticket = await roomTicket(a, roomId);
    const first = await upgrade(wsPath(roomId, ticket));
    expect(first.status).toBe(101);
    first.webSocket?.accept();
    const reused = await upgrade(wsPath(roomId, ticket));
    expect(reused.status).toBe(401);
    expect((await reused.json<{ code: string }>()).code).toBe('WS_TICKET_USED');
    first.webSocket?.close(1000, 'done');
  });

  it('answers a plain GET of the socket path (no upgrade) with 400', async () => {
    const { a, roomId } = await matchedPair();
    const res = await getAs(a, wsPath(roomId, await roomTicket(a, roomId)));
    expect(res.status).toBe(400);
  });

  it('refuses a socket opened from another site', async () => {
    const { a, roomId } = await matchedPair();
    const res = await upgrade(wsPath(roomId, await roomTicket(a, roomId)), { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });
});
