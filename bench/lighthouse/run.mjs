// `npm run bench:lighthouse`: Lighthouse (mobile profile, simulated throttling, performance only)
// on the member pages and the admin console, served by `wrangler dev` with its own fresh state and
// the demo data, driven in Debian's Chromium. Median of N runs per page.
//   --runs 3            runs per page (median reported)
//   --port 8840         wrangler dev port
//   --pages /,/notices  only these pages
//   --no-build          reuse the last build in the bench folder
//   --keep-state        reuse the bench folder's D1/R2 state (skip migrations and demo data)
//   --json FILE         write every run's numbers to FILE
//   --save DIR          keep each run's full Lighthouse report (JSON) in DIR
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { ensureDevVars, mustRun, root, toolEnv, waitForHttp } from '../../scripts/lib.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '8840' },
    pages: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'keep-state': { type: 'boolean', default: false },
    json: { type: 'string' },
    save: { type: 'string' },
  },
});

/** Pages and whether they need a signed-in member (demo0001). */
const PAGES = [
  { path: '/', member: false },
  { path: '/notices', member: false },
  { path: '/main', member: true },
  { path: '/random/matching', member: true },
  { path: '/admin/', member: false },
];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const runs = Number(args.runs);
const port = args.port;
const origin = `http://localhost:${port}`;
const base = path.join('/tmp', `ongi-lighthouse-${port}`);
const publicDir = path.join(base, 'public');
const persist = path.join(base, 'state');
const pages = args.pages ? PAGES.filter((p) => args.pages.split(',').includes(p.path)) : PAGES;

async function prepare() {
  ensureDevVars();
  if (!args['no-build'] || !existsSync(path.join(publicDir, 'index.html'))) {
    await mustRun('npm', ['run', 'build'], { env: toolEnv({ ONGI_PUBLIC_DIR: publicDir }), quiet: true });
  }
  if (args['keep-state'] && existsSync(persist)) return;
  rmSync(persist, { recursive: true, force: true });
  await mustRun('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], {
    env: toolEnv({ CI: 'true' }),
    quiet: true,
  });
  await mustRun('npx', ['tsx', 'scripts/demo-data.ts', '--persist-to', persist], { quiet: true });
  await mustRun('npx', ['tsx', 'scripts/create-admin.ts', '--demo', '--persist-to', persist], { quiet: true });
}

function startServer() {
  const server = spawn(
    'npx',
    [
      'wrangler',
      'dev',
      '--port',
      port,
      '--persist-to',
      persist,
      '--assets',
      publicDir,
      '--var',
      'DEV_PORTAL:true',
      '--var',
      `APP_ORIGIN:${origin}`,
      '--show-interactive-dev-session=false',
    ],
    { cwd: root, env: toolEnv(), stdio: ['ignore', 'ignore', 'inherit'], detached: true },
  );
  const stop = () => {
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  return { stop };
}

/** A fresh access token for demo0001 through the dev portal (README: signing in from scripts). */
async function signIn() {
  const res = await fetch(`${origin}/dev-portal/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: { email: 'demo0001@ongi.dev' } }),
  });
  const body = await res.json();
  if (body.status !== 'LOGIN' || !body.accessToken) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.accessToken;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

function summarize(lhr) {
  const a = lhr.audits;
  const requests = a['network-requests']?.details?.items ?? [];
  const kb = (type) =>
    requests.filter((r) => r.resourceType === type).reduce((n, r) => n + (r.transferSize ?? 0), 0) / 1024;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    si: a['speed-index'].numericValue,
    requests: requests.length,
    fontKb: kb('Font'),
    scriptKb: kb('Script'),
  };
}

async function audit(browser, page, token, run) {
  const tab = await browser.newPage();
  if (token) {
    // Lighthouse clears the origin's storage before it navigates: put the token back before the SPA reads it.
    await tab.evaluateOnNewDocument(
      (o, t) => {
        if (location.origin === o) localStorage.setItem('accessToken', t);
      },
      origin,
      token,
    );
  }
  const result = await lighthouse(
    `${origin}${page.path}`,
    { logLevel: 'error', output: 'json', onlyCategories: ['performance'] },
    undefined,
    tab,
  );
  await tab.close();
  if (!result) throw new Error('lighthouse returned nothing');
  if (result.lhr.runtimeError) throw new Error(`${page.path}: ${result.lhr.runtimeError.message}`);
  if (args.save) {
    mkdirSync(args.save, { recursive: true });
    const name = page.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing';
    writeFileSync(path.join(args.save, `${name}-${run}.json`), JSON.stringify(result.lhr));
  }
  return { ...summarize(result.lhr), finalUrl: result.lhr.finalDisplayedUrl };
}

/** Lighthouse's own trace sometimes misses the navigation on a busy machine (NO_NAVSTART): run that page again. */
async function auditWithRetry(browser, page, token, run, attempts = 3) {
  for (let i = 1; ; i++) {
    try {
      return await audit(browser, page, token, run);
    } catch (err) {
      if (i >= attempts || !/NO_NAVSTART|NO_FCP|recording the trace/.test(String(err?.message))) throw err;
      console.log(`  ${page.path} #${run}: ${err.message} — again`);
    }
  }
}

async function main() {
  await prepare();
  const server = startServer();
  let chrome;
  const results = [];
  try {
    await waitForHttp(`${origin}/api/on/ping`, 120_000);
    // First requests compile the Worker's routes; keep that out of the first run.
    for (const p of pages) await fetch(`${origin}${p.path}`, { headers: { 'Sec-Fetch-Mode': 'navigate' } });
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
      logLevel: 'silent',
    });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    for (const p of pages) {
      const token = p.member ? await signIn() : null;
      const each = [];
      for (let i = 0; i < runs; i++) {
        const r = await auditWithRetry(browser, p, token, i + 1);
        if (!r.finalUrl.startsWith(`${origin}${p.path}`)) throw new Error(`${p.path} ended at ${r.finalUrl}`);
        each.push(r);
        console.log(
          `  ${p.path} #${i + 1}: ${r.score}  LCP ${Math.round(r.lcp)} ms  CLS ${r.cls.toFixed(3)}  TBT ${Math.round(r.tbt)} ms  (load ${loadavg()[0].toFixed(2)})`,
        );
      }
      results.push({ page: p.path, runs: each });
    }
    await browser.disconnect();
  } finally {
    if (chrome) await chrome.kill();
    server.stop();
  }

  const load = loadavg();
  console.log(`\nLighthouse ${runs}× per page, mobile, median · load ${load.map((x) => x.toFixed(2)).join(' ')}`);
  console.log('| page | perf | FCP ms | LCP ms | CLS | TBT ms | SI ms | requests | fonts KB | JS KB |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const { page, runs: rs } of results) {
    const m = (k) => median(rs.map((r) => r[k]));
    console.log(
      `| \`${page}\` | ${m('score')} | ${Math.round(m('fcp'))} | ${Math.round(m('lcp'))} | ${m('cls').toFixed(3)} | ${Math.round(m('tbt'))} | ${Math.round(m('si'))} | ${m('requests')} | ${Math.round(m('fontKb'))} | ${Math.round(m('scriptKb'))} |`,
    );
  }
  if (args.json) writeFileSync(args.json, JSON.stringify({ load, results }, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
