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
//   --against DIR       also another checkout (e.g. a `git archive` of the commit before a change),
//                       built from DIR and served by DIR's Worker on port + 1 with a copy of the same
//                       state; each page's runs alternate (this tree, DIR, this tree, …) so both
//                       sides see the same machine load (Lantern folds the observed server times in)
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { ensureDevVars, mustRun, root, toolEnv, waitForHttp } from '../../scripts/lib.mjs';
import { CHROME_FLAGS, tokenOnEveryDocument } from './browser.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '8840' },
    pages: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'keep-state': { type: 'boolean', default: false },
    json: { type: 'string' },
    save: { type: 'string' },
    against: { type: 'string' },
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

const runs = Number(args.runs);
const port = args.port;
const origin = `http://localhost:${port}`;
const base = path.join('/tmp', `ongi-lighthouse-${port}`);
const publicDir = path.join(base, 'public');
const persist = path.join(base, 'state');
const pages = args.pages ? PAGES.filter((p) => args.pages.split(',').includes(p.path)) : PAGES;
/** The --against checkout: its build, a copy of this run's state, its own Worker one port up. */
const against = args.against
  ? {
      dir: path.resolve(args.against),
      port: String(Number(port) + 1),
      origin: `http://localhost:${Number(port) + 1}`,
      publicDir: path.join(base, 'against-public'),
      persist: path.join(base, 'against-state'),
    }
  : null;

async function prepare() {
  ensureDevVars();
  if (!args['no-build'] || !existsSync(path.join(publicDir, 'index.html'))) {
    await mustRun('npm', ['run', 'build'], { env: toolEnv({ ONGI_PUBLIC_DIR: publicDir }), quiet: true });
  }
  if (against) await prepareAgainst();
  if (args['keep-state'] && existsSync(persist)) return copyStateForAgainst();
  rmSync(persist, { recursive: true, force: true });
  await mustRun('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], {
    env: toolEnv({ CI: 'true' }),
    quiet: true,
  });
  await mustRun('npx', ['tsx', 'scripts/demo-data.ts', '--persist-to', persist], { quiet: true });
  await mustRun('npx', ['tsx', 'scripts/create-admin.ts', '--demo', '--persist-to', persist], { quiet: true });
  copyStateForAgainst();
}

/** The other checkout uses this tree's installed packages and dev secrets when it has none of its own. */
async function prepareAgainst() {
  const { dir, publicDir } = against;
  if (!existsSync(path.join(dir, 'package.json'))) throw new Error(`--against ${dir}: no package.json`);
  for (const sub of ['.', 'member-web', 'admin-web', 'worker']) {
    const own = path.join(dir, sub, 'node_modules');
    const ours = path.join(root, sub, 'node_modules');
    if (!existsSync(own) && existsSync(ours)) symlinkSync(ours, own);
  }
  if (!existsSync(path.join(dir, '.dev.vars'))) cpSync(path.join(root, '.dev.vars'), path.join(dir, '.dev.vars'));
  if (!args['no-build'] || !existsSync(path.join(publicDir, 'index.html'))) {
    await mustRun('npm', ['run', 'build'], { cwd: dir, env: toolEnv({ ONGI_PUBLIC_DIR: publicDir }), quiet: true });
  }
}

/** Both Workers start from the same data: the other one gets a fresh copy of this run's state. */
function copyStateForAgainst() {
  if (!against) return;
  rmSync(against.persist, { recursive: true, force: true });
  cpSync(persist, against.persist, { recursive: true });
}

function startServer(side = { dir: root, port, origin, publicDir, persist }) {
  const server = spawn(
    'npx',
    [
      'wrangler',
      'dev',
      '--port',
      side.port,
      '--inspector-port',
      String(Number(side.port) + 1000),
      '--persist-to',
      side.persist,
      '--assets',
      side.publicDir,
      '--var',
      'DEV_PORTAL:true',
      '--var',
      `APP_ORIGIN:${side.origin}`,
      '--show-interactive-dev-session=false',
    ],
    { cwd: side.dir, env: toolEnv(), stdio: ['ignore', 'ignore', 'inherit'], detached: true },
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
async function signIn(at = origin) {
  const res = await fetch(`${at}/dev-portal/sign-in`, {
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

async function audit(browser, page, token, run, at = origin) {
  const tab = await browser.newPage();
  if (token) {
    // Lighthouse clears the origin's storage before it navigates: put the token back before the SPA reads it.
    await tokenOnEveryDocument(tab, at, token);
  }
  const result = await lighthouse(
    `${at}${page.path}`,
    { logLevel: 'error', output: 'json', onlyCategories: ['performance'] },
    undefined,
    tab,
  );
  await tab.close();
  if (!result) throw new Error('lighthouse returned nothing');
  if (result.lhr.runtimeError) throw new Error(`${page.path}: ${result.lhr.runtimeError.message}`);
  if (args.save) {
    mkdirSync(args.save, { recursive: true });
    const name =
      (at === origin ? '' : 'against-') + (page.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing');
    writeFileSync(path.join(args.save, `${name}-${run}.json`), JSON.stringify(result.lhr));
  }
  return { ...summarize(result.lhr), finalUrl: result.lhr.finalDisplayedUrl };
}

/** Lighthouse's own trace sometimes misses the navigation on a busy machine (NO_NAVSTART): run that page again. */
async function auditWithRetry(browser, page, token, run, at = origin, attempts = 3) {
  for (let i = 1; ; i++) {
    try {
      return await audit(browser, page, token, run, at);
    } catch (err) {
      if (i >= attempts || !/NO_NAVSTART|NO_FCP|recording the trace/.test(String(err?.message))) throw err;
      console.log(`  ${page.path} #${run}: ${err.message} — again`);
    }
  }
}

const line = (r) =>
  `${r.score}  LCP ${Math.round(r.lcp)} ms  CLS ${r.cls.toFixed(3)}  TBT ${Math.round(r.tbt)} ms  (load ${loadavg()[0].toFixed(2)})`;

function table(title, results) {
  console.log(`\n${title}`);
  console.log('| page | perf | FCP ms | LCP ms | CLS | TBT ms | SI ms | requests | fonts KB | JS KB |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const { page, runs: rs } of results) {
    const m = (k) => median(rs.map((r) => r[k]));
    console.log(
      `| \`${page}\` | ${m('score')} | ${Math.round(m('fcp'))} | ${Math.round(m('lcp'))} | ${m('cls').toFixed(3)} | ${Math.round(m('tbt'))} | ${Math.round(m('si'))} | ${m('requests')} | ${Math.round(m('fontKb'))} | ${Math.round(m('scriptKb'))} |`,
    );
  }
}

async function main() {
  await prepare();
  const servers = [startServer()];
  if (against) servers.push(startServer(against));
  let chrome;
  const results = [];
  const againstResults = [];
  try {
    for (const at of [origin, ...(against ? [against.origin] : [])]) {
      await waitForHttp(`${at}/api/on/ping`, 120_000);
      // First requests compile the Worker's routes; keep that out of the first run.
      for (const p of pages) await fetch(`${at}${p.path}`, { headers: { 'Sec-Fetch-Mode': 'navigate' } });
    }
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
      logLevel: 'silent',
    });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    for (const p of pages) {
      const token = p.member ? await signIn() : null;
      const otherToken = p.member && against ? await signIn(against.origin) : null;
      const each = [];
      const other = [];
      for (let i = 0; i < runs; i++) {
        const r = await auditWithRetry(browser, p, token, i + 1);
        if (!r.finalUrl.startsWith(`${origin}${p.path}`)) throw new Error(`${p.path} ended at ${r.finalUrl}`);
        each.push(r);
        console.log(`  ${p.path} #${i + 1}: ${line(r)}`);
        if (!against) continue;
        const o = await auditWithRetry(browser, p, otherToken, i + 1, against.origin);
        if (!o.finalUrl.startsWith(`${against.origin}${p.path}`)) throw new Error(`${p.path} ended at ${o.finalUrl}`);
        other.push(o);
        console.log(`  ${p.path} #${i + 1} (--against): ${line(o)}`);
      }
      results.push({ page: p.path, runs: each });
      if (against) againstResults.push({ page: p.path, runs: other });
    }
    await browser.disconnect();
  } finally {
    if (chrome) await chrome.kill();
    for (const server of servers) server.stop();
  }

  const load = loadavg();
  const head = `Lighthouse ${runs}× per page, mobile, median · load ${load.map((x) => x.toFixed(2)).join(' ')}`;
  table(against ? `${head} · this tree` : head, results);
  if (against) table(`--against ${against.dir} (runs alternated with this tree's)`, againstResults);
  if (args.json) writeFileSync(args.json, JSON.stringify({ load, results, againstResults }, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
