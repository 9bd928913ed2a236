// Issue 21 §9 and §11: the read goes through the room, in order with its pending summary write, so
// a burst still waiting for that write never comes back as unread; and D1's room list is rebuilt
// from the room's own store when a room is read or touched (an emptied or stale summary, an unread
// count off by n, a missing chat_room_members row).
import { abortAllDurableObjects, env, runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { chatRoomStub } from '../../src/areas/chat/stubs';
import { matchedPair, openLive, openRoom, postAs, roomList } from '../helpers/chat';
import { eventually } from '../helpers/notifications';

const d1Room = (roomId: number) =>
  env.DB.prepare('SELECT last_message, message_count FROM chat_rooms WHERE id = ?')
    .bind(roomId)
    .first<{ last_message: string | null; message_count: number }>();
const d1Unread = async (roomId: number) =>
  (
    await env.DB.prepare('SELECT member_id, unread_count FROM chat_room_members WHERE room_id = ? ORDER BY member_id')
      .bind(roomId)
      .all<{ member_id: number; unread_count: number }>()
  ).results;

describe('reading a room (issue 21 §9)', { timeout: 20_000 }, () => {
  it('a burst whose summary is still waiting when the member opens the room does not come back as unread', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, liveB] = await Promise.all([openRoom(a, roomId), openLive(b)]);
    sa.send('하나');
    // The first message after a quiet spell is written at once…
    await liveB.until(() => liveB.of('room').some((n) => n.messageCount === 1));
    // …the burst right after it waits for the room's next summary write.
    sa.send('둘');
    sa.send('셋');
    await sa.waitFor('message', 3);
    expect((await d1Room(roomId))?.message_count).toBe(1);

    // B opens the room as the page does: read, then the socket.
    expect((await postAs(b, `/api/on/chat-rooms/${roomId}/read`)).status).toBe(200);
    const sb = await openRoom(b, roomId);
    // The waiting summary lands after the read: it must not add the burst back as unread.
    await runDurableObjectAlarm(chatRoomStub(env, roomId));
    const rooms = await eventually(
      () => roomList(b),
      (r) => r[0]?.messageCount === 3,
    );
    expect(rooms[0]).toMatchObject({ lastMessage: '셋', messageCount: 3, unreadMessageCount: 0 });
    expect((await roomList(a))[0]).toMatchObject({ messageCount: 3, unreadMessageCount: 0 });
    sa.close();
    sb.close();
    liveB.close();
  });
});

describe('opening a room after a read (issue 21 §9)', { timeout: 20_000 }, () => {
  it('a message counted unread between the page’s read and its socket is read once the socket opens', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, liveB] = await Promise.all([openRoom(a, roomId), openLive(b)]);
    sa.send('하나');
    await liveB.until(() => liveB.of('room').some((n) => n.messageCount === 1));
    expect((await postAs(b, `/api/on/chat-rooms/${roomId}/read`)).status).toBe(200);
    // A message right after the read, counted unread for B in D1 before B's socket opens.
    sa.send('둘');
    await sa.waitFor('message', 2);
    await runDurableObjectAlarm(chatRoomStub(env, roomId));
    await liveB.until(() => liveB.of('room').some((n) => n.messageCount === 2));
    expect((await roomList(b))[0]?.unreadMessageCount).toBe(1);

    // The socket opens: the page shows both messages, and the room list agrees.
    const sb = await openRoom(b, roomId);
    await runDurableObjectAlarm(chatRoomStub(env, roomId));
    const rooms = await eventually(
      () => roomList(b),
      (r) => r[0]?.unreadMessageCount === 0,
    );
    expect(rooms[0]).toMatchObject({ messageCount: 2, unreadMessageCount: 0 });
    sa.close();
    sb.close();
    liveB.close();
  });
});

describe('reconciling D1 with the room (issue 21 §11)', { timeout: 20_000 }, () => {
  it('a read rebuilds an emptied summary and a missing member row with its unread count from the room', async () => {
    const { a, b, roomId } = await matchedPair();
    const sa = await openRoom(a, roomId);
    for (const text of ['하나', '둘', '셋']) sa.send(text);
    await sa.waitFor('message', 3);
    await runDurableObjectAlarm(chatRoomStub(env, roomId));
    await eventually(
      () => d1Room(roomId),
      (r) => r?.message_count === 3,
    );
    // D1 drifts: the summary emptied, B's member row gone.
    await env.DB.batch([
      env.DB.prepare(
        'UPDATE chat_rooms SET last_message = NULL, last_message_at = NULL, last_sender_id = NULL, message_count = 0 WHERE id = ?',
      ).bind(roomId),
      env.DB.prepare('DELETE FROM chat_room_members WHERE room_id = ? AND member_id = ?').bind(roomId, b.memberId),
    ]);
    expect(await roomList(b)).toEqual([]);

    // A reads the room: the room rewrites what differs from its own store.
    expect((await postAs(a, `/api/on/chat-rooms/${roomId}/read`)).status).toBe(200);
    expect(await d1Room(roomId)).toEqual({ last_message: '셋', message_count: 3 });
    expect((await roomList(b))[0]).toMatchObject({ lastMessage: '셋', messageCount: 3, unreadMessageCount: 3 });
    expect((await roomList(a))[0]).toMatchObject({ messageCount: 3, unreadMessageCount: 0 });
    sa.close();
  });

  it('a room touched after a restart repairs a stale summary and an unread count off by n', async () => {
    const { a, b, roomId } = await matchedPair();
    const sa = await openRoom(a, roomId);
    for (const text of ['하나', '둘']) sa.send(text);
    await sa.waitFor('message', 2);
    await runDurableObjectAlarm(chatRoomStub(env, roomId));
    await eventually(
      () => d1Room(roomId),
      (r) => r?.message_count === 2,
    );
    sa.close();
    await sa.waitClosed();
    // D1 drifts behind the room's back (nothing the room remembers writing): a stale summary,
    // B's unread count off by 5 and A's (who sent everything) off by 4.
    await env.DB.batch([
      env.DB.prepare("UPDATE chat_rooms SET last_message = '옛날 메시지', message_count = 1 WHERE id = ?").bind(roomId),
      env.DB.prepare('UPDATE chat_room_members SET unread_count = 7 WHERE room_id = ? AND member_id = ?').bind(
        roomId,
        b.memberId,
      ),
      env.DB.prepare('UPDATE chat_room_members SET unread_count = 4 WHERE room_id = ? AND member_id = ?').bind(
        roomId,
        a.memberId,
      ),
    ]);
    await abortAllDurableObjects();

    // The first touch of the restarted room (A's socket) has its alarm reconcile D1 once.
    const again = await openRoom(a, roomId);
    await runDurableObjectAlarm(chatRoomStub(env, roomId));
    const rows = await eventually(
      () => d1Unread(roomId),
      (r) => r.every((x) => x.unread_count !== 7 && x.unread_count !== 4),
    );
    expect(rows).toEqual(
      [
        { member_id: a.memberId, unread_count: 0 },
        { member_id: b.memberId, unread_count: 2 },
      ].sort((x, y) => x.member_id - y.member_id),
    );
    expect(await d1Room(roomId)).toEqual({ last_message: '둘', message_count: 2 });
    again.close();
  });

  it('a restarted room whose D1 list already agrees owes no reconcile: its connect sets no alarm', async () => {
    const { a, b, roomId } = await matchedPair();
    const sa = await openRoom(a, roomId);
    const sb = await openRoom(b, roomId);
    sa.send('안녕하세요');
    await sb.waitFor('message', 1);
    // The summary's alarm (due in the long interval: both are in the room) runs now.
    expect(await runDurableObjectAlarm(chatRoomStub(env, roomId))).toBe(true);
    expect(await d1Room(roomId)).toEqual({ last_message: '안녕하세요', message_count: 1 });
    await abortAllDurableObjects();

    // The connect's own D1 read (repo.findMemberAndRoom) agrees with the store: nothing to write.
    const again = await openRoom(b, roomId);
    expect(await runDurableObjectAlarm(chatRoomStub(env, roomId))).toBe(false);
    again.close();
  });
});
