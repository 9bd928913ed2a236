// `node bench/lighthouse/profile.mjs --origin http://localhost:8940`: the main thread of each page's
// first screen under 4× CPU slowdown (what Lighthouse's mobile profile applies), from a Chromium
// trace — the long tasks (≥ 50 ms) up to a few seconds after the navigation, what each one ran
// (trace events: script evaluation, function calls, parsing, style, layout) and the functions that
// took its time (the trace's sampled CPU profile, self time and time inside our own modules).
// Serve a build first, with a `wrangler dev` and a state of its own (docs/performance.md "Pages", "How
// it is measured"; for readable names build with `npx vite build --minify false`).
//   --origin URL     the server (default http://localhost:8940)
//   --pages /,/main  only these pages (default: the bench's five)
//   --cpu 4          CPU slowdown
//   --wait 6000      ms to record after the navigation starts
//   --runs 1         runs per page (long tasks of each run are printed)
//   --top 8          functions listed per long task
//   --trace PREFIX   also write each run's trace to PREFIX-<page>-<run>.json
//   --help           this text
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import { CHROME_FLAGS, tokenOnEveryDocument } from './browser.mjs';

const { values: args } = parseArgs({
  options: {
    origin: { type: 'string', default: 'http://localhost:8940' },
    pages: { type: 'string', default: '/,/notices,/main,/random/matching,/admin/' },
    cpu: { type: 'string', default: '4' },
    wait: { type: 'string', default: '6000' },
    runs: { type: 'string', default: '1' },
    top: { type: 'string', default: '8' },
    trace: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  // The header comment above is the usage.
  const header = readFileSync(new URL(import.meta.url), 'utf8').match(/^(\/\/.*\n)+/)?.[0] ?? '';
  console.log(header.replace(/^\/\/ ?/gm, ''));
  process.exit(0);
}
const MEMBER_PAGES = new Set(['/main', '/random/matching']);
const origin = args.origin;

async function signIn() {
  const res = await fetch(`${origin}/dev-portal/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: { email: 'demo0001@ongi.dev' } }),
  });
  const body = await res.json();
  if (!body.accessToken) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.accessToken;
}

/** The sampled CPU profile in the trace: [{ ts, stack: [callFrame…] (leaf first) }]. */
function samplesOf(events, pid, tid) {
  const nodes = new Map();
  const out = [];
  let ts = 0;
  // The main thread's profile (its chunks come from the sampler thread, tied by the profile's id).
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (!profile) return out;
  ts = profile.args.data.startTime;
  for (const e of events) {
    if (e.pid !== pid || e.name !== 'ProfileChunk' || e.id !== profile.id) continue;
    const cp = e.args.data.cpuProfile ?? {};
    for (const n of cp.nodes ?? []) nodes.set(n.id, n);
    const deltas = e.args.data.timeDeltas ?? [];
    (cp.samples ?? []).forEach((id, i) => {
      ts += deltas[i] ?? 0;
      out.push({ ts, id });
    });
  }
  const stackOf = (id) => {
    const stack = [];
    for (let n = nodes.get(id); n; n = nodes.get(n.parent)) stack.push(n.callFrame);
    return stack;
  };
  // parent links: ProfileChunk nodes carry `parent`
  return out.map((s) => ({ ts: s.ts, stack: stackOf(s.id) }));
}

const short = (url) => (url ? url.replace(/^.*\/(assets|src|node_modules)\//, '$1/').replace(/\?.*$/, '') : '');
const frameName = (f) => `${f.functionName || '(anonymous)'} ${short(f.url)}:${f.lineNumber ?? ''}`;

function analyse(events, nav, topN) {
  // The page's renderer: the one that started the navigation to the origin (about:blank ran in another).
  const { pid, ts: navStart } = nav;
  const threadName = events.find((e) => e.name === 'thread_name' && e.pid === pid && e.args.name === 'CrRendererMain');
  const tid = threadName?.tid;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid);
  const tasks = onMain.filter(
    (e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'),
  );
  const samples = samplesOf(events, pid, tid);
  // Top-level tasks only (a RunTask may hold another).
  const top = tasks.filter(
    (t) => !tasks.some((o) => o !== t && o.ts <= t.ts && o.ts + o.dur >= t.ts + t.dur && o.dur > t.dur),
  );
  const long = top.filter((t) => t.dur >= 50_000 && t.ts >= navStart);
  const fcp = onMain.find((e) => e.name === 'firstContentfulPaint');
  const lcp = onMain.filter((e) => e.name === 'largestContentfulPaint::Candidate').at(-1);
  const result = {
    fcp: fcp ? (fcp.ts - navStart) / 1000 : null,
    lcp: lcp ? (lcp.ts - navStart) / 1000 : null,
    tbt: 0,
    cpuTbt: 0,
    tasks: [],
  };
  for (const t of long) {
    const end = t.ts + t.dur;
    const inside = onMain.filter((e) => e.ts >= t.ts && e.ts < end && e !== t && e.ph === 'X' && e.dur >= 5_000);
    const what = inside
      .filter((e) =>
        [
          'EvaluateScript',
          'v8.evaluateModule',
          'FunctionCall',
          'ParseHTML',
          'UpdateLayoutTree',
          'Layout',
          'Paint',
          'v8.compile',
          'v8.compileModule',
          'TimerFire',
          'FireAnimationFrame',
          'EventDispatch',
          'RunMicrotasks',
          'v8.run',
          'ParseAuthorStyleSheet',
          'XHRReadyStateChange',
          'MajorGC',
          'MinorGC',
          'V8.GCScavenger',
          'V8.GC_MARK_COMPACTOR',
        ].includes(e.name),
      )
      .map((e) => {
        const d = e.args?.data ?? {};
        const where =
          d.url || d.functionName ? ` ${d.functionName ?? ''} ${short(d.url ?? d.stackTrace?.[0]?.url)}` : '';
        return `${e.name}${where} ${(e.dur / 1000).toFixed(0)}ms`;
      });
    const own = samples.filter((s) => s.ts >= t.ts && s.ts < end);
    const self = new Map();
    const ours = new Map();
    for (let i = 0; i < own.length; i++) {
      const dt = ((own[i + 1]?.ts ?? end) - own[i].ts) / 1000;
      const leaf = own[i].stack[0];
      if (leaf) self.set(frameName(leaf), (self.get(frameName(leaf)) ?? 0) + dt);
      const seen = new Set();
      for (const f of own[i].stack) {
        if (!f.url || f.url.includes('node_modules') || !/\/(src|assets)\//.test(f.url)) continue;
        const k = frameName(f);
        if (seen.has(k)) continue;
        seen.add(k);
        ours.set(k, (ours.get(k) ?? 0) + dt);
      }
    }
    const best = (m) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, topN)
        .map(([k, v]) => `${v.toFixed(0)}ms ${k}`);
    result.tbt += t.dur / 1000 - 50;
    // Thread time: the task's own CPU time, without the time other processes took the core (a busy machine).
    if (t.tdur) result.cpuTbt += Math.max(0, t.tdur / 1000 - 50);
    result.tasks.push({
      at: Math.round((t.ts - navStart) / 1000),
      ms: Math.round(t.dur / 1000),
      cpu: t.tdur ? Math.round(t.tdur / 1000) : null,
      events: [...new Set(what)].slice(0, 14),
      self: best(self),
      inclusive: best(ours),
    });
  }
  return result;
}

async function main() {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')),
  });
  const top = Number(args.top);
  try {
    for (const path of args.pages.split(',')) {
      const token = MEMBER_PAGES.has(path) ? await signIn() : null;
      for (let run = 1; run <= Number(args.runs); run++) {
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
        if (token) {
          await tokenOnEveryDocument(page, origin, token);
        }
        const cdp = await page.createCDPSession();
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(args.cpu) });
        await page.tracing.start({
          categories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'v8.execute',
            'disabled-by-default-v8.cpu_profiler',
            'blink.user_timing',
            'loading',
            'toplevel',
            'v8',
            '__metadata',
          ],
        });
        await page.goto(`${origin}${path}`, { waitUntil: 'load' });
        await new Promise((r) => setTimeout(r, Number(args.wait)));
        const buf = Buffer.from(await page.tracing.stop());
        const events = JSON.parse(buf.toString()).traceEvents;
        if (args.trace) writeFileSync(`${args.trace}-${path.replace(/\W+/g, '-')}-${run}.json`, buf);
        const nav = events.find(
          (e) =>
            e.name === 'navigationStart' &&
            e.args?.data?.isLoadingMainFrame &&
            e.args?.data?.documentLoaderURL?.startsWith(origin),
        );
        if (!nav) throw new Error(`${path}: no navigation in the trace`);
        const r = analyse(events, nav, top);
        console.log(
          `\n## ${path} #${run}  FCP ${r.fcp?.toFixed(0)} ms  LCP ${r.lcp?.toFixed(0)} ms  TBT (observed, ${args.cpu}×) ${r.tbt.toFixed(0)} ms (thread time ${r.cpuTbt.toFixed(0)} ms)  load ${loadavg()[0].toFixed(2)}`,
        );
        for (const t of r.tasks) {
          console.log(`- task at ${t.at} ms, ${t.ms} ms (thread ${t.cpu} ms)`);
          console.log(`    events: ${t.events.join(' | ')}`);
          console.log(`    self: ${t.self.join(' · ')}`);
          console.log(`    ours (inclusive): ${t.inclusive.join(' · ')}`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
