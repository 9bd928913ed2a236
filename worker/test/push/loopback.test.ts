// End to end over real HTTP: a member subscribes a loopback endpoint (allowed with DEV_PORTAL),
// sendToMember uses the Worker's own fetch, and a Node receiver (receiver.global.ts) gets the push.
import { env } from 'cloudflare:test';
import { describe, expect, inject, it } from 'vitest';
import { sendToMember, type PushPayload } from '../../src/areas/push/service';
import { makeDb } from '../../src/lib/db';
import { fromBase64url } from '../../src/lib/crypto';
import { signUpMember } from '../helpers/auth';
import { call } from '../helpers/mypage';
import { decryptPushMessage, newReceiver, subscriptionJson, verifyVapidHeader } from '../helpers/push';

type Recorded = { method: string; path: string; headers: Record<string, string>; body: string };

const origin = inject('pushReceiverOrigin');
const received = async (id: string) => (await fetch(`${origin}/received/${id}`)).json<Recorded[]>();

async function subscribedMember(answer: string) {
  const me = await signUpMember();
  const id = crypto.randomUUID();
  const receiver = await newReceiver();
  const res = await call('/api/on/push/subscriptions', {
    method: 'POST',
    token: me.accessToken,
    json: subscriptionJson(receiver, `${origin}/push/${answer}/${id}`),
  });
  expect(res.status).toBe(200);
  return { me, id, receiver };
}

const payload: PushPayload = {
  title: '새 채팅 요청',
  body: '하늘님이 대화를 청했어요.',
  link: '/chatting',
  tag: 'req-1',
};

describe('a real push over loopback HTTP', () => {
  it('arrives once, decrypts with the browser keys to the payload, VAPID for the receiver origin', async () => {
    const { me, id, receiver } = await subscribedMember('201');
    const result = await sendToMember(env, makeDb(env.DB), me.memberId, payload, { ttl: 86400, urgency: 'normal' });
    expect(result).toEqual({ configured: true, delivered: 1, removed: 0, dropped: 0 });
    const [push, ...more] = await received(id);
    expect(more).toHaveLength(0);
    if (!push) throw new Error('nothing arrived');
    expect(push.method).toBe('POST');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe('86400');
    expect(push.headers.urgency).toBe('normal');
    const { claims } = await verifyVapidHeader(push.headers.authorization ?? null);
    expect(claims.aud).toBe(origin);
    const plain = await decryptPushMessage(fromBase64url(push.body), receiver);
    expect(JSON.parse(new TextDecoder().decode(plain))).toEqual(payload);
  });

  it('410 from the receiver removes the subscription; 429 with Retry-After keeps it and asks for a retry', async () => {
    const gone = await subscribedMember('410');
    const db = makeDb(env.DB);
    expect(await sendToMember(env, db, gone.me.memberId, payload, { ttl: 60, urgency: 'low' })).toMatchObject({
      removed: 1,
    });
    expect(await received(gone.id)).toHaveLength(1);
    const busy = await subscribedMember('429-45');
    const result = await sendToMember(env, db, busy.me.memberId, payload, { ttl: 60, urgency: 'low' });
    expect(result).toMatchObject({ delivered: 0, removed: 0, retryAfterSeconds: 45 });
    expect(result.retrySubscriptionIds).toHaveLength(1);
  });
});
