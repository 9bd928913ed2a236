// In-app calls (docs/voice.md "Calls"): signalling frames relayed over the room socket between the
// two members' sockets in the call only, forged and oversized frames refused, the proposal limit,
// ringing missed by the alarm, a block mid-ring, a lost side, the call line; and the ICE servers
// route (TURN credentials minted with a fetch mock, cached, never logged); the callee's live channel
// rung on any screen (call-ringing / call-ring-end) and 거절 from there; the ring's Web Push (the notif queue).
import { SELF, env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { CALL_LIMITS, type IceServersResult } from '../../src/contract/calls';
import type { ChatMessage } from '../../src/contract/chat';
import { chatRoomStub } from '../../src/areas/chat/stubs';
import { forgetIceServers, iceServers } from '../../src/areas/calls/service';
import type { Env } from '../../src/lib/env';
import { fromBase64url } from '../../src/lib/crypto';
import { ORIGIN, bearer, type SignedInMember } from '../helpers/auth';
import { consume, eventually } from '../helpers/notifications';
import { call as api } from '../helpers/mypage';
import { decryptPushMessage, fakePushService, newReceiver, subscriptionJson, type Receiver } from '../helpers/push';
import {
  getAs,
  matchedPair,
  openLive,
  openRoom,
  postAs,
  roomList,
  roomTicket,
  within,
  type TestSocket,
} from '../helpers/chat';

type Sock = Awaited<ReturnType<typeof openRoom>>;
const frame = (s: TestSocket, f: Record<string, unknown>) => s.sendRaw(JSON.stringify(f));
const states = (s: Sock) => s.of('call-state');
const errors = (s: Sock) => s.of('call-error');
const SDP = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
const CANDIDATE = {
  candidate: 'candidate:1 1 udp 2122260223 192.168.0.2 54321 typ host',
  sdpMid: '0',
  sdpMLineIndex: 0,
};

/** Moves the call's clock back (ringing or lost since `ms` earlier) and has the room read it again. */
async function backdateCall(roomId: number, ms: number): Promise<void> {
  await runInDurableObject(chatRoomStub(env, roomId), (room, state) => {
    state.storage.sql.exec(
      `UPDATE call_state SET proposed_ms = proposed_ms - ?1,
         caller_lost_ms = caller_lost_ms - ?1, callee_lost_ms = callee_lost_ms - ?1`,
      ms,
    );
    (room as unknown as { calls: { current?: unknown } }).calls.current = undefined;
  });
}

async function history(member: Parameters<typeof getAs>[0], roomId: number): Promise<ChatMessage[]> {
  return (await getAs(member, `/api/on/chat-rooms/${roomId}/messages`)).json<ChatMessage[]>();
}

/** a calls b; b accepts. */
async function activeCall(kind: 'VOICE' | 'VIDEO' = 'VIDEO') {
  const pair = await matchedPair();
  const sa = await openRoom(pair.a, pair.roomId);
  const sb = await openRoom(pair.b, pair.roomId);
  const callId = crypto.randomUUID();
  frame(sa, { type: 'call-propose', callId, kind });
  const [ringing] = await within(2_000, 'ringing', sb.waitFor('call-state'));
  expect(ringing?.call).toMatchObject({ callId, kind, callerId: pair.a.memberId, state: 'RINGING', acceptedAt: null });
  frame(sb, { type: 'call-accept', callId });
  await within(2_000, 'accepted', sa.waitFor('call-state', 2));
  expect(states(sa)[1]?.call?.state).toBe('ACTIVE');
  return { ...pair, sa, sb, callId };
}

describe('call signalling', () => {
  it('relays offer, answer and candidates between the two sockets in the call only; the end writes the call line', async () => {
    const { a, b, roomId, sa, sb, callId } = await activeCall('VIDEO');
    // Another tab of each member hears the call's state, never its SDP or candidates.
    const sa2 = await openRoom(a, roomId);
    const sb2 = await openRoom(b, roomId);
    await within(2_000, 'told on connect', sb2.waitFor('call-state'));
    expect(states(sb2)[0]?.call).toMatchObject({ callId, state: 'ACTIVE' });

    frame(sa, { type: 'call-offer', callId, sdp: SDP });
    const [offer] = await within(2_000, 'offer', sb.waitFor('call-offer'));
    expect(offer).toEqual({ type: 'call-offer', chatRoomId: roomId, callId, sdp: SDP });
    frame(sb, { type: 'call-answer', callId, sdp: SDP });
    await within(2_000, 'answer', sa.waitFor('call-answer'));
    frame(sb, { type: 'call-ice', callId, candidate: CANDIDATE });
    frame(sa, { type: 'call-ice', callId, candidate: CANDIDATE });
    const [ice] = await within(2_000, 'ice to a', sa.waitFor('call-ice'));
    expect(ice?.candidate).toEqual(CANDIDATE);
    await within(2_000, 'ice to b', sb.waitFor('call-ice'));
    // The other tabs (same member, not in the call) and the sender got none of it.
    for (const s of [sa2, sb2]) {
      expect(s.of('call-offer').length + s.of('call-answer').length + s.of('call-ice').length).toBe(0);
    }
    expect(sa.of('call-offer')).toHaveLength(0);

    frame(sb, { type: 'call-end', callId });
    const [line] = await within(2_000, 'call line', sa.waitFor('message'));
    expect(line).toMatchObject({
      senderId: a.memberId,
      content: '',
      call: { kind: 'VIDEO', outcome: 'ENDED', callerId: a.memberId },
    });
    expect(typeof line?.call?.durationMs).toBe('number');
    expect(states(sa2).at(-1)).toMatchObject({ call: null, outcome: 'ENDED' });
    // History carries the same line; nothing of the SDP was stored anywhere.
    const stored = (await history(b, roomId)).at(-1);
    expect(stored).toMatchObject({ id: line!.id, content: '', call: { kind: 'VIDEO', outcome: 'ENDED' } });
    const raw = await runInDurableObject(chatRoomStub(env, roomId), (_r, state) =>
      state.storage.sql.exec<{ content: string }>('SELECT content FROM messages').toArray(),
    );
    expect(raw.map((r) => r.content)).toEqual(['영상 통화 0초']);
    // A call line cannot be unsent.
    const del = await SELF.fetch(`${ORIGIN}/api/on/chat-rooms/${roomId}/messages/${line!.id}`, {
      method: 'DELETE',
      headers: bearer(a.accessToken),
    });
    expect(del.status).toBe(404);
    for (const s of [sa, sb, sa2, sb2]) s.close();
  });

  it('refuses forged and malformed frames with a call error, and sockets of other rooms never hear a call', async () => {
    const { a, b, roomId, sa, sb, callId } = await activeCall('VOICE');
    const other = await matchedPair();
    const stranger = await openRoom(other.a, other.roomId);
    // A member of another room cannot even get a ticket for this one.
    await expect(roomTicket(other.a, roomId)).rejects.toThrow(/404/);

    const wrong = crypto.randomUUID();
    frame(sb, { type: 'call-offer', callId, sdp: SDP }); // the callee does not offer
    frame(sa, { type: 'call-answer', callId, sdp: SDP }); // the caller does not answer
    frame(sa, { type: 'call-offer', callId: wrong, sdp: SDP }); // not the call in progress
    frame(sa, { type: 'call-accept', callId }); // the caller does not accept
    frame(sa, { type: 'call-offer', callId, sdp: 'x'.repeat(CALL_LIMITS.sdpMaxChars + 1) }); // too large
    frame(sa, { type: 'call-ice', callId, candidate: { candidate: 'c'.repeat(CALL_LIMITS.candidateMaxChars + 1) } });
    frame(sa, { type: 'call-offer', callId, sdp: SDP, senderId: b.memberId }); // unknown key
    frame(sa, { type: 'call-propose', callId: 'not-a-uuid', kind: 'VIDEO' });
    frame(sa, { type: 'call-propose', callId: crypto.randomUUID(), kind: 'VIDEO' }); // one call per room
    await within(
      2_000,
      'errors',
      sa.until(() => errors(sa).length >= 8),
    );
    await within(2_000, 'error to b', sb.waitFor('call-error'));
    expect(errors(sb).map((e) => e.code)).toEqual(['CALL_INVALID']);
    expect(errors(sa).map((e) => e.code)).toEqual([...Array(7).fill('CALL_INVALID'), 'CALL_BUSY']);
    expect(errors(sa)[0]?.message).toMatch(/통화/);
    expect(sb.of('call-offer')).toHaveLength(0);
    expect(sa.of('call-answer')).toHaveLength(0);

    // A second tab of the callee (not the one that accepted) cannot speak for the call.
    const sb2 = await openRoom(b, roomId);
    frame(sb2, { type: 'call-answer', callId, sdp: SDP });
    await within(2_000, 'tab error', sb2.waitFor('call-error'));
    expect(sa.of('call-answer')).toHaveLength(0);
    // …until it resumes the call (a reconnect): then it is the callee's socket.
    frame(sb2, { type: 'call-resume', callId });
    await within(
      2_000,
      'resumed',
      sa.until(() => states(sa).length >= 3),
    );
    frame(sb2, { type: 'call-answer', callId, sdp: SDP });
    await within(2_000, 'answer from resumed tab', sa.waitFor('call-answer'));
    expect(stranger.of('call-state')).toHaveLength(0);
    frame(sa, { type: 'call-end', callId });
    await within(2_000, 'ended', sb.waitFor('message'));
    for (const s of [sa, sb, sb2, stranger]) s.close();
    expect(a.memberId).not.toBe(b.memberId);
  });

  it('limits proposals per room per hour', async () => {
    const { a, b, roomId } = await matchedPair();
    const sa = await openRoom(a, roomId);
    const sb = await openRoom(b, roomId);
    for (let i = 0; i < CALL_LIMITS.proposalsPerWindow; i++) {
      const callId = crypto.randomUUID();
      frame(i % 2 === 0 ? sa : sb, { type: 'call-propose', callId, kind: 'VOICE' });
      frame(i % 2 === 0 ? sa : sb, { type: 'call-end', callId }); // cancelled while ringing
      await within(2_000, 'cancelled line', sa.waitFor('message', i + 1));
    }
    expect(sa.of('message').every((m) => m.call?.outcome === 'CANCELLED')).toBe(true);
    frame(sb, { type: 'call-propose', callId: crypto.randomUUID(), kind: 'VOICE' });
    const [refused] = await within(2_000, 'limited', sb.waitFor('call-error'));
    expect(refused).toMatchObject({ code: 'CALL_RATE_LIMITED', message: expect.stringMatching(/잠시 후/) });
    sa.close();
    sb.close();
  });

  it('a call nobody answers is missed when the ringing runs out (alarm); the callee sees 부재중', async () => {
    const { a, b, roomId } = await matchedPair();
    const sa = await openRoom(a, roomId);
    const callId = crypto.randomUUID();
    frame(sa, { type: 'call-propose', callId, kind: 'VOICE' });
    await within(2_000, 'ringing', sa.waitFor('call-state'));
    // The callee opening the room while it rings is told at once.
    const sb = await openRoom(b, roomId);
    await within(2_000, 'told on connect', sb.waitFor('call-state'));
    expect(states(sb)[0]?.call).toMatchObject({ callId, state: 'RINGING' });
    sb.close();

    await runDurableObjectAlarm(chatRoomStub(env, roomId)); // not yet due: still ringing
    expect(states(sa).at(-1)?.call).not.toBeNull();
    await backdateCall(roomId, CALL_LIMITS.ringMs + 1);
    await runDurableObjectAlarm(chatRoomStub(env, roomId));
    await within(2_000, 'missed', sa.waitFor('message'));
    expect(states(sa).at(-1)).toMatchObject({ call: null, outcome: 'MISSED' });
    expect(sa.of('message')[0]?.call).toEqual({
      kind: 'VOICE',
      outcome: 'MISSED',
      durationMs: null,
      callerId: a.memberId,
    });
    // The room list previews it; it counts as unread for the callee.
    await runDurableObjectAlarm(chatRoomStub(env, roomId));
    const row = await env.DB.prepare('SELECT last_message FROM chat_rooms WHERE id = ?')
      .bind(roomId)
      .first<{ last_message: string }>();
    expect(row?.last_message).toBe('부재중 음성 통화');
    sa.close();
  });

  it('a block mid-ring ends the call with the room; an active call whose side is gone for 30 s ends', async () => {
    const { a, b, roomId } = await matchedPair();
    const sa = await openRoom(a, roomId);
    const sb = await openRoom(b, roomId);
    const callId = crypto.randomUUID();
    frame(sa, { type: 'call-propose', callId, kind: 'VIDEO' });
    await within(2_000, 'ringing', sb.waitFor('call-state'));
    const blocked = await SELF.fetch(`${ORIGIN}/api/on/block/${a.memberId}`, {
      method: 'PUT',
      headers: bearer(b.accessToken),
    });
    expect(blocked.status).toBe(200);
    await within(2_000, 'closed', sa.waitFor('closed'));
    expect(states(sa).at(-1)).toMatchObject({ call: null, outcome: 'MISSED' });
    expect(sa.of('message')[0]?.call?.outcome).toBe('MISSED');
    // No new call in a closed room.
    frame(sa, { type: 'call-propose', callId: crypto.randomUUID(), kind: 'VIDEO' });
    const refused = await Promise.race([
      sa.waitFor('call-error').then((e) => e[0]?.code),
      sa.waitClosed().then(() => 'closed'),
    ]);
    expect(['CALL_ROOM_CLOSED', 'closed']).toContain(refused);

    const call = await activeCall('VOICE');
    call.sb.close(); // the callee's socket in the call is gone
    for (let i = 0; i < 40; i++) {
      const lost = await runInDurableObject(
        chatRoomStub(env, call.roomId),
        (_r, state) =>
          state.storage.sql.exec<{ ms: number | null }>('SELECT callee_lost_ms AS ms FROM call_state').toArray()[0]?.ms,
      );
      if (lost) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await runDurableObjectAlarm(chatRoomStub(env, call.roomId)); // within the grace: still on
    expect(states(call.sa).at(-1)?.call?.state).toBe('ACTIVE');
    await backdateCall(call.roomId, CALL_LIMITS.lostMs + 1);
    await runDurableObjectAlarm(chatRoomStub(env, call.roomId));
    await within(2_000, 'ended', call.sa.waitFor('message'));
    expect(states(call.sa).at(-1)).toMatchObject({ call: null, outcome: 'ENDED' });
    expect(call.sa.of('message')[0]?.call).toMatchObject({ kind: 'VOICE', outcome: 'ENDED' });
    call.sa.close();
    sa.close();
    sb.close();
  });
});

describe('ringing on any screen (the live channel)', () => {
  it('rings only the callee, with the caller as their room list shows them; the ring ends on cancel and on accept', async () => {
    const { a, b, roomId } = await matchedPair();
    const [la, lb] = [await openLive(a), await openLive(b)];
    const sa = await openRoom(a, roomId);
    const callId = crypto.randomUUID();
    frame(sa, { type: 'call-propose', callId, kind: 'VIDEO' });
    const [ring] = await within(2_000, 'rung', lb.waitFor('call-ringing'));
    const listed = (await roomList(b)).find((r) => r.chatRoomId === roomId);
    expect(ring).toEqual({
      type: 'call-ringing',
      chatRoomId: roomId,
      callId,
      kind: 'VIDEO',
      caller: { nickname: listed?.opponentNickname, profileImageUrl: listed?.opponentProfileImageUrl },
      expiresAt: expect.any(String),
    });
    const left = Date.parse(ring?.expiresAt ?? '') - Date.now();
    expect(left).toBeGreaterThan(CALL_LIMITS.ringMs - 5_000);
    expect(left).toBeLessThanOrEqual(CALL_LIMITS.ringMs);
    frame(sa, { type: 'call-end', callId }); // the caller cancels
    const [end] = await within(2_000, 'ring end (cancel)', lb.waitFor('call-ring-end'));
    expect(end).toEqual({ type: 'call-ring-end', chatRoomId: roomId, callId });

    // Accepted in the room (the sheet's 받기 leads there): the ringing stops on every other screen.
    const second = crypto.randomUUID();
    frame(sa, { type: 'call-propose', callId: second, kind: 'VOICE' });
    await within(2_000, 'rung again', lb.waitFor('call-ringing', 2));
    const sb = await openRoom(b, roomId);
    frame(sb, { type: 'call-accept', callId: second });
    await within(2_000, 'ring end (accept)', lb.waitFor('call-ring-end', 2));
    expect(lb.of('call-ring-end')[1]).toMatchObject({ callId: second });
    frame(sa, { type: 'call-end', callId: second });
    await within(2_000, 'ended', sa.waitFor('message', 2));
    // The caller's own channel never rings.
    expect(la.frames.filter((f) => f.type.startsWith('call-'))).toEqual([]);
    for (const s of [la, lb, sa, sb]) s.close();
  });

  it('거절 from another screen declines through the room; a missed call and a closing room end the ring', async () => {
    const { a, b, roomId } = await matchedPair();
    const lb = await openLive(b);
    const sa = await openRoom(a, roomId);
    const callId = crypto.randomUUID();
    frame(sa, { type: 'call-propose', callId, kind: 'VOICE' });
    await within(2_000, 'rung', lb.waitFor('call-ringing'));
    // Only the callee's decline counts: the caller's is the same 204 and changes nothing.
    expect((await postAs(a, `/api/on/chat-rooms/${roomId}/calls/${callId}/decline`)).status).toBe(204);
    expect(states(sa).at(-1)?.call?.state).toBe('RINGING');
    const outsider = await matchedPair();
    expect((await postAs(outsider.a, `/api/on/chat-rooms/${roomId}/calls/${callId}/decline`)).status).toBe(404);
    expect((await postAs(b, `/api/on/chat-rooms/${roomId}/calls/not-a-call/decline`)).status).toBe(404);
    expect((await postAs(b, `/api/on/chat-rooms/${roomId}/calls/${callId}/decline`)).status).toBe(204);
    await within(2_000, 'declined', sa.waitFor('message'));
    expect(states(sa).at(-1)).toMatchObject({ call: null, outcome: 'DECLINED' });
    expect(sa.of('message')[0]?.call?.outcome).toBe('DECLINED');
    await within(2_000, 'ring end (decline)', lb.waitFor('call-ring-end'));
    // Again: already over, nothing happens.
    expect((await postAs(b, `/api/on/chat-rooms/${roomId}/calls/${callId}/decline`)).status).toBe(204);

    const missed = crypto.randomUUID();
    frame(sa, { type: 'call-propose', callId: missed, kind: 'VOICE' });
    await within(2_000, 'rung again', lb.waitFor('call-ringing', 2));
    await backdateCall(roomId, CALL_LIMITS.ringMs + 1);
    await runDurableObjectAlarm(chatRoomStub(env, roomId));
    await within(2_000, 'ring end (missed)', lb.waitFor('call-ring-end', 2));
    expect(lb.of('call-ring-end')[1]).toMatchObject({ callId: missed });

    const last = crypto.randomUUID();
    frame(sa, { type: 'call-propose', callId: last, kind: 'VOICE' });
    await within(2_000, 'rung a third time', lb.waitFor('call-ringing', 3));
    const blocked = await SELF.fetch(`${ORIGIN}/api/on/block/${a.memberId}`, {
      method: 'PUT',
      headers: bearer(b.accessToken),
    });
    expect(blocked.status).toBe(200);
    await within(2_000, 'ring end (closed)', lb.waitFor('call-ring-end', 3));
    // A closed room rings no one: the proposal is refused before.
    frame(sa, { type: 'call-propose', callId: crypto.randomUUID(), kind: 'VOICE' });
    await Promise.race([sa.waitFor('call-error'), sa.waitClosed()]);
    expect(lb.of('call-ringing')).toHaveLength(3);
    lb.close();
    sa.close();
  });

  it("pushes the ring to the callee's devices only (the notif queue), while it rings and as their settings allow", async () => {
    const { a, b, roomId } = await matchedPair();
    const origin = inject('pushReceiverOrigin');
    const device = async (m: SignedInMember): Promise<{ id: string; receiver: Receiver }> => {
      const id = crypto.randomUUID();
      const receiver = await newReceiver();
      const endpoint = `${origin}/push/201/${id}`;
      const json = subscriptionJson(receiver, endpoint);
      expect((await api('/api/on/push/subscriptions', { method: 'POST', token: m.accessToken, json })).status).toBe(
        200,
      );
      return { id, receiver };
    };
    type Recorded = { headers: Record<string, string>; body: string };
    const received = async (id: string) => (await fetch(`${origin}/received/${id}`)).json<Recorded[]>();
    const settings = (m: SignedInMember, push: Record<string, boolean>) =>
      api('/api/on/notifications/settings', {
        method: 'PUT',
        token: m.accessToken,
        json: { push, quietHours: { enabled: false, start: '22:00', end: '08:00' } },
      });
    const [callerPhone, calleePhone] = [await device(a), await device(b)];
    expect((await settings(b, {})).status).toBe(200); // quiet hours off: the real clock may be night in Korea
    const nickname = (await roomList(b)).find((r) => r.chatRoomId === roomId)?.opponentNickname;

    // No page of the callee is open: the proposal's ring goes through the real queue to their phone.
    const sa = await openRoom(a, roomId);
    const callId = crypto.randomUUID();
    frame(sa, { type: 'call-propose', callId, kind: 'VOICE' });
    const payload = (bytes: Uint8Array, r: Receiver) =>
      decryptPushMessage(bytes, r).then((p) => JSON.parse(new TextDecoder().decode(p)) as Record<string, string>);
    // (The pair's earlier 채팅 요청 may reach the phone too: the ring is the push titled 걸려 온 통화.)
    const rings = async () => {
      const all = await received(calleePhone.id);
      const decoded = await Promise.all(all.map((p) => payload(fromBase64url(p.body), calleePhone.receiver)));
      return all.flatMap((p, i) => (decoded[i]?.title === '걸려 온 통화' ? [{ ...p, json: decoded[i] }] : []));
    };
    const [push, ...more] = await eventually(rings, (r) => r.length > 0);
    if (!push) throw new Error('no ring push');
    expect(more).toEqual([]);
    expect(push.json).toEqual({
      title: '걸려 온 통화',
      body: `${nickname}님이 음성 통화를 걸었어요`,
      link: `/chatting?room=${roomId}`,
      tag: `room-${roomId}`, // the room's: the 부재중 line's 새 메시지 push replaces it
    });
    expect(push.headers.urgency).toBe('high');
    expect(push.headers.topic).toBeUndefined(); // an undelivered 새 메시지 of the room is not replaced
    expect(Number(push.headers.ttl)).toBeGreaterThan(20);
    expect(Number(push.headers.ttl)).toBeLessThanOrEqual(CALL_LIMITS.ringMs / 1000);
    const callerRings = async () =>
      (await received(callerPhone.id)).filter((p) => p.headers.urgency === 'high' && Number(p.headers.ttl) <= 30);
    expect(await callerRings()).toEqual([]); // the caller's own devices never ring

    // The consumer on the same message: the callee's 걸려 온 통화 switch off, or quiet time, sends nothing.
    const ring = {
      type: 'ring' as const,
      roomId,
      callId,
      kind: 'VIDEO' as const,
      calleeId: b.memberId,
      caller: nickname ?? '',
      expiresAt: new Date(Date.now() + 20_000).toISOString(),
    };
    const service = fakePushService(() => new Response(null, { status: 201 }));
    const deps = { fetcher: service.fetcher };
    expect((await settings(b, { CALL: false })).status).toBe(200);
    await consume([ring], { deps });
    expect(service.received).toHaveLength(0);
    expect((await settings(b, { CALL: true })).status).toBe(200);
    await api('/api/on/notifications/settings', {
      method: 'PUT',
      token: b.accessToken,
      json: { push: {}, quietHours: { enabled: true, start: '22:00', end: '08:00' } },
    });
    await consume([ring], { now: '2026-11-24T14:00:00.000Z', deps }); // 23:00 in Korea
    expect(service.received).toHaveLength(0);
    await consume([ring], { now: '2026-11-24T03:00:00.000Z', deps }); // noon: on, and it still rings
    expect(service.received).toHaveLength(1);
    expect(service.received[0]?.url).toContain(calleePhone.id);
    const video = await payload(service.received[0]?.body ?? new Uint8Array(), calleePhone.receiver);
    expect(video.body).toBe(`${nickname}님이 영상 통화를 걸었어요`);

    // Once it stops ringing (here the caller cancels), or with too little left, nothing goes out.
    frame(sa, { type: 'call-end', callId });
    await within(2_000, 'cancelled', sa.waitFor('message'));
    await consume([ring], { now: '2026-11-24T03:00:00.000Z', deps });
    const late = { ...ring, expiresAt: new Date(Date.now() + 1_000).toISOString() };
    await consume([late], { now: '2026-11-24T03:00:00.000Z', deps });
    expect(service.received).toHaveLength(1);
    expect(await callerRings()).toEqual([]);
    sa.close();
  });
});

describe('GET /api/on/calls/ice-servers', () => {
  afterEach(() => {
    forgetIceServers();
    vi.restoreAllMocks();
  });

  it('is for members only; without a TURN key it answers the configured STUN list or none', async () => {
    expect((await SELF.fetch(`${ORIGIN}/api/on/calls/ice-servers`)).status).toBe(401);
    const { a } = await matchedPair();
    const res = await getAs(a, '/api/on/calls/ice-servers');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json<IceServersResult>()).toEqual({ iceServers: [], ttlSeconds: 0 });
    const withStun = { ...env, CALL_STUN_URLS: 'stun:stun.example.com:3478, http://nope' } as Env;
    expect(await iceServers(withStun)).toEqual({
      iceServers: [{ urls: ['stun:stun.example.com:3478'] }],
      ttlSeconds: 0,
    });
  });

  it('mints short-lived TURN credentials with the key, reuses them briefly, and never logs them', async () => {
    const token = 'turn-api-token-secret';
    const secretEnv = { ...env, TURN_KEY_ID: 'key123', TURN_KEY_API_TOKEN: token } as Env;
    const logs: string[] = [];
    for (const level of ['log', 'info', 'warn', 'error'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(' ')));
    }
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const minted = {
      iceServers: [
        { urls: ['stun:stun.cloudflare.com:3478', 'stun:stun.cloudflare.com:53'] },
        {
          urls: [
            'turn:turn.cloudflare.com:3478?transport=udp',
            'turn:turn.cloudflare.com:53?transport=udp',
            'turns:turn.cloudflare.com:443?transport=tcp',
          ],
          username: 'user-abc',
          credential: 'cred-xyz',
        },
      ],
    };
    const fetcher = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(url), init });
      return Response.json(minted, { status: 201 });
    }) as unknown as typeof fetch;

    const first = await iceServers(secretEnv, 1_000_000, fetcher);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://rtc.live.cloudflare.com/v1/turn/keys/key123/credentials/generate-ice-servers');
    expect(new Headers(calls[0]?.init?.headers).get('Authorization')).toBe(`Bearer ${token}`);
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ ttl: CALL_LIMITS.iceTtlSeconds });
    expect(first.ttlSeconds).toBe(CALL_LIMITS.iceTtlSeconds);
    // Port 53 is dropped (browsers block it); the credentials pass through.
    expect(first.iceServers).toEqual([
      { urls: ['stun:stun.cloudflare.com:3478'] },
      {
        urls: ['turn:turn.cloudflare.com:3478?transport=udp', 'turns:turn.cloudflare.com:443?transport=tcp'],
        username: 'user-abc',
        credential: 'cred-xyz',
      },
    ]);
    // Reused within the cache window (with the time left), minted again after it.
    const again = await iceServers(secretEnv, 1_060_000, fetcher);
    expect(calls).toHaveLength(1);
    expect(again.ttlSeconds).toBe(CALL_LIMITS.iceTtlSeconds - 60);
    await iceServers(secretEnv, 1_000_000 + CALL_LIMITS.iceCacheSeconds * 1_000 + 1, fetcher);
    expect(calls).toHaveLength(2);

    // A failing mint falls back to STUN and logs only the status.
    forgetIceServers();
    const failing = vi.fn(async () => new Response(`bad token ${token}`, { status: 401 })) as unknown as typeof fetch;
    expect(await iceServers(secretEnv, 2_000_000, failing)).toEqual({ iceServers: [], ttlSeconds: 0 });
    expect(logs.join('\n')).toContain('HTTP 401');
    for (const secret of [token, 'cred-xyz', 'user-abc']) expect(logs.join('\n')).not.toContain(secret);
  });
});
