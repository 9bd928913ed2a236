// Registering devices: the public key call, subscribe (several devices, upsert, moving an endpoint
// to whoever subscribes it last), unsubscribe (own only), endpoint and key checks.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PUSH_KO, PUSH_LIMITS } from '../../src/contract/push';
import { subscribe } from '../../src/areas/push/service';
import { makeDb } from '../../src/lib/db';
import { AppError } from '../../src/lib/errors';
import { base64url, fromBase64url } from '../../src/lib/crypto';
import { signUpMember } from '../helpers/auth';
import { call, type ErrorBody } from '../helpers/mypage';
import { newReceiver, subscriptionJson, type Receiver } from '../helpers/push';

const PATH = '/api/on/push/subscriptions';
const post = (token: string | undefined, json: unknown) => call(PATH, { method: 'POST', token, json });
const remove = (token: string | undefined, json: unknown) => call(PATH, { method: 'DELETE', token, json });
const endpoint = () => `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;

async function rowsOf(memberId: number) {
  const { results } = await env.DB.prepare(
    'SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE member_id = ? ORDER BY id',
  )
    .bind(memberId)
    .all<{ endpoint: string; p256dh: string; auth: string }>();
  return results;
}

async function ownerOf(url: string): Promise<number | null> {
  const row = await env.DB.prepare('SELECT member_id AS memberId FROM push_subscriptions WHERE endpoint = ?')
    .bind(url)
    .first<{ memberId: number }>();
  return row?.memberId ?? null;
}

describe('GET /api/push/vapid-public-key', () => {
  it('answers the configured key without sign-in: base64url of a 65-byte uncompressed point', async () => {
    const res = await call('/api/push/vapid-public-key');
    expect(res.status).toBe(200);
    const { publicKey } = await res.json<{ publicKey: string }>();
    expect(publicKey).toBe(env.VAPID_PUBLIC_KEY);
    const point = fromBase64url(publicKey);
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
  });
});

describe('POST /api/on/push/subscriptions', () => {
  it('needs a signed-in member', async () => {
    const res = await post(undefined, subscriptionJson(await newReceiver(), endpoint()));
    expect(res.status).toBe(401);
  });

  it('stores each device of a member (the browser’s toJSON() as is)', async () => {
    const me = await signUpMember();
    const [phone, laptop] = [endpoint(), endpoint()];
    const r1 = await post(me.accessToken, subscriptionJson(await newReceiver(), phone));
    expect(r1.status).toBe(200);
    expect(await r1.json()).toEqual({ endpoint: phone, subscribed: true });
    expect((await post(me.accessToken, subscriptionJson(await newReceiver(), laptop))).status).toBe(200);
    expect((await rowsOf(me.memberId)).map((r) => r.endpoint)).toEqual([phone, laptop]);
  });

  it('the same endpoint again is one row with the new keys', async () => {
    const me = await signUpMember();
    const url = endpoint();
    await post(me.accessToken, subscriptionJson(await newReceiver(), url));
    const renewed = await newReceiver();
    expect((await post(me.accessToken, subscriptionJson(renewed, url))).status).toBe(200);
    const rows = await rowsOf(me.memberId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.p256dh).toBe(base64url(renewed.keys.publicKey));
    expect(rows[0]?.auth).toBe(base64url(renewed.auth));
  });

  it('an endpoint subscribed by another member moves to that member', async () => {
    const first = await signUpMember();
    const second = await signUpMember();
    const url = endpoint();
    await post(first.accessToken, subscriptionJson(await newReceiver(), url));
    expect(await ownerOf(url)).toBe(first.memberId);
    expect((await post(second.accessToken, subscriptionJson(await newReceiver(), url))).status).toBe(200);
    expect(await ownerOf(url)).toBe(second.memberId);
    expect(await rowsOf(first.memberId)).toHaveLength(0);
  });

  it(`keeps the ${PUSH_LIMITS.subscriptionsPerMember} most recently registered devices`, async () => {
    const me = await signUpMember();
    const urls = Array.from({ length: PUSH_LIMITS.subscriptionsPerMember + 1 }, endpoint);
    const receiver = await newReceiver();
    for (const url of urls) expect((await post(me.accessToken, subscriptionJson(receiver, url))).status).toBe(200);
    const kept = (await rowsOf(me.memberId)).map((r) => r.endpoint);
    expect(kept).toHaveLength(PUSH_LIMITS.subscriptionsPerMember);
    expect(kept).not.toContain(urls[0]);
    expect(kept).toContain(urls.at(-1));
  });

  it('accepts a loopback http endpoint with DEV_PORTAL=true (the test pool’s setting), not other http', async () => {
    const me = await signUpMember();
    const receiver = await newReceiver();
    for (const url of ['http://127.0.0.1:8851/push/1', 'http://localhost:8851/push/2']) {
      expect((await post(me.accessToken, subscriptionJson(receiver, url))).status).toBe(200);
    }
    const res = await post(me.accessToken, subscriptionJson(receiver, 'http://fcm.googleapis.com/fcm/send/x'));
    expect(res.status).toBe(400);
    const body = await res.json<ErrorBody>();
    expect(body.code).toBe('PUSH_SUBSCRIPTION_INVALID');
    expect(body.fields?.endpoint).toBe(PUSH_KO.endpointNotHttps);
  });

  it('without DEV_PORTAL only https endpoints are accepted', async () => {
    const me = await signUpMember();
    const ctx = { env: { ...env, DEV_PORTAL: 'false' }, db: makeDb(env.DB), now: new Date() };
    const body = subscriptionJson(await newReceiver(), 'http://127.0.0.1:8851/push/1');
    const err = await subscribe(ctx, me.memberId, body).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toBe(PUSH_KO.endpointNotHttps);
    await subscribe(ctx, me.memberId, { ...body, endpoint: 'https://fcm.googleapis.com/ok' });
    expect((await rowsOf(me.memberId)).map((r) => r.endpoint)).toEqual(['https://fcm.googleapis.com/ok']);
  });

  describe('refuses malformed subscriptions with a Korean message on the field', () => {
    let receiver: Receiver;
    const withKeys = (keys: Record<string, unknown>) => ({ ...subscriptionJson(receiver, endpoint()), keys });
    const offCurve = async () => {
      const point = new Uint8Array((await newReceiver()).keys.publicKey);
      point[64] = (point[64] ?? 0) ^ 1;
      return base64url(point);
    };

    it.each([
      [
        'p256dh of 64 bytes',
        async () => ({ p256dh: base64url(new Uint8Array(64)), auth: base64url(receiver.auth) }),
        'keys.p256dh',
        PUSH_KO.p256dhInvalid,
      ],
      [
        'p256dh compressed (0x02…)',
        async () => ({ p256dh: base64url(new Uint8Array(65).fill(2)), auth: base64url(receiver.auth) }),
        'keys.p256dh',
        PUSH_KO.p256dhInvalid,
      ],
      [
        'p256dh not on the curve',
        async () => ({ p256dh: await offCurve(), auth: base64url(receiver.auth) }),
        'keys.p256dh',
        PUSH_KO.p256dhInvalid,
      ],
      [
        'p256dh not base64url',
        async () => ({ p256dh: '+'.repeat(87), auth: base64url(receiver.auth) }),
        'keys.p256dh',
        PUSH_KO.p256dhInvalid,
      ],
      [
        'auth of 15 bytes',
        async () => ({ p256dh: base64url(receiver.keys.publicKey), auth: base64url(new Uint8Array(15)) }),
        'keys.auth',
        PUSH_KO.authInvalid,
      ],
      ['auth missing', async () => ({ p256dh: base64url(receiver.keys.publicKey) }), 'keys.auth', PUSH_KO.authInvalid],
    ])('%s', async (_name, keys, field, message) => {
      receiver = await newReceiver();
      const me = await signUpMember();
      const res = await post(me.accessToken, withKeys(await keys()));
      expect(res.status).toBe(400);
      const body = await res.json<ErrorBody>();
      expect(body.code).toBe('PUSH_SUBSCRIPTION_INVALID');
      expect(body.fields?.[field]).toBe(message);
      expect(await rowsOf(me.memberId)).toHaveLength(0);
    });

    it('an endpoint that is not a URL', async () => {
      receiver = await newReceiver();
      const me = await signUpMember();
      const res = await post(me.accessToken, subscriptionJson(receiver, 'not a url'));
      expect(res.status).toBe(400);
      expect((await res.json<ErrorBody>()).fields?.endpoint).toBe(PUSH_KO.endpointInvalid);
    });
  });
});

describe('DELETE /api/on/push/subscriptions', () => {
  it('removes one of my devices; again, or an endpoint never registered, is 404', async () => {
    const me = await signUpMember();
    const [keep, drop] = [endpoint(), endpoint()];
    await post(me.accessToken, subscriptionJson(await newReceiver(), keep));
    await post(me.accessToken, subscriptionJson(await newReceiver(), drop));
    const res = await remove(me.accessToken, { endpoint: drop });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ endpoint: drop, subscribed: false });
    expect((await rowsOf(me.memberId)).map((r) => r.endpoint)).toEqual([keep]);
    const again = await remove(me.accessToken, { endpoint: drop });
    expect(again.status).toBe(404);
    expect(await again.json<ErrorBody>()).toMatchObject({
      code: 'PUSH_SUBSCRIPTION_NOT_FOUND',
      message: PUSH_KO.subscriptionNotFound,
    });
  });

  it('another member cannot remove my device: answered like an unknown endpoint, and it stays', async () => {
    const me = await signUpMember();
    const other = await signUpMember();
    const mine = endpoint();
    await post(me.accessToken, subscriptionJson(await newReceiver(), mine));
    const res = await remove(other.accessToken, { endpoint: mine });
    expect(res.status).toBe(404);
    expect((await res.json<ErrorBody>()).code).toBe('PUSH_SUBSCRIPTION_NOT_FOUND');
    expect(await ownerOf(mine)).toBe(me.memberId);
  });
});
