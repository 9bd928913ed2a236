// The room list's summary (last message, count, unread) survives the runtime dying between a
// message and its D1 write, and a room whose D1 summary is behind its history repairs itself.
import { abortAllDurableObjects, env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/contract/chat';
import { writeRoomSummary } from '../../src/areas/chat/repo';
import { SUMMARY_MIN_INTERVAL_MS } from '../../src/areas/chat/room-summary';
import { chatRoomStub } from '../../src/areas/chat/stubs';
import { makeDb } from '../../src/lib/db';
import { getAs, matchedPair, openLive, openRoom, roomList, within } from '../helpers/chat';

describe('room summary durability', { timeout: 15_000 }, () => {
  it('a message whose summary was still waiting when the runtime died reaches the room list after restart', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, liveB] = await Promise.all([openRoom(a, roomId), openLive(b)]);
    sa.send('하나');
    // The first message after a quiet spell is written at once; wait until it is in D1.
    await liveB.until(() => liveB.of('room').some((n) => n.messageCount === 1));
    // The second one falls inside the interval, so its summary waits…
    sa.send('둘');
    await sa.waitFor('message', 2);
    // …and the runtime dies before it is written.
    await abortAllDurableObjects();

    // After the restart the pending summary is still there and its alarm writes it.
    await runDurableObjectAlarm(chatRoomStub(env, roomId));
    const history = await (await getAs(b, `/api/on/chat-rooms/${roomId}/messages`)).json<ChatMessage[]>();
    expect(history.map((m) => m.content)).toEqual(['하나', '둘']);
    expect((await roomList(b))[0]).toMatchObject({ lastMessage: '둘', messageCount: 2, unreadMessageCount: 2 });
    expect((await roomList(a))[0]).toMatchObject({ lastMessage: '둘', messageCount: 2, unreadMessageCount: 0 });
  });

  it('a room whose D1 summary is behind its history (and has no flush scheduled) repairs itself when touched', async () => {
    const { a, b, roomId } = await matchedPair();
    const liveB = await openLive(b);
    const sa = await openRoom(a, roomId);
    sa.send('처음 인사');
    await liveB.until(() => liveB.of('room').some((n) => n.messageCount === 1));
    sa.close();
    await sa.waitClosed();
    // A message stored without any summary on its way (as before this fix, when the in-memory
    // timer died with the process), and no alarm left.
    const stub = chatRoomStub(env, roomId);
    await runInDurableObject(stub, async (_room, state) => {
      const at = new Date();
      state.storage.sql.exec(
        'INSERT INTO messages (sender_id, content, sent_at, sent_ms, client_msg_id) VALUES (?, ?, ?, ?, ?)',
        a.memberId,
        '잃어버린 요약',
        at.toISOString(),
        at.getTime(),
        crypto.randomUUID(),
      );
      await state.storage.deleteAlarm();
    });
    expect((await roomList(b))[0]).toMatchObject({ messageCount: 1 });

    // Reading the history touches the room: it notices and schedules the flush.
    const history = await (await getAs(b, `/api/on/chat-rooms/${roomId}/messages`)).json<ChatMessage[]>();
    expect(history.map((m) => m.content)).toEqual(['처음 인사', '잃어버린 요약']);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await roomList(b))[0]).toMatchObject({ lastMessage: '잃어버린 요약', messageCount: 2 });
    liveB.close();
  });

  it('writes the first message after a quiet spell at once and a busy room at most once per interval', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, liveB] = await Promise.all([openRoom(a, roomId), openLive(b)]);
    sa.send('조용하다가 첫 메시지');
    await within(
      1_000,
      'first summary',
      liveB.until(() => liveB.of('room').some((n) => n.messageCount === 1)),
    );
    sa.send('바로 이어서');
    await sa.waitFor('message', 2);
    const { alarm, startedMs } = await runInDurableObject(chatRoomStub(env, roomId), async (_room, state) => ({
      alarm: await state.storage.getAlarm(),
      startedMs: state.storage.sql.exec<{ ms: number }>('SELECT flush_started_ms AS ms FROM summary_state').one().ms,
    }));
    // The second write waits for the interval, counted from the start of the first one.
    expect(alarm).toBe(startedMs + SUMMARY_MIN_INTERVAL_MS);
    sa.close();
    liveB.close();
  });

  it('writing the same summary again (a retry after a crash) counts no message unread twice', async () => {
    const { a, b, roomId } = await matchedPair();
    const db = makeDb(env.DB);
    const summary = (count: number, unreadIds: number[]) => ({
      lastMessage: `메시지 ${count}`,
      lastMessageAt: new Date().toISOString(),
      lastSenderId: a.memberId,
      messageCount: count,
      unread: new Map([[b.memberId, unreadIds]]),
    });
    expect((await writeRoomSummary(db, roomId, summary(2, [1, 2]), true)).get(b.memberId)).toBe(2);
    // The same write again, then one that also carries the two already counted.
    expect((await writeRoomSummary(db, roomId, summary(2, [1, 2]), true)).get(b.memberId)).toBe(2);
    expect((await writeRoomSummary(db, roomId, summary(3, [1, 2, 3]), true)).get(b.memberId)).toBe(3);
    expect((await roomList(b))[0]).toMatchObject({ messageCount: 3, lastMessage: '메시지 3', unreadMessageCount: 3 });
  });
});
