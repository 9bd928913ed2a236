// The room list (one D1 query fed by the rooms' summaries), unread counts and the read marker,
// live notices on the member channel, and rooms that end (leave, block, withdrawal).
import { env, runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/contract/chat';
import { closeRoomsBetween, recentMessages } from '../../src/areas/chat/rooms-api';
import { chatRoomStub } from '../../src/areas/chat/stubs';
import { makeDb } from '../../src/lib/db';
import { getAs, matchedPair, openLive, openRoom, postAs, roomList } from '../helpers/chat';

// Summaries of a busy room are written at most every 2 s (SUMMARY_MIN_INTERVAL_MS): allow for it.
describe('the room list', { timeout: 15_000 }, () => {
  it('lists rooms newest conversation first with the opponent, last message and unread count', async () => {
    const first = await matchedPair();
    const a = first.a;
    const second = await matchedPair();
    // a also matches with second.b: a asks, second.b accepts.
    const req = await postAs(a, `/api/on/matching/request/${second.b.memberId}`);
    const { matchingId } = await req.json<{ matchingId: number }>();
    const accepted = await postAs(second.b, `/api/on/chat-rooms/matchings/${matchingId}/accept`);
    const newer = (await accepted.json<{ chatRoomId: number }>()).chatRoomId;

    // The newer room comes first before any message; a message in the older room lifts it.
    expect((await roomList(a)).map((r) => r.chatRoomId)).toEqual([newer, first.roomId]);
    const sb = await openRoom(first.b, first.roomId);
    sb.send('먼저 인사드려요 :)');
    await sb.waitFor('message');
    const live = await openLive(a);
    sb.send('잘 지내셨어요?');
    await live.until(() => live.of('room').some((n) => n.messageCount === 2));

    const rooms = await roomList(a);
    expect(rooms.map((r) => r.chatRoomId)).toEqual([first.roomId, newer]);
    expect(rooms[0]).toMatchObject({
      matchingId: first.matchingId,
      opponentMemberId: first.b.memberId,
      opponentId: first.b.memberId,
      opponentNickname: '이바다',
      opponentWithdrawn: false,
      unreadMessageCount: 2,
      lastMessage: '잘 지내셨어요?',
      messageCount: 2,
      closedReason: null,
    });
    expect(rooms[0]?.lastMessageAt).toBeTruthy();
    sb.close();
    live.close();
  });

  it('counts unread for the member who is not in the room and resets it when they read', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, liveB] = await Promise.all([openRoom(a, roomId), openLive(b)]);
    sa.send('하나');
    sa.send('둘');
    // Summaries of quick messages may be merged into one write: wait for the one that covers both.
    await liveB.until(() => liveB.of('room').some((n) => n.messageCount === 2));
    expect(liveB.of('room').at(-1)?.unreadMessageCount).toBe(2);
    expect((await roomList(b))[0]?.unreadMessageCount).toBe(2);
    expect((await roomList(a))[0]?.unreadMessageCount).toBe(0);

    const read = await postAs(b, `/api/on/chat-rooms/${roomId}/read`);
    expect(read.status).toBe(200);
    expect((await roomList(b))[0]?.unreadMessageCount).toBe(0);
    await liveB.waitFor('read');
    sa.close();
    liveB.close();
  });

  it('does not count messages as unread while the recipient has the room open', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, sb, liveB] = await Promise.all([openRoom(a, roomId), openRoom(b, roomId), openLive(b)]);
    sa.send('보고 있죠?');
    await sb.waitFor('message');
    // Once that message's summary is in D1 (polled through the list), b leaves the room view. Both
    // are in the room, so the summary waits the long interval: its alarm writes it now.
    await runDurableObjectAlarm(chatRoomStub(env, roomId));
    for (let i = 0; i < 100 && (await roomList(b))[0]?.messageCount !== 1; i++);
    expect((await roomList(b))[0]).toMatchObject({ messageCount: 1, unreadMessageCount: 0 });
    sb.close();
    await sb.waitClosed();
    sa.send('어디 갔어요?');
    await liveB.until(() => liveB.of('room').some((n) => n.messageCount === 2));
    const notice = liveB.of('room').find((n) => n.messageCount === 2);
    expect(notice).toMatchObject({ unreadMessageCount: 1, lastMessage: '어디 갔어요?' });
    expect((await roomList(b))[0]?.unreadMessageCount).toBe(1);
    sa.close();
    liveB.close();
  });

  it("shows a withdrawn opponent as '탈퇴한 회원' without a photo and keeps the history readable", async () => {
    const { a, b, roomId } = await matchedPair();
    const sb = await openRoom(b, roomId);
    sb.send('마지막 인사예요');
    await sb.waitFor('message');
    sb.close();
    await env.DB.prepare(`UPDATE members SET deleted_at = ?, name = '탈퇴한 회원' WHERE id = ?`)
      .bind(new Date().toISOString(), b.memberId)
      .run();
    const [room] = await roomList(a);
    expect(room).toMatchObject({
      opponentNickname: '탈퇴한 회원',
      opponentWithdrawn: true,
      opponentProfileImageUrl: null,
    });
    const history = await (await getAs(a, `/api/on/chat-rooms/${roomId}/messages`)).json<ChatMessage[]>();
    expect(history.map((m) => m.content)).toEqual(['마지막 인사예요']);
  });
});

describe('rooms that end', { timeout: 15_000 }, () => {
  it('leaving closes the room for both: sockets are told and closed, sending is refused, the other side sees it ended', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, sb, liveB] = await Promise.all([openRoom(a, roomId), openRoom(b, roomId), openLive(b)]);
    const left = await postAs(a, `/api/on/chat-rooms/${roomId}/leave`);
    expect(left.status).toBe(200);

    const [closedFrame] = await sb.waitFor('closed');
    expect(closedFrame).toMatchObject({ chatRoomId: roomId, reason: 'LEFT' });
    expect((await sb.waitClosed()).code).toBe(4409);
    expect((await sa.waitClosed()).code).toBe(4409);
    const [notice] = await liveB.waitFor('room-closed');
    expect(notice).toMatchObject({ chatRoomId: roomId, reason: 'LEFT' });

    // The leaver no longer lists it; the other side sees the conversation ended.
    expect(await roomList(a)).toEqual([]);
    expect((await roomList(b))[0]).toMatchObject({ chatRoomId: roomId, closedReason: 'LEFT' });

    // A fresh socket is told at once and cannot send.
    const again = await openRoom(b, roomId);
    expect(again.of('ready')[0]?.closedReason).toBe('LEFT');
    again.send('아직 거기 있어요?');
    const [error] = await again.waitFor('error');
    expect(error?.code).toBe('ROOM_CLOSED');
    expect(await (await getAs(b, `/api/on/chat-rooms/${roomId}/messages`)).json()).toEqual([]);
    again.close();
    liveB.close();
  });

  it('closeRoomsBetween (a block) closes their open room and tells connected clients', async () => {
    const { a, b, roomId } = await matchedPair();
    const sb = await openRoom(b, roomId);
    await closeRoomsBetween(env, makeDb(env.DB), a.memberId, b.memberId, 'BLOCKED', new Date().toISOString());
    const [frame] = await sb.waitFor('closed');
    expect(frame?.reason).toBe('BLOCKED');
    expect((await sb.waitClosed()).code).toBe(4409);
    expect(await roomList(a)).toEqual([]);
    expect((await roomList(b))[0]?.closedReason).toBe('BLOCKED');
  });

  it('recentMessages returns the stored messages, oldest first, for report checks', async () => {
    const { a, roomId } = await matchedPair();
    const sa = await openRoom(a, roomId);
    for (const text of ['첫째', '둘째', '셋째']) sa.send(text);
    await sa.waitFor('message', 3);
    const recent = await recentMessages(env, roomId, 2);
    expect(recent.map((m) => [m.senderId, m.content])).toEqual([
      [a.memberId, '둘째'],
      [a.memberId, '셋째'],
    ]);
    sa.close();
  });
});
