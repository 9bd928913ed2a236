// Browser flows in Debian's Chromium (/usr/bin/chromium; never a downloaded browser) against
// `wrangler dev` with its own fresh local D1/R2 state.
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8788);
const persist = process.env.E2E_PERSIST ?? '.wrangler/e2e';
const assets = process.env.E2E_ASSETS ?? 'dist/public';
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './.artifacts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two spec files at once against the one wrangler dev (each test makes its own members): CI's
  // 20-minute budget. Tests inside a file still run in order.
  workers: 2,
  retries: 0,
  // JSON only when a file is named (npm test sums the counts from it).
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  globalSetup: './global-setup.ts',
  use: {
    baseURL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    // No trace by default: recording one for every test (DOM snapshots after each action, and the
    // screencast) made the suite about a fifth slower on two cores, and CI keeps only its log.
    // Chasing a failure: `node scripts/e2e.mjs e2e/x.spec.ts --trace retain-on-failure`.
    trace: 'off',
    // prefers-reduced-motion: the app's stylesheets end every animation and transition at once, so the
    // browser paints no frames for them (spinners, fades, the deck's swipe): the GPU process's CPU
    // fell by half and the renderer's by a tenth on chat + matching + profiles. A flow that needs
    // motion sets `reducedMotion: 'no-preference'` on its context.
    reducedMotion: 'reduce',
    // No service worker unless a file asks for one (pwa, push-delivery): installing it
    // fetches the app's whole precache (97 files, 1.3 MB) in every fresh context, a few hundred
    // asset requests per test through wrangler dev, for flows that never use it offline.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Voice notes (e2e/voice.spec.ts): a fake microphone (a beep) granted without a prompt.
        // Harmless elsewhere: only voice and photo-verification (which sets them itself) ask for a device.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  // --log-level warn: wrangler logs no line per request (Playwright ignored them; formatting them cost
  // wrangler's Node process about 1.5 ms of CPU per request). The Worker's warnings and errors still show.
  // D1_BUSY_RETRY: a spec's direct SQL (support/d1.ts) locks the D1 file for a moment; the Worker
  // tries a statement that met the lock again instead of failing another spec's call (lib/d1.ts).
  webServer: {
    command: `npx wrangler dev --port ${port} --persist-to ${persist} --assets ${assets} --var DEV_PORTAL:true --var D1_BUSY_RETRY:true --var APP_ORIGIN:${baseURL} --var SIGNUP_LIMIT_PER_HOUR:1000 --show-interactive-dev-session=false --test-scheduled --log-level warn`,
    cwd: '..',
    url: `${baseURL}/api/on/ping`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { WRANGLER_SEND_METRICS: 'false' },
  },
});
