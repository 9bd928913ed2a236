// sendToMember against a push service stand-in: what goes on the wire (encrypted body that the
// browser's keys open, VAPID, TTL/Urgency/Topic) and how each answer is honoured.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { sendToMember, type PushPayload, type SendToMemberOptions } from '../../src/areas/push/service';
import { backoffSeconds, parseRetryAfter } from '../../src/areas/push/send';
import { makeDb } from '../../src/lib/db';
import { signUpMember } from '../helpers/auth';
import { call } from '../helpers/mypage';
import {
  decryptPushMessage,
  fakePushService,
  newReceiver,
  subscriptionJson,
  verifyVapidHeader,
  type ReceivedPush,
  type Receiver,
} from '../helpers/push';

const db = () => makeDb(env.DB);
const payload: PushPayload = { title: '새 메시지', body: '지민: 안녕하세요 😊', link: '/chat/7', tag: 'chat-7' };
const opts: SendToMemberOptions = { ttl: 3600, urgency: 'high', topic: 'chat-7' };

/** A member with one subscribed "browser" per endpoint path; returns the receivers by endpoint. */
async function memberWithDevices(...paths: string[]) {
  const me = await signUpMember();
  const devices = new Map<string, Receiver>();
  for (const path of paths) {
    const endpoint = `https://fcm.googleapis.com/${path}/${crypto.randomUUID()}`;
    const receiver = await newReceiver();
    devices.set(endpoint, receiver);
    const res = await call('/api/on/push/subscriptions', {
      method: 'POST',
      token: me.accessToken,
      json: subscriptionJson(receiver, endpoint),
    });
    expect(res.status).toBe(200);
  }
  return { ...me, devices };
}

async function endpointsOf(memberId: number): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT endpoint FROM push_subscriptions WHERE member_id = ? ORDER BY id')
    .bind(memberId)
    .all<{ endpoint: string }>();
  return results.map((r) => r.endpoint);
}

/** Answers by the first path segment of the endpoint: /201/…, /410/…, /429/…. */
const byPath = (headers: Record<string, Record<string, string>> = {}) =>
  fakePushService((push) => {
    const status = Number(new URL(push.url).pathname.split('/')[1]);
    return new Response(status === 201 ? null : 'answer', { status, headers: headers[status] });
  });

describe('sendToMember: what the push service receives', () => {
  it('one POST per device: aes128gcm body the browser decrypts to the JSON payload, VAPID for that origin, TTL, Urgency, Topic', async () => {
    const me = await memberWithDevices('201', '201');
    const service = byPath();
    const result = await sendToMember(env, db(), me.memberId, payload, { ...opts, fetcher: service.fetcher });
    expect(result).toEqual({ configured: true, delivered: 2, removed: 0, dropped: 0 });
    expect(service.received.map((p) => p.url).sort()).toEqual([...me.devices.keys()].sort());
    for (const push of service.received) {
      const receiver = me.devices.get(push.url);
      if (!receiver) throw new Error('pushed to an unknown endpoint');
      const json = JSON.parse(new TextDecoder().decode(await decryptPushMessage(push.body, receiver)));
      expect(json).toEqual(payload);
      expect(push.headers.get('Content-Encoding')).toBe('aes128gcm');
      expect(push.headers.get('Content-Type')).toBe('application/octet-stream');
      expect(push.headers.get('TTL')).toBe('3600');
      expect(push.headers.get('Urgency')).toBe('high');
      expect(push.headers.get('Topic')).toBe('chat-7');
      const { claims, key } = await verifyVapidHeader(push.headers.get('Authorization'));
      expect(claims.aud).toBe('https://fcm.googleapis.com');
      expect(key).toBe(env.VAPID_PUBLIC_KEY);
    }
    // A browser's keys open only its own message.
    const [a, b] = service.received as [ReceivedPush, ReceivedPush];
    const otherReceiver = me.devices.get(b.url) as Receiver;
    await expect(decryptPushMessage(a.body, otherReceiver)).rejects.toThrow();
  });

  it('no Topic header when none is given; a body too long for one message is shortened with …', async () => {
    const me = await memberWithDevices('201');
    const service = byPath();
    const long = { ...payload, body: '가'.repeat(3000) };
    const result = await sendToMember(env, db(), me.memberId, long, {
      ttl: 0,
      urgency: 'low',
      fetcher: service.fetcher,
    });
    expect(result.delivered).toBe(1);
    const push = service.received[0] as ReceivedPush;
    expect(push.headers.has('Topic')).toBe(false);
    expect(push.headers.get('TTL')).toBe('0');
    expect(push.body.length).toBeLessThanOrEqual(4096);
    const receiver = [...me.devices.values()][0] as Receiver;
    const json = JSON.parse(new TextDecoder().decode(await decryptPushMessage(push.body, receiver))) as PushPayload;
    expect(json.body.endsWith('…')).toBe(true);
    expect(long.body.startsWith(json.body.slice(0, -1))).toBe(true);
  });

  it('a member without devices sends nothing', async () => {
    const me = await signUpMember();
    const service = byPath();
    expect(await sendToMember(env, db(), me.memberId, payload, { ...opts, fetcher: service.fetcher })).toEqual({
      configured: true,
      delivered: 0,
      removed: 0,
      dropped: 0,
    });
    expect(service.received).toHaveLength(0);
  });

  it('without VAPID keys nothing is sent and the result says so', async () => {
    const me = await memberWithDevices('201');
    const service = byPath();
    const result = await sendToMember({ ...env, VAPID_PRIVATE_KEY: '' }, db(), me.memberId, payload, {
      ...opts,
      fetcher: service.fetcher,
    });
    expect(result).toEqual({ configured: false, delivered: 0, removed: 0, dropped: 0 });
    expect(service.received).toHaveLength(0);
  });
});

describe("sendToMember: the push service's answers", () => {
  it('404 and 410 delete those subscriptions; 201 keeps its own', async () => {
    const me = await memberWithDevices('201', '404', '410');
    const result = await sendToMember(env, db(), me.memberId, payload, { ...opts, fetcher: byPath().fetcher });
    expect(result).toMatchObject({ delivered: 1, removed: 2, dropped: 0 });
    expect(result.retryAfterSeconds).toBeUndefined();
    const left = await endpointsOf(me.memberId);
    expect(left).toHaveLength(1);
    expect(left[0]).toContain('/201/');
  });

  it('429 with Retry-After is retryable after that many seconds; the subscription stays', async () => {
    const me = await memberWithDevices('201', '429');
    const service = byPath({ 429: { 'Retry-After': '120' } });
    const result = await sendToMember(env, db(), me.memberId, payload, { ...opts, fetcher: service.fetcher });
    expect(result).toMatchObject({ delivered: 1, removed: 0, dropped: 0, retryAfterSeconds: 120 });
    const ids = await env.DB.prepare(
      "SELECT id FROM push_subscriptions WHERE member_id = ? AND endpoint LIKE '%/429/%'",
    )
      .bind(me.memberId)
      .all<{ id: number }>();
    expect(result.retrySubscriptionIds).toEqual(ids.results.map((r) => r.id));
    expect(await endpointsOf(me.memberId)).toHaveLength(2);

    // The retry goes only to the device that asked for it.
    const again = byPath();
    const retried = await sendToMember(env, db(), me.memberId, payload, {
      ...opts,
      retries: 1,
      subscriptionIds: result.retrySubscriptionIds,
      fetcher: again.fetcher,
    });
    expect(again.received.map((p) => p.url)).toEqual([expect.stringContaining('/429/')]);
    expect(retried.retryAfterSeconds).toBe(backoffSeconds(1));
  });

  it('5xx without Retry-After backs off exponentially with the retries so far; a network failure too', async () => {
    const me = await memberWithDevices('503');
    const first = await sendToMember(env, db(), me.memberId, payload, { ...opts, fetcher: byPath().fetcher });
    expect(first.retryAfterSeconds).toBe(30);
    const third = await sendToMember(env, db(), me.memberId, payload, {
      ...opts,
      retries: 2,
      fetcher: byPath().fetcher,
    });
    expect(third.retryAfterSeconds).toBe(120);
    const down = (async () => {
      throw new TypeError('connection refused');
    }) as typeof fetch;
    const offline = await sendToMember(env, db(), me.memberId, payload, { ...opts, fetcher: down });
    expect(offline).toMatchObject({ delivered: 0, removed: 0, retryAfterSeconds: 30 });
    expect(await endpointsOf(me.memberId)).toHaveLength(1);
  });

  it('400 and 413 are dropped: not retried, subscription kept', async () => {
    const me = await memberWithDevices('400', '413');
    const result = await sendToMember(env, db(), me.memberId, payload, { ...opts, fetcher: byPath().fetcher });
    expect(result).toEqual({ configured: true, delivered: 0, removed: 0, dropped: 2 });
    expect(await endpointsOf(me.memberId)).toHaveLength(2);
  });

  it('a loopback http subscription is removed unsent once DEV_PORTAL is off', async () => {
    const me = await signUpMember();
    await call('/api/on/push/subscriptions', {
      method: 'POST',
      token: me.accessToken,
      json: subscriptionJson(await newReceiver(), 'http://127.0.0.1:8851/push/1'),
    });
    const service = byPath();
    const result = await sendToMember({ ...env, DEV_PORTAL: 'false' }, db(), me.memberId, payload, {
      ...opts,
      fetcher: service.fetcher,
    });
    expect(result).toMatchObject({ delivered: 0, removed: 1 });
    expect(service.received).toHaveLength(0);
    expect(await endpointsOf(me.memberId)).toHaveLength(0);
  });
});

describe('Retry-After and backoff', () => {
  const now = new Date('2026-11-24T03:00:00.000Z');
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('90', now)).toBe(90);
    expect(parseRetryAfter('Tue, 24 Nov 2026 03:05:00 GMT', now)).toBe(300);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('30 s doubling, at most 12 h', () => {
    expect([0, 1, 2, 3].map(backoffSeconds)).toEqual([30, 60, 120, 240]);
    expect(backoffSeconds(50)).toBe(12 * 3600);
  });
});
