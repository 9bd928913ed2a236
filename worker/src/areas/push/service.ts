// Web Push for members: registering devices, and sending one notification to all of a member's
// devices with each push service's answer honoured (docs/notifications.md "Web Push").
import { PUSH_KO, PUSH_LIMITS, type PushSubscriptionBody } from '../../contract/push';
import { nowDate } from '../../lib/clock';
import { fromBase64url } from '../../lib/crypto';
import { devPortalEnabled, type Db, type Env } from '../../lib/env';
import { Invalid, NotFound } from '../../lib/errors';
import { PUSH_MAX_PLAINTEXT, importUaPublicKey } from './encrypt';
import { deleteOwnSubscription, deleteSubscriptionsById, takeSubscriptionsOf, upsertSubscription } from './repo';
import { endpointProblem, sendWebPush, type PushOptions, type PushOutcome } from './send';
import { loadVapidKeys } from './vapid';
import type { RequestContext } from '../../lib/context';

const invalid = (field: string, message: string) =>
  new Invalid(message, { [field]: message }, 'PUSH_SUBSCRIPTION_INVALID');

/** Registers (or moves to this member) a browser's push subscription. */
export async function subscribe(ctx: RequestContext, memberId: number, body: PushSubscriptionBody): Promise<void> {
  const problem = endpointProblem(body.endpoint, devPortalEnabled(ctx.env));
  if (problem === 'NOT_HTTPS') throw invalid('endpoint', PUSH_KO.endpointNotHttps);
  if (problem === 'NOT_ALLOWED') throw invalid('endpoint', PUSH_KO.endpointNotAllowed);
  if (problem) throw invalid('endpoint', PUSH_KO.endpointInvalid);
  const point = fromBase64url(body.keys.p256dh);
  if (point.length !== PUSH_LIMITS.p256dhBytes || point[0] !== 4) throw invalid('keys.p256dh', PUSH_KO.p256dhInvalid);
  try {
    await importUaPublicKey(point); // refuses points that are not on P-256
  } catch {
    throw invalid('keys.p256dh', PUSH_KO.p256dhInvalid);
  }
  if (fromBase64url(body.keys.auth).length !== PUSH_LIMITS.authBytes) throw invalid('keys.auth', PUSH_KO.authInvalid);
  await upsertSubscription(
    ctx.db,
    memberId,
    { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
    ctx.now.toISOString(),
    PUSH_LIMITS.subscriptionsPerMember,
  );
}

/** Removes one of the member's own devices; someone else's endpoint answers like an unknown one. */
export async function unsubscribe(ctx: RequestContext, memberId: number, endpoint: string): Promise<void> {
  if (!(await deleteOwnSubscription(ctx.db, memberId, endpoint)))
    throw new NotFound(PUSH_KO.subscriptionNotFound, 'PUSH_SUBSCRIPTION_NOT_FOUND');
}

/** What the member SPA's service worker shows: `link` is a path inside the app (e.g. `/chat/12`). */
export type PushPayload = { title: string; body: string; link: string; tag?: string; icon?: string };

export type SendToMemberOptions = PushOptions & {
  /** Queue `attempts` − 1 for this message, so backoff grows without a Retry-After. */
  retries?: number;
  /** Only these subscriptions (a retry of `retrySubscriptionIds`); default all of the member's. */
  subscriptionIds?: number[];
  /** Not these (devices that already got this notification: push_deliveries). */
  exclude?: number[];
  /** Told which subscriptions' push services accepted the message (2xx), before the result. */
  onDelivered?: (subscriptionIds: number[]) => Promise<void>;
  /** Tests: the push services' stand-in. */
  fetcher?: typeof fetch;
  /** Shared by every send of one queue batch: one device's sends run in turn, and a 404/410 ends the rest. */
  batch?: PushBatch;
};

/** One queue batch's sends: per subscription, the chain of sends so far, and the ones found gone. */
export type PushBatch = { lanes: Map<number, Promise<unknown>>; gone: Set<number> };
export const newPushBatch = (): PushBatch => ({ lanes: new Map(), gone: new Set() });

export type SendToMemberResult = {
  /** false when the VAPID variables are not set: nothing was sent. */
  configured: boolean;
  delivered: number;
  /** Subscriptions forgotten: the push service answered 404/410 (or the endpoint is no longer allowed). */
  removed: number;
  /** Refused (400/413/other 4xx), or over the endpoint's tries this hour: not retried. */
  dropped: number;
  /** Set when some devices should be tried again: the longest delay any push service asked for. */
  retryAfterSeconds?: number;
  retrySubscriptionIds?: number[];
};

const enc = new TextEncoder();

/** The payload as JSON bytes; a body too long for one push message is shortened with '…'. */
export function encodePayload(payload: PushPayload): Uint8Array {
  if (!payload.link.startsWith('/') || payload.link.startsWith('//'))
    throw new Error('push link must be a path inside the app');
  let bytes = enc.encode(JSON.stringify(payload));
  if (bytes.length <= PUSH_MAX_PLAINTEXT) return bytes;
  const chars = Array.from(payload.body);
  let keep = chars.length;
  while (bytes.length > PUSH_MAX_PLAINTEXT && keep > 0) {
    keep = Math.max(0, keep - Math.ceil((bytes.length - PUSH_MAX_PLAINTEXT) / 4) - 1);
    bytes = enc.encode(JSON.stringify({ ...payload, body: chars.slice(0, keep).join('') + '…' }));
  }
  if (bytes.length > PUSH_MAX_PLAINTEXT) throw new Error('push payload too large even without a body');
  return bytes;
}

/**
 * Sends one notification to every registered device of the member (or to `subscriptionIds`).
 * 2xx counts as delivered; 404/410 deletes the subscription; 429/5xx/network errors come back in
 * `retryAfterSeconds` + `retrySubscriptionIds` for the queue consumer to retry; the rest is dropped.
 */
export async function sendToMember(
  env: Env,
  db: Db,
  memberId: number,
  payload: PushPayload,
  options: SendToMemberOptions,
): Promise<SendToMemberResult> {
  const result: SendToMemberResult = { configured: false, delivered: 0, removed: 0, dropped: 0 };
  const vapid = await loadVapidKeys(env);
  if (!vapid) return result;
  result.configured = true;
  const bytes = encodePayload(payload);
  const now = nowDate(env);
  const hour = Math.floor(now.getTime() / 3_600_000) * 3600;
  // Devices this notification already reached are neither tried nor counted against the hour's tries.
  const subscriptions = await takeSubscriptionsOf(
    db,
    memberId,
    options.subscriptionIds ?? null,
    hour,
    options.exclude ?? [],
  );
  const allowLoopbackHttp = devPortalEnabled(env);
  const ctx = { now, allowLoopbackHttp, retries: options.retries, fetcher: options.fetcher };
  const pushOptions: PushOptions = { ttl: options.ttl, urgency: options.urgency, topic: options.topic };
  const batch = options.batch;

  type Outcome = PushOutcome | 'ENDPOINT_REFUSED' | 'OVER_HOURLY_TRIES' | 'GONE_IN_BATCH';
  const sendOne = async (sub: (typeof subscriptions)[number]): Promise<Outcome> => {
    if (batch?.gone.has(sub.id)) return 'GONE_IN_BATCH';
    if (endpointProblem(sub.endpoint, allowLoopbackHttp)) return 'ENDPOINT_REFUSED';
    if (sub.tries > PUSH_LIMITS.triesPerEndpointPerHour) {
      console.warn(`push: subscription ${sub.id} is over ${PUSH_LIMITS.triesPerEndpointPerHour} tries this hour`);
      return 'OVER_HOURLY_TRIES';
    }
    try {
      const outcome = await sendWebPush(sub, bytes, vapid, pushOptions, ctx);
      if (outcome.kind === 'gone') batch?.gone.add(sub.id);
      return outcome;
    } catch (err) {
      console.error(`push: subscription ${sub.id} could not be sent: ${(err as Error).message}`);
      return { kind: 'rejected', status: 0 };
    }
  };
  const outcomes = await Promise.all(
    subscriptions.map((sub) => {
      if (!batch) return sendOne(sub);
      const turn = (batch.lanes.get(sub.id) ?? Promise.resolve()).then(() => sendOne(sub));
      batch.lanes.set(sub.id, turn);
      return turn;
    }),
  );

  const gone: number[] = [];
  const retry: number[] = [];
  const delivered: number[] = [];
  outcomes.forEach((outcome, i) => {
    const id = subscriptions[i]?.id;
    if (id === undefined) return;
    if (outcome === 'ENDPOINT_REFUSED') return void gone.push(id);
    if (outcome === 'GONE_IN_BATCH') return; // another send of this batch found it gone and deletes it
    if (outcome === 'OVER_HOURLY_TRIES') return void result.dropped++;
    switch (outcome.kind) {
      case 'delivered':
        result.delivered++;
        delivered.push(id);
        break;
      case 'gone':
        gone.push(id);
        break;
      case 'retry':
        retry.push(id);
        result.retryAfterSeconds = Math.max(result.retryAfterSeconds ?? 0, outcome.retryAfterSeconds);
        break;
      case 'rejected':
        result.dropped++;
        break;
    }
  });
  if (delivered.length > 0) await options.onDelivered?.(delivered);
  await deleteSubscriptionsById(db, gone);
  result.removed = gone.length;
  if (retry.length > 0) result.retrySubscriptionIds = retry;
  return result;
}
