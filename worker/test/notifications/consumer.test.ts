// The `notif` queue consumer: the live bell frame once per notification, then Web Push through the
// push area's sender (to a push service stand-in) only when the kind is on and it is not quiet
// time on the Korean clock, with the kind's TTL/urgency/topic; retries what the service asks to.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { writeNotification, type NewNotification } from '../../src/areas/notifications/repo';
import { makeDb } from '../../src/lib/db';
import { signUpMember, type SignedInMember } from '../helpers/auth';
import { openLive, twoMembers } from '../helpers/chat';
import { call } from '../helpers/mypage';
import { consume, rowsOf } from '../helpers/notifications';
import { decryptPushMessage, fakePushService, newReceiver, subscriptionJson, type Receiver } from '../helpers/push';

// 12:00 and 23:00 in Korea.
const NOON_KST = '2026-11-24T03:00:00.000Z';
const NIGHT_KST = '2026-11-24T14:00:00.000Z';

async function withDevice(member: SignedInMember): Promise<Receiver> {
  const receiver = await newReceiver();
  const endpoint = `https://fcm.googleapis.com/notif/${crypto.randomUUID()}`;
  const res = await call('/api/on/push/subscriptions', {
    method: 'POST',
    token: member.accessToken,
    json: subscriptionJson(receiver, endpoint),
  });
  if (res.status !== 200) throw new Error(`subscribe failed: ${res.status} ${await res.text()}`);
  return receiver;
}

/** A message notification for `to` from `from`, written without enqueueing (the test runs the consumer). */
async function messageNotification(
  to: SignedInMember,
  from: SignedInMember,
  at = NOON_KST,
  o: Partial<NewNotification> = {},
) {
  const written = await writeNotification(makeDb(env.DB), {
    memberId: to.memberId,
    kind: 'MESSAGE',
    groupKey: 'room:12',
    actorId: from.memberId,
    text: '님이 메시지를 보냈어요: 안녕하세요',
    link: '/chatting?room=12',
    count: 1,
    at,
    collapse: true,
    ...o,
  });
  if (!written) throw new Error('not written');
  return written.id;
}

const deliver = (notificationId: number) => ({ type: 'deliver' as const, notificationId });
const ok = () => fakePushService(() => new Response(null, { status: 201 }));

const putSettings = (member: SignedInMember, json: unknown) =>
  call('/api/on/notifications/settings', { method: 'PUT', token: member.accessToken, json });

describe('deliver', () => {
  it('sends the bell frame with the unread count, then one push: title, text, link, TTL/urgency/topic of a message', async () => {
    const [me, friend] = await twoMembers();
    const receiver = await withDevice(me);
    const live = await openLive(me);
    const id = await messageNotification(me, friend);
    const service = ok();
    const result = await consume([deliver(id)], { now: NOON_KST, deps: { fetcher: service.fetcher } });
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    const [frame] = await live.waitFor('notification');
    expect(frame).toEqual({ type: 'notification', unread: 1 });

    expect(service.received).toHaveLength(1);
    const push = service.received[0];
    if (!push) throw new Error('no push');
    expect(push.headers.get('TTL')).toBe('3600');
    expect(push.headers.get('Urgency')).toBe('high');
    expect(push.headers.get('Topic')).toBe('room-12');
    const payload = JSON.parse(new TextDecoder().decode(await decryptPushMessage(push.body, receiver)));
    expect(payload).toEqual({
      title: '새 메시지',
      body: '이바다님이 메시지를 보냈어요: 안녕하세요',
      link: '/chatting?room=12',
      tag: 'room-12',
    });
    expect((await rowsOf(me.memberId))[0]?.delivered_at).toBe(NOON_KST);

    // The same message again (a duplicate delivery) announces and pushes nothing more.
    await consume([deliver(id)], { now: NOON_KST, deps: { fetcher: service.fetcher } });
    expect(service.received).toHaveLength(1);
    live.close();
  });

  it('a notice is pushed with low urgency and a 3-day TTL, and no topic', async () => {
    const [me] = await twoMembers();
    await withDevice(me);
    const written = await writeNotification(makeDb(env.DB), {
      memberId: me.memberId,
      kind: 'NOTICE',
      groupKey: 'notice:9',
      actorId: null,
      text: '새 공지가 올라왔어요: 점검 안내',
      link: '/notices/9',
      count: 1,
      at: NOON_KST,
      collapse: false,
    });
    const service = ok();
    await consume([deliver(written?.id ?? 0)], { now: NOON_KST, deps: { fetcher: service.fetcher } });
    expect(
      service.received.map((p) => [p.headers.get('TTL'), p.headers.get('Urgency'), p.headers.get('Topic')]),
    ).toEqual([['259200', 'very-low', null]]);
  });

  it('does not push a kind the member turned off (the bell still moves)', async () => {
    const [me, friend] = await twoMembers();
    await withDevice(me);
    const quiet = { enabled: false, start: '22:00', end: '08:00' };
    expect((await putSettings(me, { push: { MESSAGE: false }, quietHours: quiet })).status).toBe(200);
    const live = await openLive(me);
    const service = ok();
    const result = await consume([deliver(await messageNotification(me, friend))], {
      now: NOON_KST,
      deps: { fetcher: service.fetcher },
    });
    expect(result.explicitAcks).toHaveLength(1);
    await live.waitFor('notification');
    expect(service.received).toEqual([]);

    // Another kind still goes.
    const heart = await messageNotification(me, friend, NOON_KST, {
      kind: 'HEART',
      groupKey: 'heart:1',
      text: '님이 마음을 보냈어요',
    });
    await consume([deliver(heart)], { now: NOON_KST, deps: { fetcher: service.fetcher } });
    expect(service.received).toHaveLength(1);
    live.close();
  });

  it('does not push in quiet hours on the Korean clock (default 22:00–08:00), pushes when they are off or elsewhere', async () => {
    const [me, friend] = await twoMembers();
    await withDevice(me);
    const service = ok();
    await consume([deliver(await messageNotification(me, friend, NIGHT_KST))], {
      now: NIGHT_KST,
      deps: { fetcher: service.fetcher },
    });
    expect(service.received).toEqual([]);
    expect(await rowsOf(me.memberId)).toHaveLength(1); // the list still has it

    // Quiet hours 09:00–18:00: noon is quiet, 23:00 is not.
    await putSettings(me, { push: {}, quietHours: { enabled: true, start: '09:00', end: '18:00' } });
    await consume([deliver(await messageNotification(me, friend, NOON_KST, { groupKey: 'room:13' }))], {
      now: NOON_KST,
      deps: { fetcher: service.fetcher },
    });
    expect(service.received).toEqual([]);
    await consume([deliver(await messageNotification(me, friend, NIGHT_KST, { groupKey: 'room:14' }))], {
      now: NIGHT_KST,
      deps: { fetcher: service.fetcher },
    });
    expect(service.received).toHaveLength(1);

    await putSettings(me, { push: {}, quietHours: { enabled: false, start: '22:00', end: '08:00' } });
    await consume([deliver(await messageNotification(me, friend, NIGHT_KST, { groupKey: 'room:15' }))], {
      now: NIGHT_KST,
      deps: { fetcher: service.fetcher },
    });
    expect(service.received).toHaveLength(2);
  });

  it('retries with the delay the push service asked for, and pushes on the retried attempt', async () => {
    const [me, friend] = await twoMembers();
    await withDevice(me);
    const busy = fakePushService(() => new Response('busy', { status: 503, headers: { 'Retry-After': '120' } }));
    const id = await messageNotification(me, friend);
    const first = await consume([deliver(id)], { now: NOON_KST, deps: { fetcher: busy.fetcher } });
    expect(first.explicitAcks).toEqual([]);
    expect(first.retryMessages).toHaveLength(1);
    expect(first.retryDelays).toEqual([120]);

    const service = ok();
    const second = await consume([deliver(id)], { now: NOON_KST, attempts: 2, deps: { fetcher: service.fetcher } });
    expect(second.explicitAcks).toHaveLength(1);
    expect(service.received).toHaveLength(1);
  });

  it('pushes nothing for a row already read, too old for its TTL, or whose actor is now blocked', async () => {
    const [me, friend] = await twoMembers();
    await withDevice(me);
    const service = ok();
    const readId = await messageNotification(me, friend);
    await env.DB.prepare('UPDATE notifications SET read_at = ? WHERE id = ?').bind(NOON_KST, readId).run();
    const staleId = await messageNotification(me, friend, '2026-11-24T01:00:00.000Z', { groupKey: 'room:20' });
    const blockedId = await messageNotification(me, friend, NOON_KST, { groupKey: 'room:21' });
    await env.DB.prepare('INSERT INTO blocks (member_id, target_id) VALUES (?, ?)')
      .bind(me.memberId, friend.memberId)
      .run();
    const result = await consume([deliver(readId), deliver(staleId), deliver(blockedId)], {
      now: NOON_KST,
      deps: { fetcher: service.fetcher },
    });
    expect(result.explicitAcks).toHaveLength(3);
    expect(service.received).toEqual([]);
  });

  it('drops a message it cannot read', async () => {
    const result = await consume([{ type: 'deliver', notificationId: 'x' } as never], { now: NOON_KST });
    expect(result.explicitAcks).toHaveLength(1);
  });
});

describe('a member without a push device', () => {
  it('still gets the bell frame; nothing is sent', async () => {
    const [me, friend] = await twoMembers();
    const live = await openLive(me);
    const service = ok();
    const another = await signUpMember();
    await messageNotification(me, another, NOON_KST, { groupKey: 'room:30' });
    const result = await consume([deliver(await messageNotification(me, friend))], {
      now: NOON_KST,
      deps: { fetcher: service.fetcher },
    });
    expect(result.explicitAcks).toHaveLength(1);
    expect(await live.waitFor('notification')).toEqual([{ type: 'notification', unread: 2 }]);
    expect(service.received).toEqual([]);
    live.close();
  });
});
