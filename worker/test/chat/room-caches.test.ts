// What the room object keeps in memory for speed (docs/chat.md "Shape") is only a cache of
// its SQLite: the send limit still holds after the object restarts, a resend is still answered
// once, and the summary interval follows who is in the room.
import { abortAllDurableObjects, env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS, type ChatMessage } from '../../src/contract/chat';
import {
  SUMMARY_MIN_INTERVAL_MS,
  SUMMARY_PRESENT_INTERVAL_MS,
  SUMMARY_PRESENT_SPREAD_MS,
  RoomSummary,
  presentSpreadOf,
} from '../../src/areas/chat/room-summary';
import { RoomStore } from '../../src/areas/chat/room-store';
import { SpentTickets } from '../../src/areas/chat/spent-tickets';
import { readSchema } from '../../src/areas/chat/sql-schema';
import { chatRoomStub } from '../../src/areas/chat/stubs';
import { getAs, matchedPair, openRoom, roomList } from '../helpers/chat';

const alarmState = (roomId: number) =>
  runInDurableObject(chatRoomStub(env, roomId), async (_room, state) => ({
    alarm: await state.storage.getAlarm(),
    startedMs: state.storage.sql.exec<{ ms: number }>('SELECT flush_started_ms AS ms FROM summary_state').one().ms,
  }));

describe('the summary spread while both members are present', () => {
  it('gives each room a fixed share of the spread, within it, different across rooms', () => {
    const ids = Array.from({ length: 200 }, (_, i) => chatRoomStub(env, i + 1).id.toString());
    const spreads = ids.map(presentSpreadOf);
    expect(spreads.every((s) => Number.isInteger(s) && s >= 0 && s < SUMMARY_PRESENT_SPREAD_MS)).toBe(true);
    expect(ids.map(presentSpreadOf)).toEqual(spreads);
    expect(new Set(spreads).size).toBeGreaterThan(150);
    // Spread over the whole range, not bunched: every tenth of it holds some rooms.
    const tenths = new Set(spreads.map((s) => Math.floor((s / SUMMARY_PRESENT_SPREAD_MS) * 10)));
    expect(tenths.size).toBe(10);
  });
});

describe('when the summary is written', () => {
  it('after a quiet spell: at once with a member away, the present interval and the room’s spread with both present', async () => {
    // A fresh room object's storage: D1 has nothing of message 1 yet, no write has started.
    await runInDurableObject(chatRoomStub(env, 9_999_001), (_room, state) => {
      const summary = new RoomSummary(state.storage.sql, 7_000);
      expect(summary.nextWriteAt(null, 1_000_000, true)).toBeNull();
      expect(summary.nextWriteAt(1, 1_000_000, false)).toBe(1_000_000);
      // The first write of a conversation waits like the ones after it (bench/chat/RESULTS.md, fifth round).
      expect(summary.nextWriteAt(1, 1_000_000, true)).toBe(1_000_000 + SUMMARY_PRESENT_INTERVAL_MS + 7_000);
      // Once a write started, the intervals count from it (both present: the long one and the spread).
      summary.begin(
        {
          id: 1,
          senderId: 1,
          content: '안녕하세요',
          sentAt: new Date(1_000_000).toISOString(),
          sentMs: 1_000_000,
          clientMsgId: null,
          imageKey: null,
          deletedMs: null,
          replyToId: null,
          safetyKinds: [],
          blurred: false,
          audioKey: null,
          durationMs: null,
          waveform: null,
        },
        1_007_000,
      );
      expect(summary.nextWriteAt(2, 1_008_000, false)).toBe(1_007_000 + SUMMARY_MIN_INTERVAL_MS);
      expect(summary.nextWriteAt(2, 1_008_000, true)).toBe(1_008_000 + SUMMARY_PRESENT_INTERVAL_MS + 7_000);
      expect(summary.nextWriteAt(2, 1_006_000, true)).toBe(1_007_000 + SUMMARY_PRESENT_INTERVAL_MS + 7_000);
    });
  });
});

describe('the room object’s in-memory copies', { timeout: 20_000 }, () => {
  it('keeps the send limit after the object restarts, and answers a resend without storing it twice', async () => {
    const { a, b, roomId } = await matchedPair();
    const sa = await openRoom(a, roomId);
    const ids = Array.from({ length: CHAT_LIMITS.sendBurst }, (_, i) => sa.send(`재시작 전 ${i}`));
    await sa.waitFor('message', CHAT_LIMITS.sendBurst);
    expect(sa.of('error')).toHaveLength(0);

    // The runtime dies: the object's memory (its send window among it) is gone.
    await abortAllDurableObjects();
    const again = await openRoom(a, roomId);
    const over = again.send('재시작 후 하나 더');
    await again.until(() => again.frames.some((f) => f.type === 'error' || f.type === 'message'));
    expect(again.of('message')).toHaveLength(0);
    expect(again.of('error')[0]).toMatchObject({ code: 'RATE_LIMITED', clientMsgId: over });
    // A resend of a stored message is answered with it, limit or not, and stored once.
    const first = ids[0] ?? '';
    again.send('재시작 전 0', first);
    const [echo] = await again.waitFor('message');
    expect(echo).toMatchObject({ clientMsgId: first, content: '재시작 전 0' });

    const stored = await (await getAs(b, `/api/on/chat-rooms/${roomId}/messages`)).json<ChatMessage[]>();
    expect(stored.map((m) => m.content)).toEqual(ids.map((_, i) => `재시작 전 ${i}`));
    again.close();
  });

  it('makes a new room’s tables whole at once, and gives an older room’s table the columns added since', async () => {
    const columns = (sql: SqlStorage) =>
      sql
        .exec<{ name: string }>("SELECT name FROM pragma_table_info('messages') ORDER BY name")
        .toArray()
        .map((r) => r.name);
    const fresh = await runInDurableObject(chatRoomStub(env, 9_999_002), (_room, state) => columns(state.storage.sql));
    expect(fresh).toEqual(expect.arrayContaining(['image_key', 'reply_to', 'safety_kinds', 'audio_key', 'call']));
    // A room from before those columns: the first table, its message and the index since dropped.
    await runInDurableObject(chatRoomStub(env, 9_999_003), (_room, state) => {
      const sql = state.storage.sql;
      sql.exec('DROP TABLE messages');
      sql.exec(`CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, sender_id INTEGER NOT NULL,
        content TEXT NOT NULL, sent_at TEXT NOT NULL, sent_ms INTEGER NOT NULL, client_msg_id TEXT)`);
      sql.exec('CREATE INDEX messages_sender_time ON messages (sender_id, sent_ms)');
      sql.exec(
        "INSERT INTO messages (sender_id, content, sent_at, sent_ms, client_msg_id) VALUES (7, '옛 메시지', '2026-01-02T03:04:05.000Z', 1, 'old-1')",
      );
      const store = new RoomStore(sql);
      expect(columns(sql)).toEqual(fresh);
      expect(sql.exec("SELECT name FROM sqlite_master WHERE name = 'messages_sender_time'").toArray()).toEqual([]);
      expect(store.latest()).toMatchObject({
        id: 1,
        senderId: 7,
        content: '옛 메시지',
        imageKey: null,
        replyToId: null,
      });
    });
  });

  it('answers a new room’s first reads from the tables it just made, and reads SQLite once it has stored', async () => {
    await runInDurableObject(chatRoomStub(env, 9_999_004), (_room, state) => {
      const sql = state.storage.sql;
      // The object's storage as it is before its first start: none of the store's tables.
      sql.exec('DROP TABLE messages; DROP TABLE reads; DROP TABLE room');
      const store = new RoomStore(sql);
      expect([store.info(), store.latest(), store.lastRead(1), store.unreadFor(1)]).toEqual([null, null, 0, 0]);
      const m = store.insert({
        senderId: 2,
        content: '처음 왔어요',
        sentAt: new Date(5_000),
        clientMsgId: 'c1',
        readOnArrival: true,
      });
      expect(m?.id).toBe(1);
      // A mark known before the message stays this instance's (the room moves it: noteReadOnArrival);
      // what it did not know yet comes from SQLite, with the message in it.
      expect(store.unreadFor(1)).toBe(1);
      expect(store.lastRead(3)).toBe(1);
      expect(store.unreadFor(2)).toBe(0);
      // An older room's store (its tables there) reads every answer.
      const again = new RoomStore(sql);
      expect([again.latest()?.id, again.lastRead(1), again.unreadFor(1)]).toEqual([1, 1, 0]);
    });
  });

  it('makes the tables of tickets and calls on their first write, and the rest of a new room at its first start', async () => {
    const tables = (sql: SqlStorage) =>
      sql
        .exec<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'",
        )
        .toArray()
        .map((r) => r.name)
        .sort();
    const { a, roomId } = await matchedPair();
    const sa = await openRoom(a, roomId); // a ticket's socket: spends one
    const made = await runInDurableObject(chatRoomStub(env, roomId), (_room, state) => tables(state.storage.sql));
    expect(made).toEqual(expect.arrayContaining(['messages', 'reads', 'room', 'safety_pending', 'spent_tickets']));
    expect(made.filter((t) => t.startsWith('call_'))).toEqual([]);
    // A lazily made table is made once, by its first write, and read from then on.
    const lazy = await runInDurableObject(chatRoomStub(env, 9_999_005), (_room, state) => {
      const sql = state.storage.sql;
      sql.exec('DROP TABLE IF EXISTS spent_tickets');
      const tickets = new SpentTickets(sql, readSchema(sql, 'messages'));
      const before = tables(sql).includes('spent_tickets');
      const first = tickets.spend('jti-1', Date.now() + 30_000, Date.now());
      const again = new SpentTickets(sql, readSchema(sql, 'messages')).spend('jti-1', Date.now() + 30_000, Date.now());
      return { before, after: tables(sql).includes('spent_tickets'), first, again };
    });
    expect(lazy).toEqual({ before: false, after: true, first: true, again: false });
    sa.close();
  });

  it('reads a cold send window back by id, past more than one page, up to the window’s start', async () => {
    const { a, b, roomId } = await matchedPair();
    // Stored before this instance: 10 of a's messages older than the window, then 70 of b's and 9
    // of a's inside it (the first pages read hold only b's).
    await runInDurableObject(chatRoomStub(env, roomId), async (_room, state) => {
      const now = Date.now();
      const insert = (sender: number, ms: number, i: number) =>
        state.storage.sql.exec(
          'INSERT INTO messages (sender_id, content, sent_at, sent_ms, client_msg_id) VALUES (?, ?, ?, ?, ?)',
          sender,
          `미리 ${i}`,
          new Date(ms).toISOString(),
          ms,
          `seed-${i}`,
        );
      let i = 0;
      for (let k = 0; k < 10; k++) insert(a.memberId, now - CHAT_LIMITS.sendWindowMs - 5_000, i++);
      for (let k = 0; k < 9; k++) insert(a.memberId, now - 1_000, i++);
      for (let k = 0; k < 70; k++) insert(b.memberId, now - 500, i++);
    });
    await abortAllDurableObjects();
    const sa = await openRoom(a, roomId);
    const allowed = sa.send('열 번째');
    await sa.waitFor('message');
    const over = sa.send('열한 번째');
    const [refused] = await sa.waitFor('error');
    expect(sa.of('message').map((m) => m.clientMsgId)).toEqual([allowed]);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', clientMsgId: over });
    // That one read gave b's window too (70 in it): b's first send is over the limit as well.
    const sb = await openRoom(b, roomId);
    const overB = sb.send('b도 한도 초과');
    const [refusedB] = await sb.waitFor('error');
    expect(refusedB).toMatchObject({ code: 'RATE_LIMITED', clientMsgId: overB });
    sb.close();
    sa.close();
  });

  it('keeps what was read on arrival after the object restarts, and nothing sent while away', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, sb] = await Promise.all([openRoom(a, roomId), openRoom(b, roomId)]);
    sa.send('보고 있죠?');
    sa.send('네 보고 있어요');
    const sent = await sa.waitFor('message', 2);
    // Read on arrival: the sender's copies say so (no separate read frames).
    expect(sent.map((m) => m.readOnArrival)).toEqual([true, true]);
    sb.close();
    await sb.waitClosed();
    await expect
      .poll(async () => runInDurableObject(chatRoomStub(env, roomId), (room) => room.connectedMembers()))
      .toEqual([a.memberId]);
    sa.send('이건 못 봤어요');
    await sa.waitFor('message', 3);

    // The runtime dies: the marks in the object's memory are gone; the message rows say what was read.
    await abortAllDurableObjects();
    const again = await openRoom(a, roomId);
    expect(again.of('ready')[0]?.opponentLastReadId).toBe(sent[1]!.id);
    const history = await getAs(a, `/api/on/chat-rooms/${roomId}/messages`);
    expect(history.headers.get('X-Opponent-Last-Read-Id')).toBe(String(sent[1]!.id));
    again.close();
  });

  it('waits longer between summary writes while both members are in the room, and not once one leaves', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, sb] = await Promise.all([openRoom(a, roomId), openRoom(b, roomId)]);
    const stub = chatRoomStub(env, roomId);
    // A new room's D1 list agrees with its store: its connects set no alarm (the reconcile is
    // skipped), so the alarm read below is the message's own.
    expect(await runDurableObjectAlarm(stub)).toBe(false);
    const spread = presentSpreadOf(stub.id.toString());
    const sentFrom = Date.now();
    sa.send('둘 다 있어요');
    await sb.waitFor('message');
    const sentBy = Date.now();
    // Even the first message after a quiet spell waits the long interval and this room's share of
    // the spread (rooms whose conversations start together do not all write D1 at once).
    const first = await runInDurableObject(stub, (_room, state) => state.storage.getAlarm());
    expect(first).toBeGreaterThanOrEqual(sentFrom + SUMMARY_PRESENT_INTERVAL_MS + spread);
    expect(first).toBeLessThanOrEqual(sentBy + SUMMARY_PRESENT_INTERVAL_MS + spread);
    await runDurableObjectAlarm(stub);
    await expect.poll(async () => (await roomList(b))[0]?.messageCount, { timeout: 5_000 }).toBe(1);
    const nextFrom = Date.now();
    sa.send('바로 이어서');
    await sb.waitFor('message', 2);
    const busy = await alarmState(roomId);
    // The long interval after the later of the message and the last write, and this room's fixed
    // share of the spread (rooms that wrote together write apart next time).
    expect(busy.alarm).toBeGreaterThanOrEqual(
      Math.max(nextFrom, busy.startedMs) + SUMMARY_PRESENT_INTERVAL_MS + spread,
    );
    expect(busy.alarm).toBeLessThanOrEqual(Date.now() + SUMMARY_PRESENT_INTERVAL_MS + spread);

    // b leaves the room: the list must not wait the long interval any more.
    sb.close();
    await sb.waitClosed();
    await expect
      .poll(async () => (await alarmState(roomId)).alarm, { timeout: 5_000 })
      .toBeLessThanOrEqual(busy.startedMs + SUMMARY_MIN_INTERVAL_MS);
    await expect
      .poll(async () => (await roomList(b))[0], { timeout: 5_000, interval: 250 })
      .toMatchObject({ messageCount: 2, lastMessage: '바로 이어서' });
    sa.close();
  });
});
