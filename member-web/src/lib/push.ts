// Web Push in the member SPA (docs/notifications.md "Subscribing", "The installable app").
// The service worker (/sw.js, member-web/src/sw/service-worker.js, emitted by build/pwa.ts) shows the pushes; this module
// asks for permission, subscribes the browser and tells the Worker about the subscription.
import type { PushSubscriptionAnswer, VapidPublicKeyAnswer } from '@contract/push';
import { api, ApiError } from '../api/client';
import { base64urlToBytes } from './base64url';

export { base64urlToBytes };

/** Where the built service worker lives; its scope is the whole member app. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * - `unsupported`: no service worker / Push API / Notification (older iOS outside the home screen, …)
 * - `denied`: the member blocked notifications in the browser; only the browser settings can undo it
 * - `default`: never asked on this browser
 * - `granted`: allowed, but this browser has no subscription (turned off, or not yet subscribed)
 * - `subscribed`: this browser receives pushes
 */
export type PushState = 'unsupported' | 'denied' | 'default' | 'granted' | 'subscribed';

/** What `subscribePush` ended with. `dismissed`: the permission prompt was closed without an answer. */
export type SubscribeResult = 'subscribed' | 'denied' | 'dismissed' | 'unsupported';

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The service worker registration, registering /sw.js when the page has none yet. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  return navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
}

/** The registration only when there already is one (no network, no registering). */
async function existingRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  try {
    return await navigator.serviceWorker.getRegistration('/');
  } catch {
    return undefined;
  }
}

export async function getPushState(): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  const permission = Notification.permission;
  if (permission === 'denied') return 'denied';
  if (permission === 'default') return 'default';
  const reg = await existingRegistration();
  const sub = reg ? await reg.pushManager.getSubscription().catch(() => null) : null;
  return sub ? 'subscribed' : 'granted';
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((v, i) => v === b[i]);
}

async function serverKey(): Promise<Uint8Array<ArrayBuffer>> {
  const { publicKey } = await api.get<VapidPublicKeyAnswer>('/api/push/vapid-public-key');
  return base64urlToBytes(publicKey);
}

/**
 * This browser's subscription for the server's current key: reuses one made with the same key,
 * replaces one made with an old key (a changed VAPID pair invalidates it) and otherwise subscribes.
 */
async function currentSubscription(
  reg: ServiceWorkerRegistration,
  key: Uint8Array<ArrayBuffer>,
): Promise<PushSubscription> {
  const existing = await reg.pushManager.getSubscription();
  if (existing) {
    if (sameKey(existing.options?.applicationServerKey, key)) return existing;
    await existing.unsubscribe().catch(() => false);
  }
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

async function postSubscription(sub: PushSubscription): Promise<void> {
  await api.post<PushSubscriptionAnswer>('/api/on/push/subscriptions', { json: sub.toJSON() });
}

/**
 * Turns push on for this browser. Call it from a click (the 좋아요 of the opt-in sheet, a settings
 * switch): the browser's permission prompt is asked first, before any network wait, so the click
 * still counts as the user's gesture. Throws ApiError when the server refuses (e.g. 503
 * PUSH_NOT_CONFIGURED) and DOMException when the push service cannot be reached.
 */
export async function subscribePush(): Promise<SubscribeResult> {
  if (!isPushSupported()) return 'unsupported';
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  const [reg, key] = await Promise.all([registration().then(() => navigator.serviceWorker.ready), serverKey()]);
  const sub = await currentSubscription(reg, key);
  await postSubscription(sub);
  return 'subscribed';
}

/** Turns push off for this browser: the Worker forgets the endpoint and the browser drops the subscription. */
export async function unsubscribePush(): Promise<void> {
  if (!isPushSupported()) return;
  const reg = await existingRegistration();
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  if (!sub) return;
  try {
    await api.delete<PushSubscriptionAnswer>('/api/on/push/subscriptions', { json: { endpoint: sub.endpoint } });
  } catch (err) {
    // 404: the Worker had already forgotten it (sign-out elsewhere, a dropped subscription).
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
  await sub.unsubscribe();
}

/**
 * After sign-in and at each start of a signed-in app: sign-out removes every subscription of the
 * member on the server, so this browser's existing subscription is registered again (an upsert).
 * Never asks for permission and never subscribes a browser that has no subscription (the member
 * turned push off here, or never turned it on). A changed server key is followed by subscribing
 * again with the new key (permission is already granted). Returns whether a subscription was sent.
 */
export async function resyncPushSubscription(): Promise<boolean> {
  if (!isPushSupported() || Notification.permission !== 'granted') return false;
  const reg = await existingRegistration();
  const existing = reg ? await reg.pushManager.getSubscription().catch(() => null) : null;
  if (!reg || !existing) return false;
  try {
    const sub = await currentSubscription(reg, await serverKey());
    await postSubscription(sub);
    return true;
  } catch {
    return false; // best effort: the next start tries again
  }
}
