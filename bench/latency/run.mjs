// `npm run bench:latency`: how many D1 round trips a member waits for, one after another.
// Ongi is served by `wrangler dev` with every D1 round trip delayed by a fixed latency
// (`--var D1_LATENCY_MS:40 --var DEV_PORTAL:true`: worker/src/lib/d1.ts, development only), on its own
// state (migrations + demo data, as bench/api does) and port. Each call is made alone, N times:
// its p50 ÷ the delay, rounded, is the number of sequential round trips to D1 inside the call
// (the Worker's own time here is a few ms, well under half a delay). Per page, the calls the SPA
// makes before its first meaningful paint run in the page's order (calls the page makes together
// run together), and their p50 ÷ the delay is the page's sequential round trips.
//   npm run bench:latency [-- --runs 7 --latency 40 --only heart,page --reuse --port 8920 --work DIR]
//   npm run bench:latency -- --source /tmp/ongi-old   → bundles another checkout (before/after)
// Prints a table (docs/performance.md "Round trips" explains it) and writes <work>/result.json;
// asserts nothing.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDevVars, mustRun, root, toolEnv, waitForHttp } from '../../scripts/lib.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    latency: { type: 'string', default: '40' },
    only: { type: 'string' },
    port: { type: 'string', default: '8920' },
    reuse: { type: 'boolean', default: false },
    source: { type: 'string', default: root },
    work: { type: 'string', default: '/tmp/ongi-bench-latency' },
    // Only the pages' first data (the endpoints' table is skipped).
    pages: { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const LATENCY = Number(args.latency);
const PORT = Number(args.port);
const work = path.resolve(args.work);
const state = path.join(work, 'state');
const ONGI = `http://127.0.0.1:${PORT}`;
const MEMBERS = 24;

// ---------------------------------------------------------------- server (as bench/api/run.mjs)

/** Bundles the Worker of checkout `source` into `work` with a wrangler.toml that serves it. */
async function bundle(source) {
  mkdirSync(path.join(work, 'public'), { recursive: true });
  writeFileSync(path.join(work, 'public', 'index.html'), '<!doctype html><div id="root"></div>');
  const dryRun = ['deploy', '--dry-run', '--outdir', path.join(work, 'bundle'), '--assets', path.join(work, 'public')];
  await mustRun(path.join(root, 'node_modules', '.bin', 'wrangler'), dryRun, { cwd: source, quiet: true });
  const config = path.join(work, 'wrangler.toml');
  writeFileSync(
    config,
    readFileSync(path.join(root, 'wrangler.toml'), 'utf8')
      .replace(/^name = .*$/m, 'name = "ongi-bench-latency"')
      .replace(/^main = .*$/m, 'main = "bundle/index.js"\nno_bundle = true')
      .replace(/^migrations_dir = .*$/m, `migrations_dir = "${path.join(root, 'migrations')}"`)
      .replace(/^directory = .*$/m, 'directory = "./public"'),
  );
  ensureDevVars();
  copyFileSync(path.join(root, '.dev.vars'), path.join(work, '.dev.vars'));
  return config;
}

/**
 * The state as seeded (migrations, demo data, demo admin) is kept in <work>/pristine: every run
 * starts from a copy of it (the runs' writes consume pending requests); `--reuse` skips the seeding
 * (minutes on a loaded machine) but always bundles the checkout again.
 */
async function prepare() {
  const config = path.join(work, 'wrangler.toml');
  const pristine = path.join(work, 'pristine');
  if (args.reuse && existsSync(path.join(pristine, 'ready'))) {
    console.log('▶ Ongi 번들 (wrangler deploy --dry-run), 준비된 상태 재사용');
    await bundle(path.resolve(args.source));
    rmSync(state, { recursive: true, force: true });
    cpSync(pristine, state, { recursive: true });
    return config;
  }
  rmSync(work, { recursive: true, force: true });
  console.log('▶ Ongi 번들 (wrangler deploy --dry-run)');
  await bundle(path.resolve(args.source));
  console.log(`▶ 로컬 D1 + 데모 데이터 (${state})`);
  await mustRun(
    'npx',
    ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '-c', config, '--persist-to', state],
    { env: toolEnv({ CI: 'true' }), quiet: true },
  );
  await mustRun('npx', ['tsx', 'scripts/demo-data.ts', '--persist-to', state], { quiet: true });
  await mustRun('npx', ['tsx', 'scripts/create-admin.ts', '--demo', '--persist-to', state], { quiet: true });
  cpSync(state, pristine, { recursive: true });
  writeFileSync(path.join(pristine, 'ready'), '');
  return config;
}

let server = null;
function serve(config) {
  server = spawn(
    path.join(root, 'node_modules', '.bin', 'wrangler'),
    [
      'dev',
      '-c',
      config,
      '--port',
      String(PORT),
      '--ip',
      '127.0.0.1',
      '--show-interactive-dev-session=false',
      '--inspector-port',
      String(PORT + 8),
      '--persist-to',
      state,
      '--var',
      `D1_LATENCY_MS:${LATENCY}`,
      '--var',
      'DEV_PORTAL:true',
      '--var',
      `APP_ORIGIN:${ONGI}`,
    ],
    // Its own process group: stopped as a whole.
    { cwd: work, env: toolEnv(), stdio: ['ignore', 'pipe', 'inherit'], detached: true },
  );
  server.stdout.on('data', () => {});
}
function stop() {
  if (!server) return;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    /* gone */
  }
  server = null;
}
process.on('exit', stop);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stop();
    process.exit(130);
  });
}

// ---------------------------------------------------------------- calls

const ADMIN_HEADERS = { 'X-Requested-With': 'ongi-admin', Origin: ONGI };

/** One call; resolves to its status and its wall time in ms (body read to the end). */
async function timed(req) {
  const headers = { Accept: 'application/json', ...req.headers };
  const init = { method: req.method ?? 'GET', headers };
  if (req.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(req.json);
  } else if (req.body !== undefined) init.body = req.body;
  const started = performance.now();
  const res = await fetch(`${ONGI}${req.path}`, init);
  const text = await res.text();
  const ms = performance.now() - started;
  const counted = res.headers.get('x-d1-trips');
  return { status: res.status, ms, text, counted: counted === null ? NaN : Number(counted) };
}

async function json(req) {
  const r = await timed(req);
  if (r.status >= 400) throw new Error(`${req.method ?? 'GET'} ${req.path}: ${r.status} ${r.text.slice(0, 300)}`);
  return r.text ? JSON.parse(r.text) : null;
}

async function signIn(n) {
  const email = `demo${String(n).padStart(4, '0')}@ongi.dev`;
  const body = await json({ path: '/dev-portal/sign-in', method: 'POST', json: { identity: { email } } });
  if (body.status !== 'LOGIN') throw new Error(`sign-in of ${email}: ${JSON.stringify(body)}`);
  return { n, memberId: body.memberId, auth: { Authorization: `Bearer ${body.accessToken}` } };
}

async function adminCookie() {
  const res = await fetch(`${ONGI}/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...ADMIN_HEADERS },
    body: JSON.stringify({ email: 'admin@ongi.dev', password: 'ongi-admin-1234!' }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('ongi_admin='));
  if (!cookie) throw new Error(`admin login set no cookie (${res.status})`);
  const code = execFileSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/admin-code.ts'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  const verified = await fetch(`${ONGI}/admin/second-factor/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...ADMIN_HEADERS, Cookie: cookie },
    body: JSON.stringify({ code }),
  });
  if (!verified.ok) throw new Error(`admin second factor: ${verified.status} ${await verified.text()}`);
  return cookie;
}

// ---------------------------------------------------------------- what is measured

/**
 * Endpoints: `request(run)` gives the run's call (writes take a fresh target each run where a
 * repeat would answer differently). Pages: `steps`, each a list of calls the page makes together;
 * a step starts when the one before has answered (docs/performance.md lists where each comes from).
 */
async function fixtures() {
  const members = [];
  for (let n = 1; n <= MEMBERS; n++) members.push(await signIn(n));
  const me = members[0];
  const get = (m, p) => json({ path: p, headers: m.auth });

  // Rooms: demo0001–0006 accept the chat requests waiting for them (as bench/api does), but keep
  // enough pending requests (any member's) for the accept runs.
  const pending = [];
  for (const m of members)
    for (const r of await get(m, '/api/on/chat-rooms/pending')) pending.push({ m, id: r.matchingId });
  const toAccept = pending.slice(0, RUNS);
  for (const { m, id } of pending.slice(RUNS)) {
    if (m.n > 6) continue;
    await json({ path: `/api/on/chat-rooms/matchings/${id}/accept`, method: 'POST', headers: m.auth });
  }
  let rooms = await get(me, '/api/on/chat-rooms');
  let roomOwner = me;
  if (rooms.length === 0) {
    for (const m of members.slice(1, 6)) {
      rooms = await get(m, '/api/on/chat-rooms');
      if (rooms.length > 0) {
        roomOwner = m;
        break;
      }
    }
  }
  if (rooms.length === 0) throw new Error('no demo member has a chat room');
  const roomId = rooms[0].chatRoomId;

  // Recommendations: the day's list of every member (targets for hearts, requests, reports).
  const recommended = new Map();
  for (const m of members)
    recommended.set(
      m,
      (await get(m, '/api/on/matching/recommend?page=0')).map((p) => p.memberId),
    );
  const heartTarget = recommended.get(me)[0];
  const requestPairs = [];
  for (const m of members) {
    for (const target of recommended.get(m).slice(1)) {
      if (requestPairs.length < RUNS && !requestPairs.some((p) => p.m === m)) requestPairs.push({ m, target });
    }
  }
  const reportTargets = members.slice(1, RUNS + 1).map((m) => m.memberId);
  const status = await get(me, '/api/on/matching/status');
  const posts = await get(me, '/api/on/community/posts?category=FREE&size=20');
  const postId = posts[0].id;
  const interests = (await get(me, '/api/on/mypage/interests')).interests;
  const cookie = await adminCookie();
  const admin = { Cookie: cookie, ...ADMIN_HEADERS };

  const m = (p) => ({ path: p, headers: me.auth });
  const fixed = (name, req) => ({ name, request: () => req });
  const usersList = `/admin/api/users?${new URLSearchParams({ sort: '["id","DESC"]', range: '[0,24]', filter: '{}' })}`;
  const postsList = `/admin/api/posts?${new URLSearchParams({ sort: '["id","DESC"]', range: '[0,24]', filter: '{}' })}`;
  const deskList = `/admin/api/safety-desk?${new URLSearchParams({ sort: '["id","DESC"]', range: '[0,24]', filter: '{}' })}`;

  const member = [
    fixed('GET ping', m('/api/on/ping')),
    fixed('GET matching/status', m('/api/on/matching/status')),
    fixed('GET matching/recommend', m(`/api/on/matching/recommend?page=${status.resumePage ?? 0}`)),
    fixed('GET matching/recommend?page=resume', m('/api/on/matching/recommend?page=resume')),
    fixed('GET matching/popular', m('/api/on/matching/popular')),
    fixed('GET today', m('/api/on/today')),
    fixed('GET values/questions', m('/api/on/values/questions')),
    fixed('GET values/answers', m('/api/on/values/answers')),
    fixed('GET profile/modal', m(`/api/on/profile/modal/${heartTarget}`)),
    fixed('GET chat-rooms', { path: '/api/on/chat-rooms', headers: roomOwner.auth }),
    fixed('GET chat-rooms/pending', m('/api/on/chat-rooms/pending')),
    fixed('GET room messages', { path: `/api/on/chat-rooms/${roomId}/messages?limit=30`, headers: roomOwner.auth }),
    fixed('GET hearts/received/unseen-count', m('/api/on/hearts/received/unseen-count')),
    fixed('GET hearts/received', m('/api/on/hearts/received?page=0&size=20')),
    fixed('GET mypage/profile', m('/api/on/mypage/profile')),
    fixed('GET mypage/profile-images', m('/api/on/mypage/profile-images')),
    fixed('GET mypage/interests', m('/api/on/mypage/interests')),
    fixed('GET mypage/matching-settings', m('/api/on/mypage/matching-settings')),
    fixed('GET mypage/profile-likes', m('/api/on/mypage/profile-likes?page=0&size=24')),
    fixed('GET mypage/profile-details', m('/api/on/mypage/profile-details')),
    fixed('GET community posts', m('/api/on/community/posts?category=FREE&size=20')),
    fixed('GET community post', m(`/api/on/community/posts/${postId}`)),
    fixed('GET community like/status', m(`/api/on/community/${postId}/like/status`)),
    fixed('GET community comments', m(`/api/on/community/posts/${postId}/comments`)),
    fixed('GET notifications', m('/api/on/notifications')),
    fixed('GET notifications/unread-count', m('/api/on/notifications/unread-count')),
    fixed('GET notifications/settings', m('/api/on/notifications/settings')),
    fixed('GET privacy', m('/api/on/privacy')),
    fixed('GET blocks', m('/api/on/blocks')),
    fixed('GET verification', m('/api/on/verification')),
    fixed('GET notices (public)', { path: '/notices', headers: {} }),
    // Writes.
    {
      name: 'PUT heart',
      request: () => ({ ...m(`/api/on/heart/${heartTarget}`), method: 'PUT' }),
      after: () => timed({ ...m(`/api/on/heart/${heartTarget}`), method: 'DELETE' }),
    },
    {
      name: 'DELETE heart',
      before: () => timed({ ...m(`/api/on/heart/${heartTarget}`), method: 'PUT' }),
      request: () => ({ ...m(`/api/on/heart/${heartTarget}`), method: 'DELETE' }),
    },
    {
      name: 'POST chat request',
      runs: requestPairs.length,
      request: (i) => ({
        path: `/api/on/matching/request/${requestPairs[i].target}`,
        method: 'POST',
        headers: requestPairs[i].m.auth,
      }),
    },
    {
      name: 'POST accept request',
      runs: toAccept.length,
      request: (i) => ({
        path: `/api/on/chat-rooms/matchings/${toAccept[i].id}/accept`,
        method: 'POST',
        headers: toAccept[i].m.auth,
      }),
    },
    fixed('POST room read', { path: `/api/on/chat-rooms/${roomId}/read`, method: 'POST', headers: roomOwner.auth }),
    fixed('PUT mypage/interests (profile save)', {
      ...m('/api/on/mypage/interests'),
      method: 'PUT',
      json: { interests },
    }),
    {
      name: 'POST report',
      runs: reportTargets.length,
      request: (i) => ({
        ...m('/api/on/report'),
        method: 'POST',
        json: { targetMemberId: reportTargets[i], reasonType: 'OTHER', content: '지연 측정용 신고예요.' },
      }),
    },
    {
      name: 'POST community post',
      request: (i) => {
        const form = new FormData();
        form.set(
          'request',
          JSON.stringify({ category: 'FREE', title: `지연 측정 ${i}`, content: '왕복 횟수를 세는 글이에요.' }),
        );
        return { ...m('/api/on/community/posts'), method: 'POST', body: form };
      },
    },
    {
      name: 'POST community comment',
      request: (i) => ({
        ...m(`/api/on/community/posts/${postId}/comments`),
        method: 'POST',
        headers: { ...me.auth, 'Content-Type': 'text/plain' },
        body: `좋은 글이에요 ${i}`,
      }),
    },
    fixed('POST notifications/read', { ...m('/api/on/notifications/read'), method: 'POST', json: { all: true } }),
  ];
  const adminEndpoints = [
    fixed('GET /admin/check', { path: '/admin/check', headers: admin }),
    fixed('GET /admin/api/dashboard', { path: '/admin/api/dashboard', headers: admin }),
    fixed('GET /admin/photo-verifications/count', { path: '/admin/photo-verifications/count', headers: admin }),
    fixed('GET /admin/api/users', { path: usersList, headers: admin }),
    fixed('GET /admin/api/posts', { path: postsList, headers: admin }),
    fixed('GET /admin/api/safety-desk', { path: deskList, headers: admin }),
    fixed('GET /admin/userReportInfo', { path: '/admin/userReportInfo', headers: admin }),
  ];

  // Each page's first data, in the order the SPA asks for it (docs/performance.md "Round trips"):
  // `steps` one after another (each step's calls together), `side` calls sent with the first step
  // that nothing waits for (the member frame's tab-bar counts, on every member page).
  const side = [m('/api/on/chat-rooms'), m('/api/on/hearts/received/unseen-count')];
  const pages = [
    { name: '/', steps: [] },
    { name: '/notices', steps: [[{ path: '/notices', headers: {} }]] },
    {
      name: '/main',
      side,
      steps: [
        [
          m('/api/on/matching/popular'),
          m('/api/on/ping'),
          m('/api/on/today'),
          m('/api/on/values/questions'),
          m('/api/on/values/answers'),
        ],
      ],
    },
    {
      name: '/random/matching',
      side,
      // first-paint.js asks for the status and the deck at the page it names together (page=resume).
      steps: [[m('/api/on/matching/status'), m('/api/on/matching/recommend?page=resume')]],
    },
    // The chat page keeps the room list itself (the tab bar's copy is the same query).
    { name: '/chatting', side: [side[1]], steps: [[m('/api/on/chat-rooms'), m('/api/on/chat-rooms/pending')]] },
    { name: '/mypage', side, steps: [[m('/api/on/mypage/profile')]] },
    { name: '/community', side, steps: [[m('/api/on/community/posts?category=FREE&size=20')]] },
    {
      name: '/admin/',
      steps: [
        [{ path: '/admin/check', headers: admin }], // boot.tsx: is there a session? (its answer primes requireAuth's checkAuth)
        [
          { path: '/admin/check', headers: admin }, // getIdentity
          { path: '/admin/api/dashboard', headers: admin },
          { path: '/admin/photo-verifications/count', headers: admin },
        ],
      ],
    },
  ];
  return { member, admin: adminEndpoints, pages };
}

const median = (list) => {
  const s = [...list].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
// The Worker's own time (no D1): measured on a call that reads nothing, subtracted before dividing,
// so a loaded machine's slower isolate does not read as one more round trip.
let overhead = 0;
const trips = (ms) => Math.max(0, Math.round((ms - overhead) / LATENCY));

async function measureEndpoint(e) {
  const runs = Math.min(RUNS, e.runs ?? RUNS);
  const times = [];
  const counted = [];
  const statuses = new Set();
  // One untimed call first (isolate warm, statements prepared) unless every run needs its own target.
  if (e.runs === undefined && !e.name.startsWith('POST community')) {
    if (e.before) await e.before();
    await timed(e.request(runs));
    if (e.after) await e.after();
  }
  for (let i = 0; i < runs; i++) {
    if (e.before) await e.before();
    const r = await timed(e.request(i));
    statuses.add(r.status);
    if (r.status >= 400) console.error(`  ! ${e.name}: ${r.status} ${r.text.slice(0, 200)}`);
    times.push(r.ms);
    counted.push(r.counted);
    if (e.after) await e.after();
  }
  const p50 = median(times);
  return { name: e.name, runs, p50, trips: trips(p50), counted: median(counted), statuses: [...statuses] };
}

async function measurePage(p) {
  const times = [];
  const counted = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const started = performance.now();
    const sideAnswers = Promise.all((p.side ?? []).map((req) => timed(req)));
    let sum = 0;
    for (const step of p.steps) {
      const answers = await Promise.all(step.map((req) => timed(req)));
      for (const a of answers) if (a.status >= 400) console.error(`  ! ${p.name}: ${a.status} ${a.text.slice(0, 120)}`);
      sum += Math.max(...answers.map((a) => a.counted));
    }
    const sides = await sideAnswers;
    const ended = performance.now();
    if (i > 0) {
      // the first is a warm-up; the page waits for the longer of its chain and each side call
      times.push(ended - started);
      counted.push(Math.max(sum, ...sides.map((a) => a.counted)));
    }
  }
  const p50 = median(times);
  // Page overhead: one Worker overhead per step (the steps' calls run together).
  const pageTrips = Math.max(0, Math.round((p50 - overhead * p.steps.length) / LATENCY));
  return {
    name: p.name,
    calls: p.steps.map((s) => s.map((r) => r.path)),
    side: (p.side ?? []).map((r) => r.path),
    p50,
    trips: pageTrips,
    counted: median(counted),
  };
}

async function main() {
  const config = await prepare();
  console.log(`▶ wrangler dev ${ONGI} (D1_LATENCY_MS=${LATENCY}, DEV_PORTAL=true)`);
  serve(config);
  await waitForHttp(`${ONGI}/notices`, 120_000);
  console.log(`▶ 회원 ${MEMBERS}명 로그인, 관리자 로그인`);
  const all = await fixtures();
  const base = [];
  for (let i = 0; i < 2 * RUNS + 1; i++)
    base.push((await timed({ path: '/api/push/vapid-public-key', headers: {} })).ms);
  overhead = median(base.slice(1));
  const only = args.only ? args.only.split(',') : null;
  const chosen = (list) => (only ? list.filter((e) => only.some((o) => e.name.includes(o))) : list);
  const load0 = os.loadavg()[0];
  console.log(
    `▶ 측정: 호출마다 ${RUNS}회 (한 번에 하나씩), D1 왕복마다 ${LATENCY} ms; D1 없는 호출의 p50 ${overhead.toFixed(1)} ms는 빼고 나눠요`,
  );
  const result = {
    at: new Date().toISOString(),
    latencyMs: LATENCY,
    runs: RUNS,
    overheadMs: overhead,
    member: [],
    admin: [],
    pages: [],
  };
  const line = (r) =>
    `  ${r.name.padEnd(42)} p50 ${r.p50.toFixed(0).padStart(5)} ms  → ${String(r.trips).padStart(2)} 왕복 (Worker가 센 값 ${Number.isNaN(r.counted) ? '-' : r.counted})${r.statuses && r.statuses.some((s) => s >= 400) ? `  (status ${r.statuses.join(',')})` : ''}`;
  if (args.pages) all.member = all.admin = [];
  console.log('회원 엔드포인트 (목표 ≤ 2)');
  for (const e of chosen(all.member)) {
    const r = await measureEndpoint(e);
    result.member.push(r);
    console.log(line(r) + (Math.max(r.trips, r.counted || 0) > 2 ? '  ✗' : ''));
  }
  console.log('관리자 엔드포인트');
  for (const e of chosen(all.admin)) {
    const r = await measureEndpoint(e);
    result.admin.push(r);
    console.log(line(r));
  }
  console.log('페이지의 첫 데이터 (목표 ≤ 3; 함께 보내는 호출은 한 번으로)');
  for (const p of chosen(all.pages)) {
    const r = await measurePage(p);
    result.pages.push(r);
    console.log(
      line(r) +
        (Math.max(r.trips, r.counted || 0) > 3 ? '  ✗' : '') +
        `  ${r.calls.map((s) => s.length).join(' → ') || '호출 없음'}${r.side.length ? ` (+ 함께 ${r.side.length})` : ''}`,
    );
  }
  result.load = [load0, os.loadavg()[0]];
  writeFileSync(path.join(work, 'result.json'), JSON.stringify(result, null, 2));
  console.log(`\nload ${load0.toFixed(2)} → ${os.loadavg()[0].toFixed(2)}. 결과: ${path.join(work, 'result.json')}`);
}

main()
  .catch((err) => {
    console.error('✖ 지연 벤치마크 실패:', err);
    process.exitCode = 1;
  })
  .finally(stop);
