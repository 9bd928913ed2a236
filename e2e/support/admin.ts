// Signing in to the admin console as the demo admin, with both factors (docs/safety.md
// "Operator sign-in"): the password, then the current TOTP code of the demo admin's fixed local
// secret (scripts/create-admin.ts). Every spec that signs in as the admin goes through here.
//
// A TOTP code is accepted once (no replay) and only the steps around now are valid, so sign-ins
// are kept few: each Playwright worker signs in through the form once and reuses that session's
// cookie afterwards (checked with /admin/check first: a test that logged out ends it), and the
// codes themselves are claimed across workers with an exclusive file per time step, so two
// workers never submit the same code.
import { mkdirSync, openSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ADMIN } from '../../scripts/create-admin';
import { TOTP_PERIOD_SECONDS, totpCodeAtStep, totpStep } from '../../worker/src/lib/totp';

export const ADMIN = { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } as const;
export const CONSOLE = { 'X-Requested-With': 'ongi-admin' } as const;

/** One claims folder per Worker state (each e2e run starts a fresh one). */
const claims = path.join(
  tmpdir(),
  `ongi-e2e-totp-${(process.env.E2E_PERSIST ?? '.wrangler/e2e').replace(/[^A-Za-z0-9]+/g, '_')}`,
);

function claim(step: number): boolean {
  mkdirSync(claims, { recursive: true });
  try {
    closeSync(openSync(path.join(claims, String(step)), 'wx'));
    return true;
  } catch {
    return false;
  }
}

/**
 * A code no other worker has used: this step's, else the next one's (the Worker accepts ±1 step);
 * when both are taken, waits for the next step to begin (rare: three sign-ins within 30 s).
 */
export async function claimDemoCode(): Promise<string> {
  for (;;) {
    const now = totpStep(Date.now());
    for (const step of [now, now + 1]) if (claim(step)) return totpCodeAtStep(DEMO_ADMIN.totpSecret, step);
    const msToNext = (now + 1) * TOTP_PERIOD_SECONDS * 1000 - Date.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(msToNext, 0) + 50));
  }
}

type Cookie = Awaited<ReturnType<ReturnType<Page['context']>['cookies']>>[number];
let session: Cookie | undefined;

async function stillSignedIn(page: Page): Promise<boolean> {
  const res = await page.request.get('/admin/check', { headers: CONSOLE });
  return res.ok() && ((await res.json()) as { isAdmin?: boolean }).isAdmin === true;
}

const dashboardShown = (page: Page) => expect(page.getByRole('region', { name: '회원' })).toContainText('전체');

export type SignInOptions = {
  /** Through the forms even when this worker holds a session (the sign-in screens themselves). */
  fresh?: boolean;
  /** Runs on the 2단계 인증 screen before the code is typed (axe, screenshots). */
  onSecondFactor?: (page: Page) => Promise<void>;
};

/** The demo admin signed in on `page`'s context, the console's home (the dashboard) shown. */
export async function signInAdmin(page: Page, options: SignInOptions = {}): Promise<void> {
  if (!options.fresh && session) {
    await page.context().addCookies([session]);
    if (await stillSignedIn(page)) {
      await page.goto('/admin/');
      await dashboardShown(page);
      return;
    }
    session = undefined;
  }
  await page.goto('/admin/');
  await page.getByLabel('이메일').fill(ADMIN.email);
  await page.getByLabel('비밀번호').fill(ADMIN.password);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByRole('heading', { name: '2단계 인증' })).toBeVisible();
  await options.onSecondFactor?.(page);
  await page.getByLabel(/인증 코드/).fill(await claimDemoCode());
  await page.getByRole('button', { name: '확인' }).click();
  await dashboardShown(page);
  session = (await page.context().cookies()).find((c) => c.name === 'ongi_admin');
}

/** The demo admin signed in on an API context (console calls from a spec), both factors. */
export async function signInAdminApi(api: APIRequestContext): Promise<void> {
  const login = await api.post('/admin/login', { data: ADMIN, headers: CONSOLE });
  expect(login.ok(), await login.text()).toBeTruthy();
  const verify = await api.post('/admin/second-factor/verify', {
    data: { code: await claimDemoCode() },
    headers: CONSOLE,
  });
  expect(verify.ok(), await verify.text()).toBeTruthy();
}
