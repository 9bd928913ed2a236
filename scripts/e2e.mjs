// Browser tests in isolation: builds both SPAs, prepares a fresh local D1/R2 state with
// migrations and demo data, then runs Playwright (Debian Chromium) against `wrangler dev`.
//   node scripts/e2e.mjs                      → dist/public, .wrangler/e2e, port 8788 (what `npm test` uses)
//   node scripts/e2e.mjs --name chat --port 8802 e2e/chat.spec.ts
//                                              → /tmp/ongi-e2e-chat/{public,state}: parallel runs never collide
// Extra arguments go to `playwright test`. Exit code is Playwright's.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { ensureDevVars, mustRun, root, run, toolEnv, WITHOUT_DEV_TOOLS } from './lib.mjs';

/** A fresh local D1/R2 state for the browser suite: migrations, demo data and the demo admin. */
export async function prepareE2eState(persist, { quiet = false } = {}) {
  rmSync(persist, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  await mustRun('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], {
    env: toolEnv({ CI: 'true' }),
    quiet: true,
  });
  await mustRun('npx', ['tsx', 'scripts/demo-data.ts', '--persist-to', persist], { quiet });
  await mustRun('npx', ['tsx', 'scripts/create-admin.ts', '--demo', '--persist-to', persist], { quiet: true });
}

/** The default state folder of `npm test`'s browser run. */
export const DEFAULT_E2E_STATE = path.join(root, '.wrangler', 'e2e');

/** `prepared`: the caller already made `persist`'s state (npm test does it while other suites run). */
export async function runE2e(argv, { jsonFile, prepared = false } = {}) {
  ensureDevVars();
  const args = [...argv];
  const take = (flag) => {
    const i = args.indexOf(flag);
    if (i === -1) return undefined;
    const [, value] = args.splice(i, 2);
    return value;
  };
  const name = take('--name');
  const port = take('--port') ?? '8788';
  const skipBuild = args.includes('--no-build') ? (args.splice(args.indexOf('--no-build'), 1), true) : false;
  const base = name ? path.join('/tmp', `ongi-e2e-${name}`) : null;
  const publicDir = base ? path.join(base, 'public') : path.join(root, 'dist', 'public');
  const persist = base ? path.join(base, 'state') : DEFAULT_E2E_STATE;

  if (!skipBuild || base) {
    await mustRun('npm', ['run', 'build'], { env: toolEnv({ ONGI_PUBLIC_DIR: publicDir }) });
  }
  if (!prepared) await prepareE2eState(persist);

  return run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...args], {
    env: toolEnv({
      // The suite's wrangler dev (Playwright's webServer inherits this environment).
      ...WITHOUT_DEV_TOOLS,
      E2E_PORT: port,
      E2E_PERSIST: persist,
      E2E_ASSETS: publicDir,
      ...(jsonFile ? { PLAYWRIGHT_JSON_OUTPUT_NAME: jsonFile } : {}),
    }),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await runE2e(process.argv.slice(2)));
}
