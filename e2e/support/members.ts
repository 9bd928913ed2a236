// Shared steps for browser specs: signing members in through the dev portal's one-round-trip
// endpoint (the real OAuth flow in-process), and small generated images.
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { encodePng } from '../../scripts/demo/png';

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@e2e.ongi.dev`;
}

/**
 * A small but valid PNG photo (a warm gradient with a few soft shapes placed at random), built in
 * memory. Every call draws a different picture: the duplicate-photo check (docs/trust.md "Duplicate photos") would flag
 * identical photos across accounts, and refuse one that matches a permanently banned account's.
 */
export function photoPng(width = 320, height = 400, hue = 0): Buffer {
  const blobs = Array.from({ length: 5 }, () => ({
    x: Math.random() * width,
    y: Math.random() * height,
    r: (0.1 + Math.random() * 0.25) * width,
    c: [Math.random() * 255, Math.random() * 255, Math.random() * 255],
  }));
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const px = [240 - (((y * 60) / height + hue) % 255), 140 + (x * 80) / width, 120 + (y * 90) / height];
      for (const b of blobs) {
        const w = Math.exp(-((x - b.x) ** 2 + (y - b.y) ** 2) / (b.r * b.r));
        for (let k = 0; k < 3; k++) px[k] = px[k]! * (1 - w) + b.c[k]! * w;
      }
      rgb[i] = px[0]!;
      rgb[i + 1] = px[1]!;
      rgb[i + 2] = px[2]!;
    }
  }
  return Buffer.from(encodePng(rgb, width, height));
}

export type Identity = { email: string; name: string; gender: 'M' | 'F'; birthday: string };

export function newIdentity(over: Partial<Identity> = {}): Identity {
  return { email: uniqueEmail(), name: '김온기', gender: 'F', birthday: '1996-03-15', ...over };
}

/**
 * Signs up a brand-new member without the UI (dev portal sign-in + the real signup call) and
 * returns their id. Cookies land in the request context, which the page shares.
 */
export async function signUpViaApi(
  request: APIRequestContext,
  identity: Identity,
  data: Partial<{
    lookingFor: 'M' | 'F' | 'both';
    interests: string[];
    city: string;
    district: string;
    lat: number;
    lng: number;
  }> = {},
): Promise<number> {
  const start = await request.post('/dev-portal/sign-in', { data: { identity } });
  expect(start.ok()).toBeTruthy();
  const body = (await start.json()) as { status: string };
  expect(body.status).toBe('NEED_AGREEMENT');
  await verifyIdentityViaApi(request, identity);
  const age = new Date().getFullYear() - Number(identity.birthday.slice(0, 4)) - 1;
  const payload = {
    name: identity.name,
    email: identity.email,
    birthday: identity.birthday,
    age,
    gender: identity.gender,
    lookingFor: data.lookingFor ?? (identity.gender === 'F' ? 'M' : 'F'),
    providerType: 'NAVER',
    interests: data.interests ?? ['여행', '음악'],
    agreements: {
      SERVICE_USE: true,
      PRIVACY: true,
      SENSITIVE_INFO: true,
      LOCATION: true,
      OVER_19: true,
      MARKETING: false,
    },
    ...(data.city ? { city: data.city, district: data.district, lat: data.lat, lng: data.lng } : {}),
  };
  const res = await request.post('/api/member/profile', {
    multipart: {
      data: { name: 'data.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(payload)) },
      images: { name: 'me.png', mimeType: 'image/png', buffer: photoPng() },
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return Number(await res.json());
}

/** A phone number of the person behind an email (the emulated CI is a function of name, birth date and phone). */
export function phoneOf(email: string): string {
  let h = 2166136261;
  for (const ch of email) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `010${String(h % 100_000_000).padStart(8, '0')}`;
}

/**
 * 본인확인 without the UI: the dev portal's PortOne emulation verifies the identity's person in one
 * round trip, then the real binding call ties it to the signup session in the request's cookies.
 */
export async function verifyIdentityViaApi(request: APIRequestContext, identity: Identity): Promise<void> {
  const identityVerificationId = `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const verify = await request.post('/dev-portal/portone/verify', {
    data: {
      identityVerificationId,
      customer: {
        name: identity.name,
        birthDate: identity.birthday,
        gender: identity.gender === 'F' ? 'FEMALE' : 'MALE',
        phoneNumber: phoneOf(identity.email),
      },
    },
  });
  expect(verify.ok(), await verify.text()).toBeTruthy();
  const bind = await request.post('/api/member/identity', { data: { identityVerificationId } });
  expect(bind.ok(), await bind.text()).toBeTruthy();
}

/**
 * The browser leg of 본인확인 from /signup/verify: the SDK opens the dev portal's PortOne page (the
 * emulated carrier/PASS step), the person is typed in, and the page returns to the app.
 */
export async function verifyOnPassPage(page: Page, person: Identity, check?: (what: string) => Promise<void>) {
  await page.getByRole('button', { name: '휴대폰으로 본인확인하기' }).click();
  await expect(page.getByRole('heading', { name: '휴대폰 본인확인' })).toBeVisible();
  await check?.('the emulated carrier (PASS) page');
  await page.getByLabel('이름').fill(person.name);
  await page.getByLabel('생년월일').fill(person.birthday);
  await page.getByLabel(person.gender === 'F' ? '여성' : '남성').check();
  await page.getByLabel('통신사').selectOption('KT');
  await page.getByLabel('휴대폰 번호').fill(phoneOf(person.email));
  await page.getByRole('button', { name: '인증 완료' }).click();
}

/** Signs an existing member in (one round trip) and puts the access token where the SPA keeps it. */
export async function signInAs(page: Page, email: string): Promise<{ memberId: number; accessToken: string }> {
  const res = await page.request.post('/dev-portal/sign-in', { data: { identity: { email } } });
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { status: string; memberId: number; accessToken: string };
  expect(body.status).toBe('LOGIN');
  // Any document of the app's origin reaches its localStorage: a small static file, not an SPA page
  // (whose boot and service worker registration every caller's next page does anyway).
  await page.goto('/robots.txt');
  await page.evaluate((token) => localStorage.setItem('accessToken', token), body.accessToken);
  return { memberId: body.memberId, accessToken: body.accessToken };
}

/**
 * The push opt-in card offers itself below the page after a chat request is sent or shown (docs/notifications.md "Subscribing (member SPA)").
 * It no longer covers anything, but its 좋아요 / 괜찮아요 buttons would add to a page's
 * buttons: specs about other things decline it whenever it appears.
 */
export async function declinePushOptIn(page: Page): Promise<void> {
  await page.addLocatorHandler(page.getByRole('region', { name: '알림을 받아 볼까요?' }), async (card) => {
    await card.getByRole('button', { name: '괜찮아요' }).click();
  });
}

/** The phone viewport every phone-size flow uses (390 × 844). */
export const PHONE = { width: 390, height: 844 } as const;

/**
 * A new member signed up and signed in on their own phone-size context, the push opt-in declined:
 * `headers` authorise API calls made from the spec as that member.
 */
export async function phoneMember(browser: Browser, identity: Identity) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await declinePushOptIn(page);
  const memberId = await signUpViaApi(page.request, identity);
  const { accessToken } = await signInAs(page, identity.email);
  return { page, memberId, headers: { Authorization: `Bearer ${accessToken}` } };
}
