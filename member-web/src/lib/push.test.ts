import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessTokenStore } from './storage';
import {
  base64urlToBytes,
  getPushState,
  isPushSupported,
  resyncPushSubscription,
  subscribePush,
  unsubscribePush,
} from './push';

// A fake browser: Notification permission, a service worker container and a PushManager that
// records what it was asked, and fetch answering the Worker's push calls.
const KEY_A = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const KEY_B = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

class FakeSubscription {
  unsubscribed = false;
  constructor(
    readonly endpoint: string,
    readonly key: Uint8Array,
  ) {}
  get options() {
    return { applicationServerKey: this.key.buffer, userVisibleOnly: true };
  }
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } };
  }
  unsubscribe = vi.fn(async () => {
    this.unsubscribed = true;
    pushManager.current = null;
    return true;
  });
}

const pushManager = {
  current: null as FakeSubscription | null,
  getSubscription: vi.fn(async () => pushManager.current),
  subscribe: vi.fn(async (opts: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
    pushManager.current = new FakeSubscription(
      `https://push.example/${pushManager.subscribe.mock.calls.length}`,
      opts.applicationServerKey,
    );
    return pushManager.current;
  }),
};
const registration = { pushManager };
let registered = false;
const container = {
  getRegistration: vi.fn(async () => (registered ? registration : undefined)),
  register: vi.fn(async () => {
    registered = true;
    return registration;
  }),
  get ready() {
    return Promise.resolve(registration);
  },
};

let permission: NotificationPermission = 'default';
let answer: NotificationPermission = 'granted';
const requestPermission = vi.fn(async () => {
  permission = answer;
  return answer;
});
let serverKey = KEY_A;
const calls: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  permission = 'default';
  answer = 'granted';
  serverKey = KEY_A;
  registered = false;
  pushManager.current = null;
  calls.length = 0;
  pushManager.subscribe.mockClear();
  requestPermission.mockClear();
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission,
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  accessTokenStore.set('token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://ongi.test').pathname;
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/api/push/vapid-public-key') return Response.json({ publicKey: serverKey });
      if (path === '/api/on/push/subscriptions' && method === 'DELETE')
        return Response.json({ code: 'NOT_FOUND', message: '등록된 알림 기기를 찾을 수 없어요.' }, { status: 404 });
      return Response.json({ endpoint: 'x', subscribed: method === 'POST' });
    }),
  );
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('push support and state', () => {
  it('is unsupported without a service worker container or PushManager', () => {
    expect(isPushSupported()).toBe(true);
    Reflect.deleteProperty(navigator, 'serviceWorker');
    expect(isPushSupported()).toBe(false);
  });

  it('reports default → granted (no subscription) → subscribed → denied', async () => {
    expect(await getPushState()).toBe('default');
    permission = 'granted';
    expect(await getPushState()).toBe('granted');
    await subscribePush();
    expect(await getPushState()).toBe('subscribed');
    permission = 'denied';
    expect(await getPushState()).toBe('denied');
  });

  it('decodes the unpadded base64url server key to its 65 bytes', () => {
    const bytes = base64urlToBytes(KEY_A);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
  });
});

describe('subscribePush', () => {
  it('asks permission first, subscribes with userVisibleOnly and the server key, then posts toJSON()', async () => {
    expect(await subscribePush()).toBe('subscribed');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    const opts = pushManager.subscribe.mock.calls[0]?.[0];
    expect(opts?.userVisibleOnly).toBe(true);
    expect([...(opts?.applicationServerKey ?? [])]).toEqual([...base64urlToBytes(KEY_A)]);
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/on/push/subscriptions',
      body: { endpoint: 'https://push.example/1', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } },
    });
  });

  it('stops without subscribing or calling the Worker when permission is denied or the prompt is closed', async () => {
    answer = 'denied';
    expect(await subscribePush()).toBe('denied');
    permission = 'default';
    answer = 'default';
    expect(await subscribePush()).toBe('dismissed');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('does not ask again when already granted and reuses a subscription made with the same key', async () => {
    permission = 'granted';
    await subscribePush();
    await subscribePush();
    expect(requestPermission).not.toHaveBeenCalled();
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });
});

describe('unsubscribePush', () => {
  it('deletes the endpoint on the Worker (a 404 is fine) and drops the browser subscription', async () => {
    await subscribePush();
    const sub = pushManager.current;
    await unsubscribePush();
    expect(calls.at(-1)).toEqual({
      method: 'DELETE',
      path: '/api/on/push/subscriptions',
      body: { endpoint: 'https://push.example/1' },
    });
    expect(sub?.unsubscribed).toBe(true);
    expect(await getPushState()).toBe('granted');
  });
});

describe('resyncPushSubscription (after sign-in, at a signed-in start)', () => {
  it('posts the existing subscription again without asking for permission', async () => {
    await subscribePush();
    calls.length = 0;
    requestPermission.mockClear();
    expect(await resyncPushSubscription()).toBe(true);
    expect(requestPermission).not.toHaveBeenCalled();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/push/vapid-public-key',
      'POST /api/on/push/subscriptions',
    ]);
  });

  it('never subscribes a browser without a subscription (push turned off here, or never asked)', async () => {
    expect(await resyncPushSubscription()).toBe(false);
    permission = 'granted';
    registered = true;
    expect(await resyncPushSubscription()).toBe(false);
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('subscribes again with the new key when the server key changed', async () => {
    await subscribePush();
    const old = pushManager.current;
    serverKey = KEY_B;
    expect(await resyncPushSubscription()).toBe(true);
    expect(old?.unsubscribed).toBe(true);
    expect([...(pushManager.current?.key ?? [])]).toEqual([...base64urlToBytes(KEY_B)]);
    expect(calls.at(-1)?.body).toMatchObject({ endpoint: 'https://push.example/2' });
  });
});
