// The member app's service worker (docs/notifications.md "The installable app"). build/pwa.ts
// puts `const BUILD = { version, precache, shell, icon, badge, offline, offlineIcon }` in front of this file
// and emits it as /sw.js. Plain JavaScript: it runs as is in the browser.
//
// - Precaches the app shell (index.html and every hashed JS/CSS chunk, the UI font, icons).
// - Navigations: network first; offline, the cached shell; without a shell, a Korean offline page.
// - Never caches API answers or member media: /api/ (chat photos included), /admin, /dev-portal,
//   /media/ and every other Worker path pass straight through.
// - Push: shows `{ title, body, link, tag?, icon? }`; a click focuses an Ongi window and opens the link.
// - Updates: a new worker waits while any window shows a chat room; it takes over when none does
//   (checked at install and whenever a page of the app navigates).
/* global BUILD */
/* eslint-disable */

const SHELL_CACHE = `ongi-shell-${BUILD.version}`;
const ASSET_CACHE = 'ongi-assets';
const SHELL_PREFIX = 'ongi-shell-';
const ASSET_CACHE_LIMIT = 120;
const PRECACHED = new Set(BUILD.precache);

/** Worker paths: never answered from or put into a cache, never given the shell. */
const PASS_THROUGH = [/^\/api\//, /^\/admin(\/|$)/, /^\/dev-portal(\/|$)/, /^\/media\//, /^\/login(\/|$)/];

/** An open room: /chatting/{id}, or the old /chatting?room={id} (it redirects there). */
const isChatRoom = (href) => {
  const url = new URL(href);
  return /^\/chatting\/\d+\/?$/.test(url.pathname) || (url.pathname === '/chatting' && url.searchParams.has('room'));
};

/** A push's link is a path inside the app; anything else opens the notification list. */
const appLink = (link) => (typeof link === 'string' && /^\/(?!\/)/.test(link) ? link : '/notifications');

async function activateUnlessChatOpen() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (!windows.some((w) => isChatRoom(w.url))) await self.skipWaiting();
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(BUILD.precache.map((url) => new Request(url, { cache: 'reload' })));
      await activateUnlessChatOpen();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Keep the previous shell too: a page opened before the update may still load its chunks.
      const shells = (await caches.keys()).filter((k) => k.startsWith(SHELL_PREFIX) && k !== SHELL_CACHE).sort();
      await Promise.all(shells.slice(0, -1).map((k) => caches.delete(k)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  // A page navigated: a waiting worker takes over now unless a chat room is open somewhere.
  if (event.data && event.data.type === 'ongi:navigated') event.waitUntil(activateUnlessChatOpen());
});

function offlinePage() {
  const t = BUILD.offline;
  const html = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.title} — 온기</title><style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#fff9f5;color:#2d2220;font-family:system-ui,-apple-system,'Apple SD Gothic Neo','Noto Sans KR',sans-serif}main{max-width:22rem;padding:2rem;text-align:center}img{width:72px;height:72px;border-radius:18px}h1{font-size:1.375rem;margin:1rem 0 .5rem}p{color:#6f5a52;line-height:1.6;margin:0 0 1.5rem}button{min-height:44px;padding:0 1.5rem;border:0;border-radius:999px;background:#c04327;color:#fff;font:inherit;font-weight:700;cursor:pointer}button:focus-visible{outline:3px solid #2d2220;outline-offset:2px}</style></head><body><main><img src="${BUILD.offlineIcon}" alt="" width="72" height="72"><h1>${t.title}</h1><p>${t.body}</p><button type="button" onclick="location.reload()">${t.retry}</button></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

async function navigation(request) {
  try {
    return await fetch(request);
  } catch {
    const shell = (await caches.match(BUILD.shell, { cacheName: SHELL_CACHE })) || (await caches.match(BUILD.shell));
    return shell || offlinePage();
  }
}

async function precached(request) {
  return (await caches.match(request)) || fetch(request);
}

/** Other hashed build files (Pretendard's subsets): the name never changes its content. */
async function hashedAsset(request) {
  const hit = await caches.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) {
    const cache = await caches.open(ASSET_CACHE);
    await cache.put(request, res.clone());
    const keys = await cache.keys();
    await Promise.all(keys.slice(0, Math.max(0, keys.length - ASSET_CACHE_LIMIT)).map((k) => cache.delete(k)));
  }
  return res;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (PASS_THROUGH.some((re) => re.test(url.pathname))) return;
  if (request.mode === 'navigate') event.respondWith(navigation(request));
  else if (PRECACHED.has(url.pathname)) event.respondWith(precached(request));
  else if (/^\/assets\/[^/]+-[\w-]{8}\.[a-z0-9]+$/i.test(url.pathname)) event.respondWith(hashedAsset(request));
  // everything else (JSON the Worker answers outside /api/, e.g. /notices) is left to the network
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : '온기';
  const options = {
    body: typeof data.body === 'string' ? data.body : '',
    icon: typeof data.icon === 'string' && data.icon.startsWith('/') ? data.icon : BUILD.icon,
    badge: BUILD.badge,
    data: { link: appLink(data.link) },
    lang: 'ko',
  };
  if (typeof data.tag === 'string' && data.tag) Object.assign(options, { tag: data.tag, renotify: true });
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = appLink(event.notification.data && event.notification.data.link);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const ongi = windows.filter((w) => {
        const path = new URL(w.url).pathname;
        return new URL(w.url).origin === self.location.origin && !PASS_THROUGH.some((re) => re.test(path));
      });
      const win = ongi.find((w) => w.focused) || ongi[0];
      if (!win) {
        await self.clients.openWindow(link);
        return;
      }
      // The page's router opens the link (a chat room link opens that room) without a reload.
      await win.focus();
      win.postMessage({ type: 'ongi:navigate', link });
    })(),
  );
});
