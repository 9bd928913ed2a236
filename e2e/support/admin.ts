// Signing in to the admin console as the demo admin, with both factors (docs/safety.md
// "Operator sign-in"): the password, then the current TOTP code of the demo admin's fixed local
// secret (scripts/create-admin.ts). Every spec that signs in as the admin goes through here.
//
// A TOTP code is accepted once and the Worker keeps only the last step used, so a code of an
// earlier step is refused once a later one went through (no replay). Sign-ins are kept few: each
// Playwright worker signs in through the form once and reuses that session's cookie afterwards
// (checked with /admin/check first: a test that logged out ends it). Across workers, choosing a
// code and submitting it happen under one lock, each code's step above the last one used, so two
// workers never race each other's codes.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ADMIN } from '../../scripts/create-admin';
import { TOTP_PERIOD_SECONDS, totpCodeAtStep, totpStep } from '../../worker/src/lib/totp';

export const ADMIN = { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } as const;
export const CONSOLE = { 'X-Requested-With': 'ongi-admin' } as const;

/** One lock folder per Worker state (each e2e run starts a fresh one). */
const dir = path.join(
  tmpdir(),
  `ongi-e2e-totp-${(process.env.E2E_PERSIST ?? '.wrangler/e2e').replace(/[^A-Za-z0-9]+/g, '_')}`,
);
const lock = path.join(dir, 'lock');
const lastStepFile = path.join(dir, 'last-step');
/** A lock older than this was left by a crashed worker (a submit takes a few seconds at most). */
const STALE_LOCK_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function acquire(): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      return;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await sleep(100);
    }
  }
}

function lastStep(): number {
  try {
    return Number(readFileSync(lastStepFile, 'utf8')) || 0;
  } catch {
    return 0;
  }
}

/**
 * Runs `submit` with a code no other worker has used, whose step is above every step used before
 * (this step's or the next one's: the Worker accepts ±1 step), holding the lock until `submit` has
 * its answer; waits for the next step when both are spent (rare: three sign-ins within 30 s).
 */
export async function withDemoCode<T>(submit: (code: string) => Promise<T>): Promise<T> {
  await acquire();
  try {
    for (;;) {
      const now = totpStep(Date.now());
      const step = Math.max(now, lastStep() + 1);
      if (step <= now + 1) {
        writeFileSync(lastStepFile, String(step));
        return await submit(await totpCodeAtStep(DEMO_ADMIN.totpSecret, step));
      }
      await sleep(Math.max((now + 1) * TOTP_PERIOD_SECONDS * 1000 - Date.now(), 0) + 50);
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
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
  await withDemoCode(async (code) => {
    await page.getByLabel(/인증 코드/).fill(code);
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/admin/second-factor/verify')),
      page.getByRole('button', { name: '확인' }).click(),
    ]);
  });
  await dashboardShown(page);
  session = (await page.context().cookies()).find((c) => c.name === 'ongi_admin');
}

/** The demo admin signed in on an API context (console calls from a spec), both factors. */
export async function signInAdminApi(api: APIRequestContext): Promise<void> {
  const login = await api.post('/admin/login', { data: ADMIN, headers: CONSOLE });
  expect(login.ok(), await login.text()).toBeTruthy();
  const verify = await withDemoCode((code) =>
    api.post('/admin/second-factor/verify', { data: { code }, headers: CONSOLE }),
  );
  expect(verify.ok(), await verify.text()).toBeTruthy();
}
