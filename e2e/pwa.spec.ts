// The installable app in Debian's Chromium (docs/notifications.md "The installable app"): the
// manifest and service worker pass Chromium's installability checks, /sw.js is served fresh with
// scope /, the shell loads offline (cached shell, else the Korean offline page), push permission
// is asked only after the first chat request and 좋아요, and the 홈 화면에 추가 card appears on
// my page on the second visit. A real push reaching a receiver and decrypting is covered without a
// browser by worker/test/push/loopback.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { webcrypto } from 'node:crypto';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { newIdentity, signInAs, signUpViaApi } from './support/members';
import config, { baseURL } from './playwright.config';

// This file needs the service worker (the suite blocks it elsewhere: e2e/playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const launchArgs = config.use?.launchOptions?.args ?? [];
const executablePath = config.use?.launchOptions?.executablePath;

/** A real (non-incognito) profile: Chromium reports every Playwright context as incognito otherwise. */
async function persistentContext(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ongi-pwa-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath,
    args: launchArgs,
    baseURL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function activeWorker(page: Page): Promise<void> {
  await expect
    .poll(
      () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.state ?? null),
      {
        timeout: 30_000,
      },
    )
    .toBe('activated');
  // clients.claim() runs in activate, but a document that was still loading when it ran can stay
  // uncontrolled for its whole life (Chromium claims only execution-ready clients; seen on a slow CI
  // machine). A navigation under an active worker is always controlled, so such a page is loaded again.
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  try {
    await expect.poll(controlled, { timeout: 10_000 }).toBe(true);
  } catch {
    test.info().annotations.push({ type: 'note', description: `uncontrolled after claim: reloaded ${page.url()}` });
    await page.reload();
    await expect.poll(controlled, { timeout: 30_000 }).toBe(true);
  }
}

test('manifest, icons and service worker: served right and installable by Chromium', async () => {
  const { context, close } = await persistentContext();
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/main');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#ff7a59');

    const manifestRes = await page.request.get('/manifest.webmanifest');
    expect(manifestRes.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await manifestRes.json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: '온기', lang: 'ko', start_url: '/main', display: 'standalone' });
    expect(String(manifest.description)).toMatch(/[가-힣]/);
    for (const size of ['192x192', '512x512']) {
      for (const purpose of ['any', 'maskable']) {
        const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === purpose);
        expect(icon, `${size} ${purpose}`).toBeDefined();
        const png = await page.request.get(icon?.src ?? '');
        expect(png.headers()['content-type']).toBe('image/png');
        const bytes = await png.body();
        expect(bytes.readUInt32BE(16)).toBe(Number(size.split('x')[0])); // IHDR width
      }
    }
    expect((await page.request.get('/icons/apple-touch-icon.png')).ok()).toBe(true);

    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(sw.headers()['service-worker-allowed']).toBe('/');
    const asset = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>('script[type="module"]')?.src ?? '',
    );
    expect((await page.request.get(asset)).headers()['cache-control']).toContain('immutable');

    await activeWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
    expect(errors).toEqual([]);

    // Never on the admin console.
    await page.goto('/admin/');
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  } finally {
    await close();
  }
});

test('offline: the shell comes from the cache; without it a Korean offline page; API answers are never cached', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const me = newIdentity({ name: '오프라인', gender: 'F' });
  await signUpViaApi(page.request, me);
  await signInAs(page, me.email);
  const online = await page.goto('/main');
  expect(await online?.text()).toMatch(/home-page-[\w-]{8}\.js/);
  await activeWorker(page);
  await expect(page.locator('#root')).not.toBeEmpty();

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) urls.push(new URL(req.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.some((u) => /^\/assets\/index-.+\.js$/.test(u))).toBe(true);
  expect(cached.filter((u) => /^\/(api|admin|dev-portal|media)\//.test(u))).toEqual([]);

  await context.setOffline(true);
  const res = await page.reload();
  expect(res?.fromServiceWorker()).toBe(true);
  // The network shell of /main carries the home page's route preloads; the cached index.html does not.
  expect(await res?.text()).not.toMatch(/home-page-[\w-]{8}\.js/);
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.getByRole('link', { name: '온기 홈으로' }).first()).toBeVisible();

  // No shell in the cache: the worker's own Korean page, not Chromium's error.
  await page.evaluate(async () => {
    for (const name of await caches.keys()) await caches.delete(name);
  });
  await page.goto('/chatting');
  await expect(page.getByRole('heading', { level: 1, name: '인터넷 연결이 끊겼어요' })).toBeVisible();
  await expect(page.getByText('와이파이나 모바일 데이터가 켜져 있는지 확인해 주세요.', { exact: false })).toBeVisible();
  // Its icon is part of the page: it shows with every cache gone.
  await expect
    .poll(() => page.locator('main img').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: '다시 시도' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'offline page');
  await context.setOffline(false);
  await context.close();
});

/** Records permission prompts and subscribe calls; the fake subscription carries a real P-256 key. */
async function instrumentPush(page: Page): Promise<void> {
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
  const p256dh = Buffer.from(await webcrypto.subtle.exportKey('raw', pair.publicKey)).toString('base64url');
  const auth = Buffer.from(webcrypto.getRandomValues(new Uint8Array(16))).toString('base64url');
  await page.addInitScript(
    ({ p256dh, auth }) => {
      const w = window as unknown as { __push: { permission: number; subscribe: number; loadedAt: number } };
      w.__push = { permission: 0, subscribe: 0, loadedAt: Date.now() };
      let permission: NotificationPermission = 'default';
      Object.defineProperty(Notification, 'permission', { get: () => permission, configurable: true });
      Notification.requestPermission = async () => {
        w.__push.permission += 1;
        permission = 'granted';
        return permission;
      };
      let current: PushSubscription | null = null;
      PushManager.prototype.getSubscription = async () => current;
      PushManager.prototype.subscribe = async function () {
        w.__push.subscribe += 1;
        const endpoint = `http://127.0.0.1:9/push/${Date.now()}`;
        current = {
          endpoint,
          options: { applicationServerKey: null, userVisibleOnly: true },
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: async () => true,
        } as unknown as PushSubscription;
        return current;
      };
    },
    { p256dh, auth },
  );
}

const pushCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __push: { permission: number; subscribe: number } }).__push);

test('push permission is asked only after the first chat request and 좋아요', async ({ page }) => {
  test.setTimeout(120_000);
  await instrumentPush(page);
  const me = newIdentity({ name: '푸시알림', gender: 'F' });
  const myId = await signUpViaApi(page.request, me, { lookingFor: 'M' });
  // Someone hearts me, so 받은 마음 offers a chat request (the first one this member sends).
  const other = newIdentity({ name: '마음보냄', gender: 'M' });
  await signUpViaApi(page.request, other, { lookingFor: 'F' });
  const signIn = await page.request.post('/dev-portal/sign-in', { data: { identity: { email: other.email } } });
  const { accessToken: otherToken } = (await signIn.json()) as { accessToken: string };
  const heart = await page.request.put(`/api/on/heart/${myId}`, { headers: { Authorization: `Bearer ${otherToken}` } });
  expect(heart.ok(), await heart.text()).toBe(true);
  await signInAs(page, me.email);

  // Pages load, the worker registers: nobody asks anything.
  for (const p of ['/main', '/mypage', '/chatting']) {
    await page.goto(p);
    await expect(page.locator('#root')).not.toBeEmpty();
    expect(await pushCalls(page), p).toMatchObject({ permission: 0, subscribe: 0 });
  }
  await activeWorker(page);
  expect(await pushCalls(page)).toMatchObject({ permission: 0, subscribe: 0 });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/mypage?tab=received');
  await page.getByRole('button', { name: '마음보냄님에게 채팅 신청하기' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '신청하기' }).click();
  await expect(page.getByText('채팅 신청을 보냈어요')).toBeVisible();
  // A card below the page's content, never a dialog over the list the member is reading.
  const sheet = page.getByRole('region', { name: '알림을 받아 볼까요?' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('새 메시지와 요청을 놓치지 않게 알려드릴까요?');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const content = await page.locator('#main > :first-child').boundingBox();
  const card = await sheet.boundingBox();
  expect(card!.y).toBeGreaterThanOrEqual(content!.y + content!.height - 1);
  expect(await pushCalls(page)).toMatchObject({ permission: 0, subscribe: 0 });
  await expectNoSeriousA11yViolations(page, 'push opt-in sheet');

  const posted = page.waitForResponse(
    (r) => r.url().endsWith('/api/on/push/subscriptions') && r.request().method() === 'POST',
  );
  await sheet.getByRole('button', { name: '좋아요' }).click();
  expect((await posted).status()).toBe(200);
  await expect(sheet).toBeHidden();
  expect(await pushCalls(page)).toMatchObject({ permission: 1, subscribe: 1 });
  await expect(page.getByText('알림을 켰어요. 새 메시지와 요청을 바로 알려 드릴게요.')).toBeVisible();

  // Answered once, and remembered.
  expect(await page.evaluate(() => localStorage.getItem('pushOptIn'))).toBe('accepted');
  await page.reload();
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(sheet).toHaveCount(0);
});

test('홈 화면에 추가: not on the first visit, offered on my page from the second, dismissal remembered', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const me = newIdentity({ name: '홈화면', gender: 'M' });
  await signUpViaApi(page.request, me);
  await signInAs(page, me.email);
  // Chromium fires beforeinstallprompt when its install criteria are met; headless does not, so it is sent here.
  await page.goto('/mypage');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await fireInstallEventOn(page);
  await expect(page.getByRole('region', { name: '온기를 홈 화면에 추가해 보세요' })).toHaveCount(0);

  // A second visit: a new session in the same browser.
  const second = await context.newPage();
  await page.close();
  await second.goto('/mypage');
  await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
  await fireInstallEventOn(second);
  const card = second.getByRole('region', { name: '온기를 홈 화면에 추가해 보세요' });
  await expect(card).toBeVisible();
  await expectNoSeriousA11yViolations(second, 'home screen prompt on my page');
  await card.getByRole('button', { name: '홈 화면에 추가' }).click();
  await expect.poll(() => second.evaluate(() => (window as unknown as { __prompted?: boolean }).__prompted)).toBe(true);
  await expect(card).toBeHidden();

  await second.reload();
  await fireInstallEventOn(second);
  await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(second.getByRole('region', { name: '온기를 홈 화면에 추가해 보세요' })).toHaveCount(0);
  await context.close();
});

async function fireInstallEventOn(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { __prompted: boolean }).__prompted = true;
      },
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(event);
  });
}
