// Read receipts ("1" until the other member has read it) and "입력 중…" over real sockets: read
// marks live in the room's own storage, typing is relayed to the other member only, throttled,
// and neither writes to D1.
import { env, runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS } from '../../src/contract/chat';
import { chatRoomStub } from '../../src/areas/chat/stubs';
import { getAs, matchedPair, openRoom, postAs, within } from '../helpers/chat';

const lastReadHeader = async (member: Parameters<typeof getAs>[0], roomId: number) => {
  const res = await getAs(member, `/api/on/chat-rooms/${roomId}/messages`);
  expect(res.status).toBe(200);
  return Number(res.headers.get('X-Opponent-Last-Read-Id'));
};

/** Everything D1 keeps about the room (summary, both members' unread and read time). */
const d1State = async (roomId: number) => ({
  room: await env.DB.prepare('SELECT * FROM chat_rooms WHERE id = ?').bind(roomId).first(),
  members: (
    await env.DB.prepare('SELECT * FROM chat_room_members WHERE room_id = ? ORDER BY member_id').bind(roomId).all()
  ).results,
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('read receipts', () => {
  it('my messages stay unread until the other member opens the room; then a read frame clears them, live', async () => {
    const { a, b, roomId } = await matchedPair();
    const sa = await openRoom(a, roomId);
    expect(sa.of('ready')[0]?.opponentLastReadId).toBe(0);
    sa.send('안녕하세요');
    sa.send('반가워요');
    const sent = await sa.waitFor('message', 2);
    expect(sa.of('read')).toEqual([]); // b is away: still "1"
    expect(await lastReadHeader(a, roomId)).toBe(0);

    const sb = await openRoom(b, roomId);
    const [read] = await within(2_000, 'read frame', sa.waitFor('read'));
    expect(read).toEqual({ type: 'read', chatRoomId: roomId, memberId: b.memberId, lastReadId: sent[1]!.id });
    expect(sb.of('read')).toEqual([]); // nobody tells b about b

    // While b is in the room, each message of a's is read at once: a's own copy says so
    // (`readOnArrival`), b's does not, and no separate read frame goes out.
    sa.send('지금 보고 있어요?');
    const [, , third] = await sa.waitFor('message', 3);
    const [toB] = await sb.waitFor('message');
    expect(third).toMatchObject({ id: toB!.id, readOnArrival: true });
    expect(toB).not.toHaveProperty('readOnArrival');
    expect(
      sa
        .of('message')
        .slice(0, 2)
        .map((m) => m.readOnArrival),
    ).toEqual([undefined, undefined]);
    expect(sa.of('read')).toHaveLength(1);

    // A reload shows the same: the header on the history, and the ready frame of a new socket.
    expect(await lastReadHeader(a, roomId)).toBe(third!.id);
    const again = await openRoom(a, roomId);
    expect(again.of('ready')[0]?.opponentLastReadId).toBe(third!.id);
    for (const s of [sa, sb, again]) s.close();
  });

  it('POST …/read and the read frame move the mark forward only, never past the newest message', async () => {
    const { a, b, roomId } = await matchedPair();
    const sa = await openRoom(a, roomId);
    sa.send('하나');
    sa.send('둘');
    const [, second] = await sa.waitFor('message', 2);
    expect((await postAs(b, `/api/on/chat-rooms/${roomId}/read`)).status).toBe(200);
    const [read] = await within(2_000, 'read after POST', sa.waitFor('read'));
    expect(read?.lastReadId).toBe(second!.id);

    const sb = await openRoom(b, roomId); // nothing new to read: no frame
    sb.sendRaw(JSON.stringify({ type: 'read', lastReadId: 999 }));
    sb.sendRaw(JSON.stringify({ type: 'read', lastReadId: 1 }));
    sa.send('셋');
    const [, , third] = await sa.waitFor('message', 3);
    expect(third?.readOnArrival).toBe(true);
    expect(sa.of('read').map((f) => f.lastReadId)).toEqual([second!.id]);
    expect(await lastReadHeader(a, roomId)).toBe(third!.id);

    sb.sendRaw(JSON.stringify({ type: 'read', lastReadId: '3' }));
    sb.sendRaw(JSON.stringify({ type: 'read', lastReadId: 3, extra: true }));
    const errors = await sb.waitFor('error', 2);
    expect(errors.map((e) => e.code)).toEqual(['BAD_FRAME', 'BAD_FRAME']);
    sa.close();
    sb.close();
  });

  it('a third member gets neither history nor the read mark', async () => {
    const { roomId } = await matchedPair();
    const { a: stranger } = await matchedPair();
    const res = await getAs(stranger, `/api/on/chat-rooms/${roomId}/messages`);
    expect(res.status).toBe(404);
    expect(res.headers.get('X-Opponent-Last-Read-Id')).toBeNull();
  });
});

describe('typing', () => {
  it('relays typing to the other member only, at most one per member per interval, and never stores it', async () => {
    const { a, b, roomId } = await matchedPair();
    const sa = await openRoom(a, roomId);
    const sb = await openRoom(b, roomId);
    sa.send('첫 메시지');
    await sb.waitFor('message');
    // Both are in the room, so the summary waits the long interval: its alarm writes it to D1 now.
    await runDurableObjectAlarm(chatRoomStub(env, roomId));
    for (let i = 0; i < 50 && (await d1State(roomId)).room?.message_count !== 1; i++) await sleep(50);
    const before = await d1State(roomId);
    expect(before.room?.message_count).toBe(1);

    for (let i = 0; i < 5; i++) sa.sendRaw('{"type":"typing"}');
    const [typing] = await within(2_000, 'typing frame', sb.waitFor('typing'));
    // The room started the interval when it relayed that frame, before it arrived here: counting from
    // its arrival (not from the send) leaves a busy runtime's delay out of the margin below.
    const relayed = Date.now();
    expect(typing).toEqual({ type: 'typing', chatRoomId: roomId, memberId: a.memberId });
    sb.sendRaw('{"type":"typing"}');
    await within(2_000, 'b typing to a', sa.waitFor('typing'));
    await sleep(500);
    expect(sb.of('typing')).toHaveLength(1); // five sent, one relayed
    expect(sa.of('typing').map((f) => f.memberId)).toEqual([b.memberId]); // never my own

    // After the interval the next one goes through.
    await sleep(Math.max(0, CHAT_LIMITS.typingRelayMs - (Date.now() - relayed)) + 50);
    sa.sendRaw('{"type":"typing"}');
    await within(2_000, 'typing after the interval', sb.waitFor('typing', 2));

    // Typing and reading changed nothing in D1, and typing is not history.
    sb.sendRaw(JSON.stringify({ type: 'read', lastReadId: 1 }));
    await sleep(300);
    expect(await d1State(roomId)).toEqual(before);
    const history = await (await getAs(b, `/api/on/chat-rooms/${roomId}/messages`)).json<unknown[]>();
    expect(history).toHaveLength(1);

    sa.sendRaw('{"type":"typing","content":"x"}');
    expect((await sa.waitFor('error'))[0]?.code).toBe('BAD_FRAME');
    sa.close();
    sb.close();
  });
});
