// The built worker's code (src/sw/service-worker.js) run against a fake ServiceWorkerGlobalScope:
// what it does with pushes, notification clicks, requests it must never cache, and updates.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const code = readFileSync(path.resolve(__dirname, 'service-worker.js'), 'utf8');
const BUILD = {
  version: 'test',
  precache: ['/index.html', '/assets/index-AbCdEf12.js'],
  shell: '/index.html',
  icon: '/icons/icon-192.png',
  badge: '/icons/badge-96.png',
  offline: { title: '인터넷 연결이 끊겼어요', body: '와이파이나 모바일 데이터를 확인해 주세요.', retry: '다시 시도' },
  offlineIcon: 'data:image/svg+xml,%3Csvg%3E%3C%2Fsvg%3E',
};

type Listener = (event: Record<string, unknown>) => void;
type FakeWindow = {
  url: string;
  focused: boolean;
  focus: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
};

function loadWorker(windows: FakeWindow[] = [], caches: object = {}) {
  const listeners = new Map<string, Listener>();
  const self = {
    location: new URL('https://ongi.test/sw.js'),
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    registration: { showNotification: vi.fn(async (_title: string, _options: object) => undefined) },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
      claim: vi.fn(async () => undefined),
    },
    skipWaiting: vi.fn(async () => undefined),
  };
  new Function('self', 'BUILD', 'caches', code)(self, BUILD, caches);
  const fire = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> | undefined;
    let responded: Promise<Response> | undefined;
    listeners.get(type)?.({
      ...event,
      waitUntil: (p: Promise<unknown>) => (pending = p),
      respondWith: (p: Promise<Response>) => (responded = p),
    });
    await pending;
    return responded;
  };
  return { self, fire };
}

const win = (url: string, focused = false): FakeWindow => ({
  url,
  focused,
  focus: vi.fn(async () => undefined),
  postMessage: vi.fn(),
});

describe('service worker: push', () => {
  it('shows title, body, icon, badge, tag and the link, in Korean', async () => {
    const { self, fire } = loadWorker();
    const payload = { title: '새 메시지', body: '지민: 안녕하세요', link: '/chatting?room=12', tag: 'room-12' };
    await fire('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(self.registration.showNotification).toHaveBeenCalledWith('새 메시지', {
      body: '지민: 안녕하세요',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      tag: 'room-12',
      renotify: true,
      data: { link: '/chatting?room=12' },
      lang: 'ko',
    });
  });

  it('never keeps a link outside the app', async () => {
    const { self, fire } = loadWorker();
    const payload = { title: '알림', body: '', link: '//evil.example/x' };
    await fire('push', { data: { json: () => payload } });
    expect(self.registration.showNotification.mock.calls[0]?.[1]).toMatchObject({ data: { link: '/notifications' } });
  });
});

describe('service worker: notification click', () => {
  it('focuses the open Ongi window and asks its router to open the room', async () => {
    const admin = win('https://ongi.test/admin/#/users', true);
    const member = win('https://ongi.test/main');
    const { self, fire } = loadWorker([admin, member]);
    const close = vi.fn();
    await fire('notificationclick', { notification: { close, data: { link: '/chatting?room=12' } } });
    expect(close).toHaveBeenCalled();
    expect(member.focus).toHaveBeenCalled();
    expect(member.postMessage).toHaveBeenCalledWith({ type: 'ongi:navigate', link: '/chatting?room=12' });
    expect(admin.focus).not.toHaveBeenCalled();
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window at the link when no Ongi window is open', async () => {
    const { self, fire } = loadWorker([]);
    await fire('notificationclick', { notification: { close: vi.fn(), data: { link: '/notices/3' } } });
    expect(self.clients.openWindow).toHaveBeenCalledWith('/notices/3');
  });
});

describe('service worker: requests and updates', () => {
  it('leaves API calls, chat photos, admin, dev portal and media to the network (never answers them)', async () => {
    const { fire } = loadWorker();
    for (const p of [
      '/api/on/chat-rooms',
      '/api/chat-media/1/a.jpg',
      '/admin/',
      '/dev-portal/sign-in',
      '/media/p/1.jpg',
    ]) {
      for (const mode of ['navigate', 'cors']) {
        const res = await fire('fetch', { request: { method: 'GET', mode, url: `https://ongi.test${p}` } });
        expect(res, `${mode} ${p}`).toBeUndefined();
      }
    }
  });

  it('takes over at once unless a window shows a chat room; a later navigation lets it', async () => {
    const room = win('https://ongi.test/chatting?room=12');
    const { self, fire } = loadWorker([room]);
    await fire('message', { data: { type: 'ongi:navigated' } });
    expect(self.skipWaiting).not.toHaveBeenCalled();
    room.url = 'https://ongi.test/chatting';
    await fire('message', { data: { type: 'ongi:navigated' } });
    expect(self.skipWaiting).toHaveBeenCalledTimes(1);
  });

  it('waits while a room is open at its own address, /chatting/{id}', async () => {
    const room = win('https://ongi.test/chatting/12');
    const { self, fire } = loadWorker([room]);
    await fire('message', { data: { type: 'ongi:navigated' } });
    expect(self.skipWaiting).not.toHaveBeenCalled();
    room.url = 'https://ongi.test/notifications';
    await fire('message', { data: { type: 'ongi:navigated' } });
    expect(self.skipWaiting).toHaveBeenCalledTimes(1);
  });
});

describe('service worker: offline page', () => {
  it('without a cached shell: the Korean page, its icon inside it, a body that says what to do, a 다시 시도 button', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    try {
      const { fire } = loadWorker([], { match: async () => undefined });
      const res = await fire('fetch', {
        request: { method: 'GET', mode: 'navigate', url: 'https://ongi.test/chatting' },
      });
      expect(res?.status).toBe(503);
      const html = await res!.text();
      const doc = new DOMParser().parseFromString(html, 'text/html');
      expect(doc.querySelector('h1')?.textContent).toBe('인터넷 연결이 끊겼어요');
      expect(doc.querySelector('p')?.textContent).toBe('와이파이나 모바일 데이터를 확인해 주세요.');
      // The icon needs no request: every cache may be gone when this page shows.
      expect(doc.querySelector('img')?.getAttribute('src')).toBe(BUILD.offlineIcon);
      expect(doc.querySelector('button')?.textContent).toBe('다시 시도');
      expect(doc.querySelector('button')?.getAttribute('onclick')).toBe('location.reload()');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
