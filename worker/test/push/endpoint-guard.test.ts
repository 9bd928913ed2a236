// Issue 21 §3 and §14: the Worker only POSTs to the browsers' push services (allow-listed hosts,
// no IP literal in any spelling, no credentials, bounded length), a Retry-After never shortens our
// own backoff, an endpoint gets a bounded number of tries per hour, and a 404/410 inside one queue
// batch stops the batch's other pushes to that device at once.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { writeNotification } from '../../src/areas/notifications/repo';
import { endpointProblem, MAX_RETRY_DELAY_SECONDS } from '../../src/areas/push/send';
import { sendToMember, type PushPayload, type SendToMemberOptions } from '../../src/areas/push/service';
import { PUSH_KO, PUSH_LIMITS } from '../../src/contract/push';
import { makeDb } from '../../src/lib/db';
import { signUpMember, type SignedInMember } from '../helpers/auth';
import { twoMembers } from '../helpers/chat';
import { call, type ErrorBody } from '../helpers/mypage';
import { consume } from '../helpers/notifications';
import { fakePushService, newReceiver, subscriptionJson } from '../helpers/push';

const PATH = '/api/on/push/subscriptions';
const payload: PushPayload = { title: '새 메시지', body: '안녕하세요', link: '/chat/7' };
const opts: SendToMemberOptions = { ttl: 3600, urgency: 'high' };
const NOON_KST = '2026-11-24T03:00:00.000Z';

async function subscribeAs(member: SignedInMember, endpoint: string) {
  return call(PATH, {
    method: 'POST',
    token: member.accessToken,
    json: subscriptionJson(await newReceiver(), endpoint),
  });
}

describe('POST /api/on/push/subscriptions: only the browsers’ push services', () => {
  it.each([
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1:6379/',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://2130706433/',
    'https://0x7f000001/wpush',
    'https://[fd00::1]/wpush',
    `https://${'a'.repeat(2000)}.com/`,
    'https://shop.example.com/checkout?item=1',
    'https://user:secret@fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/fcm/send/abc',
    'https://evilpush.apple.com/abc',
    'https://FCM.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com/fcm/send/abc#x',
  ])('refuses %s with 400 and a Korean message', async (url) => {
    const me = await signUpMember();
    const res = await subscribeAs(me, url);
    expect(res.status).toBe(400);
    const body = await res.json<ErrorBody>();
    expect(body.code).toBe('PUSH_SUBSCRIPTION_INVALID');
    expect([PUSH_KO.endpointInvalid, PUSH_KO.endpointNotAllowed]).toContain(body.fields?.endpoint);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM push_subscriptions WHERE member_id = ?')
      .bind(me.memberId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it('a well-formed host that is not a push service gets the "push services only" message', async () => {
    const res = await subscribeAs(await signUpMember(), 'https://shop.example.com/checkout');
    expect((await res.json<ErrorBody>()).fields?.endpoint).toBe(PUSH_KO.endpointNotAllowed);
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bHx-yz_12',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
    'https://web.push.apple.com/QGt3ZXN0LXRva2Vu',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB%2bT',
  ])('accepts %s', async (url) => {
    expect((await subscribeAs(await signUpMember(), url)).status).toBe(200);
  });

  it('loopback only with DEV_PORTAL=true, and only when written as loopback', () => {
    expect(endpointProblem('http://127.0.0.1:8851/push/1', true)).toBeNull();
    expect(endpointProblem('http://127.0.0.1:8851/push/1', false)).toBe('NOT_HTTPS');
    expect(endpointProblem('https://127.0.0.1/push/1', false)).toBe('NOT_ALLOWED');
    expect(endpointProblem('https://2130706433/', true)).toBe('INVALID');
    expect(
      endpointProblem(`https://fcm.googleapis.com/fcm/send/${'x'.repeat(PUSH_LIMITS.endpointMaxLength)}`, false),
    ).toBe('INVALID');
  });
});

describe('sending: retries and tries per endpoint stay bounded', () => {
  async function memberWithDevice() {
    const me = await signUpMember();
    expect((await subscribeAs(me, `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`)).status).toBe(200);
    return me;
  }

  it('Retry-After: 1 waits our own backoff (30 s, then 60 s); a year is cut to 12 h', async () => {
    const me = await memberWithDevice();
    const answer = (retryAfter: string) =>
      fakePushService(() => new Response('busy', { status: 503, headers: { 'Retry-After': retryAfter } })).fetcher;
    const db = makeDb(env.DB);
    expect(
      (await sendToMember(env, db, me.memberId, payload, { ...opts, fetcher: answer('1') })).retryAfterSeconds,
    ).toBe(30);
    const second = await sendToMember(env, db, me.memberId, payload, { ...opts, retries: 1, fetcher: answer('1') });
    expect(second.retryAfterSeconds).toBe(60);
    const far = await sendToMember(env, db, me.memberId, payload, { ...opts, fetcher: answer(String(365 * 86400)) });
    expect(far.retryAfterSeconds).toBe(MAX_RETRY_DELAY_SECONDS);
  });

  it(`an endpoint gets at most ${PUSH_LIMITS.triesPerEndpointPerHour} tries an hour; the rest are dropped unsent`, async () => {
    const me = await memberWithDevice();
    const hour = Math.floor(Date.now() / 3_600_000) * 3600;
    await env.DB.prepare('UPDATE push_subscriptions SET tries = ?, tries_window = ? WHERE member_id = ?')
      .bind(PUSH_LIMITS.triesPerEndpointPerHour - 1, hour, me.memberId)
      .run();
    const service = fakePushService(() => new Response('busy', { status: 503, headers: { 'Retry-After': '1' } }));
    const db = makeDb(env.DB);
    const last = await sendToMember(env, db, me.memberId, payload, { ...opts, fetcher: service.fetcher });
    expect(last.retryAfterSeconds).toBeDefined();
    const over = await sendToMember(env, db, me.memberId, payload, { ...opts, fetcher: service.fetcher });
    expect(over).toEqual({ configured: true, delivered: 0, removed: 0, dropped: 1 });
    expect(service.received).toHaveLength(1);
  });
});

describe('a queue batch and a 410', () => {
  it('the first 410 ends the batch’s pushes to that device; the row is deleted', async () => {
    const [me, friend] = await twoMembers();
    expect((await subscribeAs(me, `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`)).status).toBe(200);
    const db = makeDb(env.DB);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const row = await writeNotification(db, {
        memberId: me.memberId,
        kind: 'MESSAGE',
        groupKey: `room:${900 + i}`,
        actorId: friend.memberId,
        text: '님이 메시지를 보냈어요: 안녕하세요',
        link: `/chatting?room=${900 + i}`,
        count: 1,
        at: NOON_KST,
        collapse: true,
      });
      if (row) ids.push(row.id);
    }
    const service = fakePushService(() => new Response('gone', { status: 410 }));
    await consume(
      ids.map((notificationId) => ({ type: 'deliver' as const, notificationId })),
      { now: NOON_KST, deps: { fetcher: service.fetcher } },
    );
    expect(service.received).toHaveLength(1);
    const left = await env.DB.prepare('SELECT count(*) AS n FROM push_subscriptions WHERE member_id = ?')
      .bind(me.memberId)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});
