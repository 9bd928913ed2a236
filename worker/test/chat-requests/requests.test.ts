// Chat requests: who may ask whom, one live request per pair, a reverse request is a match, and
// only the requested member answers, once.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRequestResult, ChatRoomItem, PendingRequestItem } from '../../src/contract/chat';
import { signUpMember } from '../helpers/auth';
import {
  acceptRequest,
  getAs,
  matchedPair,
  openLive,
  postAs,
  rejectRequest,
  requestChat,
  roomList,
  twoMembers,
} from '../helpers/chat';

const codeOf = async (res: Response) => (await res.json<{ code: string }>()).code;
const pendingOf = async (member: Parameters<typeof getAs>[0]) =>
  (await getAs(member, '/api/on/chat-rooms/pending')).json<PendingRequestItem[]>();

describe('making a chat request', () => {
  it('creates a pending request the other member sees with my name, and tells their open chat page', async () => {
    const [a, b] = await twoMembers();
    const live = await openLive(b);
    const res = await requestChat(a, b.memberId);
    expect(res.status).toBe(200);
    const body = await res.json<ChatRequestResult>();
    expect(body.status).toBe('PENDING');

    const pending = await pendingOf(b);
    expect(pending).toEqual([
      expect.objectContaining({
        matchingId: body.matchingId,
        opponentMemberId: a.memberId,
        opponentNickname: '김하늘',
      }),
    ]);
    expect(pending[0]?.opponentProfileImageUrl).toBeNull();
    expect(await pendingOf(a)).toEqual([]);
    const [notice] = await live.waitFor('request');
    expect(notice?.request.matchingId).toBe(body.matchingId);
    live.close();
  });

  it('refuses a request to oneself (400) and to nobody (404)', async () => {
    const [a] = await twoMembers();
    const self = await requestChat(a, a.memberId);
    expect(self.status).toBe(400);
    expect(await codeOf(self)).toBe('CHAT_REQUEST_SELF');
    expect((await requestChat(a, 99_999_999)).status).toBe(404);
  });

  it('refuses a request to a banned or withdrawn member', async () => {
    const [a, banned] = await twoMembers();
    const gone = await signUpMember({ name: '최떠남' });
    await env.DB.prepare(`UPDATE members SET status = 'BANNED' WHERE id = ?`).bind(banned.memberId).run();
    await env.DB.prepare(`UPDATE members SET deleted_at = ? WHERE id = ?`)
      .bind(new Date().toISOString(), gone.memberId)
      .run();
    expect(await codeOf(await requestChat(a, banned.memberId))).toBe('MEMBER_NOT_FOUND');
    expect(await codeOf(await requestChat(a, gone.memberId))).toBe('MEMBER_NOT_FOUND');
  });

  it('refuses a request when either side blocked the other', async () => {
    const [a, b] = await twoMembers();
    const c = await signUpMember({ name: '정차단' });
    const block = (by: number, target: number) =>
      env.DB.prepare('INSERT INTO blocks (member_id, target_id) VALUES (?, ?)').bind(by, target).run();
    await block(a.memberId, b.memberId);
    await block(c.memberId, a.memberId);
    expect((await requestChat(a, b.memberId)).status).toBe(404);
    expect((await requestChat(a, c.memberId)).status).toBe(404);
    expect((await requestChat(b, a.memberId)).status).toBe(404);
  });

  it('refuses a duplicate while a request is pending, and while the pair has an open room, either way', async () => {
    const [a, b] = await twoMembers();
    const first = await requestChat(a, b.memberId);
    const again = await requestChat(a, b.memberId);
    expect(again.status).toBe(409);
    expect(await codeOf(again)).toBe('CHAT_REQUEST_DUPLICATE');
    const { matchingId } = await first.json<ChatRequestResult>();
    expect((await acceptRequest(b, matchingId)).status).toBe(200);
    expect((await requestChat(a, b.memberId)).status).toBe(409);
    expect((await requestChat(b, a.memberId)).status).toBe(409);
  });

  it('two requests at the same moment make one', async () => {
    const [a, b] = await twoMembers();
    const results = await Promise.all([requestChat(a, b.memberId), requestChat(a, b.memberId)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await pendingOf(b)).toHaveLength(1);
  });

  it('a request the other side already sent me becomes a match: their request is accepted and the room opens', async () => {
    const [a, b] = await twoMembers();
    const theirs = await (await requestChat(a, b.memberId)).json<ChatRequestResult>();
    const liveA = await openLive(a);
    const res = await requestChat(b, a.memberId);
    expect(res.status).toBe(200);
    const body = await res.json<ChatRequestResult>();
    expect(body.status).toBe('MATCHED');
    if (body.status !== 'MATCHED') return;
    expect(body.matchingId).toBe(theirs.matchingId);
    expect(body.room).toMatchObject({ opponentMemberId: a.memberId, unreadMessageCount: 0, closedReason: null });
    expect(await pendingOf(b)).toEqual([]);
    expect((await roomList(a)).map((r) => r.chatRoomId)).toEqual([body.room.chatRoomId]);
    const [opened] = await liveA.waitFor('room-opened');
    expect(opened?.chatRoomId).toBe(body.room.chatRoomId);
    liveA.close();
  });
});

describe('answering a chat request', () => {
  it('accept opens a room for both and answers it as the accepting member sees it', async () => {
    const [a, b] = await twoMembers();
    const { matchingId } = await (await requestChat(a, b.memberId)).json<ChatRequestResult>();
    const res = await acceptRequest(b, matchingId);
    expect(res.status).toBe(200);
    const room = await res.json<ChatRoomItem>();
    expect(room).toMatchObject({
      matchingId,
      opponentMemberId: a.memberId,
      opponentNickname: '김하늘',
      lastMessage: null,
    });
    expect((await roomList(a))[0]).toMatchObject({ chatRoomId: room.chatRoomId, opponentMemberId: b.memberId });
    expect(await pendingOf(b)).toEqual([]);
  });

  it('only the requested member may answer: the requester and a third member get 404', async () => {
    const [a, b] = await twoMembers();
    const stranger = await signUpMember({ name: '박낯선' });
    const { matchingId } = await (await requestChat(a, b.memberId)).json<ChatRequestResult>();
    for (const who of [a, stranger]) {
      expect((await acceptRequest(who, matchingId)).status).toBe(404);
      expect((await rejectRequest(who, matchingId)).status).toBe(404);
    }
    expect(await pendingOf(b)).toHaveLength(1);
  });

  it('answers only once: a second accept, or reject after accept, is 409 and opens no second room', async () => {
    const { a, b, matchingId } = await matchedPair();
    const again = await acceptRequest(b, matchingId);
    expect(again.status).toBe(409);
    expect(await codeOf(again)).toBe('CHAT_REQUEST_ANSWERED');
    expect((await rejectRequest(b, matchingId)).status).toBe(409);
    expect(await roomList(a)).toHaveLength(1);
  });

  it('two accepts at the same moment open one room', async () => {
    const [a, b] = await twoMembers();
    const { matchingId } = await (await requestChat(a, b.memberId)).json<ChatRequestResult>();
    const results = await Promise.all([acceptRequest(b, matchingId), acceptRequest(b, matchingId)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await roomList(b)).toHaveLength(1);
  });

  it('reject removes the request, opens nothing, and cannot be accepted afterwards', async () => {
    const [a, b] = await twoMembers();
    const { matchingId } = await (await requestChat(a, b.memberId)).json<ChatRequestResult>();
    expect((await rejectRequest(b, matchingId)).status).toBe(200);
    expect(await pendingOf(b)).toEqual([]);
    expect((await acceptRequest(b, matchingId)).status).toBe(409);
    expect(await roomList(a)).toEqual([]);
  });

  it('hides and refuses requests from a member who was banned after asking', async () => {
    const [a, b] = await twoMembers();
    const { matchingId } = await (await requestChat(a, b.memberId)).json<ChatRequestResult>();
    await env.DB.prepare(`UPDATE members SET status = 'BANNED' WHERE id = ?`).bind(a.memberId).run();
    expect(await pendingOf(b)).toEqual([]);
    expect((await acceptRequest(b, matchingId)).status).toBe(404);
  });

  it('after a room was left, the pair may ask again', async () => {
    const { a, b, roomId } = await matchedPair();
    expect((await postAs(a, `/api/on/chat-rooms/${roomId}/leave`)).status).toBe(200);
    expect((await requestChat(b, a.memberId)).status).toBe(200);
  });
});
