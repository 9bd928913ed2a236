// Fewer ghosted conversations (docs/chat.md "Your turn and quiet rooms"): the your-turn limit counts
// only open rooms waiting on my reply and refuses my new requests and accepts with the list; a room
// silent for 14 days can be wrapped up by either member, for both.
import { env, runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGES,
  YOUR_TURN,
  YOUR_TURN_LIMIT_CODE,
  type ChatRoomItem,
  type YourTurnRefusal,
} from '../../src/contract/chat';
import { chatRoomStub } from '../../src/areas/chat/stubs';
import type { SignedInMember } from '../helpers/auth';
import { acceptRequest, matchedPair, openRoom, postAs, requestChat, roomList, twoMembers } from '../helpers/chat';

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/**
 * A room between `me` and `other` straight in D1 (request, room, both member rows), with the summary
 * as if `lastSender` wrote last (null: nobody wrote), `closed` for an ended room.
 */
async function seedRoom(
  me: number,
  other: number,
  o: { lastSender: number | null; at?: string; closed?: 'LEFT' },
): Promise<number> {
  const at = o.at ?? ago(60_000);
  const req = await env.DB.prepare(
    `INSERT INTO chat_requests (requester_id, target_id, status, created_at) VALUES (?, ?, 'ACCEPTED', ?) RETURNING id`,
  )
    // Made long ago: today's new-account caps count only today's requests.
    .bind(other, me, ago(30 * DAY))
    .first<{ id: number }>();
  const room = await env.DB.prepare(
    `INSERT INTO chat_rooms (request_id, member_a, member_b, created_at, last_message, last_message_at, last_sender_id,
                             message_count, closed_at, closed_reason, closed_by)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) RETURNING id`,
  )
    .bind(
      req!.id,
      other,
      me,
      at,
      o.lastSender === null ? null : '안녕하세요',
      o.lastSender === null ? null : at,
      o.lastSender,
      o.lastSender === null ? 0 : 1,
      o.closed ? at : null,
      o.closed ?? null,
      o.closed ? other : null,
    )
    .first<{ id: number }>();
  await env.DB.batch([
    env.DB.prepare('INSERT INTO chat_room_members (room_id, member_id, opponent_id) VALUES (?, ?, ?)').bind(
      room!.id,
      me,
      other,
    ),
    env.DB.prepare('INSERT INTO chat_room_members (room_id, member_id, opponent_id) VALUES (?, ?, ?)').bind(
      room!.id,
      other,
      me,
    ),
  ]);
  return room!.id;
}

const refusalOf = async (res: Response) => {
  expect(res.status).toBe(409);
  const body = await res.json<YourTurnRefusal & { code: string; message: string }>();
  expect(body.code).toBe(YOUR_TURN_LIMIT_CODE);
  expect(body.message).toBe(CHAT_MESSAGES.yourTurnLimit);
  return body;
};

/** A member asks `me`; answers the request's id. */
async function asks(from: SignedInMember, me: SignedInMember): Promise<number> {
  const res = await requestChat(from, me.memberId);
  expect(res.status).toBe(200);
  return (await res.json<{ matchingId: number }>()).matchingId;
}

describe('the your-turn limit', { timeout: 20_000 }, () => {
  it('counts only open rooms where the other wrote last, and refuses requests and accepts above it', async () => {
    const [me, other] = await twoMembers();
    const [asker, target] = await twoMembers({ gender: 'M' }, { gender: 'M' });
    const oldest = ago(5 * DAY);
    // Not waiting on me: my own last word, rooms nobody wrote in, ended rooms.
    for (let i = 0; i < 3; i++) await seedRoom(me.memberId, other.memberId, { lastSender: me.memberId });
    await seedRoom(me.memberId, other.memberId, { lastSender: null });
    await seedRoom(me.memberId, other.memberId, { lastSender: other.memberId, closed: 'LEFT' });
    // One below the limit waits on me: I may still ask and accept.
    const first = await seedRoom(me.memberId, other.memberId, { lastSender: other.memberId, at: oldest });
    for (let i = 1; i < YOUR_TURN.limit - 1; i++) {
      await seedRoom(me.memberId, other.memberId, { lastSender: other.memberId });
    }
    const pending = await asks(asker, me);
    expect((await requestChat(me, target.memberId)).status).toBe(200);

    // At the limit: a new request and an accept are refused, with the waiting rooms oldest first.
    await seedRoom(me.memberId, other.memberId, { lastSender: other.memberId });
    const [c] = await twoMembers({ gender: 'M' });
    const refused = await refusalOf(await requestChat(me, c!.memberId));
    expect(refused.waitingCount).toBe(YOUR_TURN.limit);
    expect(refused.waiting).toHaveLength(YOUR_TURN.limit);
    expect(refused.waiting[0]).toMatchObject({
      chatRoomId: first,
      opponentId: other.memberId,
      opponentNickname: '이바다',
      lastMessageAt: oldest,
    });
    await refusalOf(await acceptRequest(me, pending));
    const still = await env.DB.prepare('SELECT status FROM chat_requests WHERE id = ?').bind(pending).first();
    expect(still).toEqual({ status: 'PENDING' });

    // The rooms wait on me, not on the other member: they may still ask someone.
    expect((await requestChat(other, c!.memberId)).status).toBe(200);
  });

  it('follows the rooms’ summary: their message counts once written, my reply frees the room', async () => {
    const { a, b, roomId } = await matchedPair();
    for (let i = 0; i < YOUR_TURN.limit - 1; i++) await seedRoom(a.memberId, b.memberId, { lastSender: b.memberId });
    const [, target] = await twoMembers();

    const [sa, sb] = await Promise.all([openRoom(a, roomId), openRoom(b, roomId)]);
    sb.send('주말 잘 보내셨어요?');
    await sa.waitFor('message');
    await runDurableObjectAlarm(chatRoomStub(env, roomId));
    const refused = await refusalOf(await requestChat(a, target.memberId));
    expect(refused.waiting.map((w) => w.chatRoomId)).toContain(roomId);

    sa.send('네! 덕분에 잘 쉬었어요.');
    await sb.waitFor('message', 2);
    await runDurableObjectAlarm(chatRoomStub(env, roomId));
    expect((await requestChat(a, target.memberId)).status).toBe(200);
    sa.close();
    sb.close();
  });
});

const wrapUp = (m: SignedInMember, roomId: number) => postAs(m, `/api/on/chat-rooms/${roomId}/wrap-up`);

const setSilence = (roomId: number, o: { lastMessageAt: string | null; createdAt: string }) =>
  env.DB.prepare('UPDATE chat_rooms SET last_message_at = ?, created_at = ? WHERE id = ?')
    .bind(o.lastMessageAt, o.createdAt, roomId)
    .run();

describe('대화 마무리하기', { timeout: 20_000 }, () => {
  it('closes a room silent for 14 days for both, told to its sockets, idempotent', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, sb] = await Promise.all([openRoom(a, roomId), openRoom(b, roomId)]);
    sa.send('잘 지내요?');
    await sb.waitFor('message');
    await runDurableObjectAlarm(chatRoomStub(env, roomId));
    await setSilence(roomId, { lastMessageAt: ago(14 * DAY + 60_000), createdAt: ago(20 * DAY) });

    const res = await wrapUp(b, roomId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ closedReason: 'WRAPPED_UP' });
    const [closed] = await sa.waitFor('closed');
    expect(closed?.reason).toBe('WRAPPED_UP');
    // Both lists keep it, ended; wrapping up again answers the same.
    for (const m of [a, b]) {
      const rooms: ChatRoomItem[] = await roomList(m);
      expect(rooms.find((r) => r.chatRoomId === roomId)?.closedReason).toBe('WRAPPED_UP');
    }
    expect((await wrapUp(a, roomId)).status).toBe(200);
    sa.close();
    sb.close();
  });

  it('is for the room’s members, open rooms and 14 silent days only (server-checked)', async () => {
    const { a, b, roomId } = await matchedPair();
    const [stranger] = await twoMembers();

    // A room nobody wrote in counts from its opening.
    await setSilence(roomId, { lastMessageAt: null, createdAt: ago(13 * DAY) });
    const early = await wrapUp(a, roomId);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'CHAT_ROOM_NOT_QUIET', message: CHAT_MESSAGES.wrapUpTooSoon });
    // A recent message keeps an old room open.
    await setSilence(roomId, { lastMessageAt: ago(DAY), createdAt: ago(30 * DAY) });
    expect((await wrapUp(b, roomId)).status).toBe(409);

    await setSilence(roomId, { lastMessageAt: null, createdAt: ago(15 * DAY) });
    const notMine = await wrapUp(stranger!, roomId);
    expect(notMine.status).toBe(404);
    expect(await notMine.json()).toMatchObject({ code: 'CHAT_ROOM_NOT_FOUND' });
    expect((await wrapUp(a, 999_999)).status).toBe(404);

    // An ended room stays as it ended.
    expect((await postAs(a, `/api/on/chat-rooms/${roomId}/leave`)).status).toBe(200);
    const left = await wrapUp(b, roomId);
    expect(left.status).toBe(409);
    expect(await left.json()).toMatchObject({ code: 'CHAT_ROOM_CLOSED' });
    const row = await env.DB.prepare('SELECT closed_reason FROM chat_rooms WHERE id = ?').bind(roomId).first();
    expect(row).toEqual({ closed_reason: 'LEFT' });
  });
});
