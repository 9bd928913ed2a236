// `npm run bench:api`: Ongi's member and admin API against a bare Hono "hello" Worker
// (bench/api/hello), both served by the project's `wrangler dev` at the same time, each with its
// own state and port. For every endpoint the runs alternate hello, Ongi, hello, Ongi, … under the
// same autocannon load, so machine noise (other processes on the 2 cores) lands on both; the
// report gives medians and Ongi ÷ hello ratios, the servers' own CPU time per request (all the
// processes of each wrangler dev: its proxy and workerd), and how busy the machine was.
//   npm run bench:api [-- --seconds 4 --rounds 3 --connections 8 --only ping,notices --reuse]
//   npm run bench:api -- --reuse --only ping --profile   → a CPU profile of the Worker instead
//   npm run bench:api -- --source /tmp/ongi-old          → bundles another checkout (before/after)
//   npm run bench:api -- --work /tmp/mine --port 8850     → its own state directory and ports
//   npm run bench:api -- --against /tmp/ongi-old          → also that checkout's Worker, on a copy
//     of the same state, in the same alternation (hello, Ongi, old, …): before/after ratios that
//     share the machine's load of the moment
//   npm run bench:api -- --no-floor                       → without the floor Worker (below)
// The floor (bench/api/floor): hello behind Ongi's static-assets router plus one D1 read of the
// member's row — what every member call must pass on this platform — measured in the same
// alternation on a copy of the same state: the ratio no member endpoint can exceed here.
// Ports: hello 8820, Ongi 8821, their inspectors 8828/8829 (--port moves all four). Prints
// numbers and writes <work>/result.json (default /tmp/ongi-bench-api); asserts nothing.
import autocannon from 'autocannon';
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openInspector, summarize } from './profile.mjs';
import { ensureDevVars, mustRun, root, toolEnv, waitForHttp } from '../../scripts/lib.mjs';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '8' },
    only: { type: 'string' },
    port: { type: 'string', default: '8820' },
    reuse: { type: 'boolean', default: false },
    // Another checkout of Ongi (e.g. `git archive <commit> | tar -x -C DIR`) whose Worker is
    // bundled instead of this one's: before/after numbers with the same benchmark.
    source: { type: 'string', default: root },
    profile: { type: 'boolean', default: false },
    // Another checkout measured alongside (its own bundle, a copy of the prepared state).
    against: { type: 'string' },
    'no-floor': { type: 'boolean', default: false },
    // Bundle, state and results (another engineer's run on the same machine keeps its own).
    work: { type: 'string', default: '/tmp/ongi-bench-api' },
  },
});
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const work = path.resolve(args.work);
const state = path.join(work, 'state');
const HELLO = `http://127.0.0.1:${PORT}`;
const ONGI = `http://127.0.0.1:${PORT + 1}`;
// The --against Worker: port + 2, its inspector port + 10.
const AGAINST = `http://127.0.0.1:${PORT + 2}`;
// The floor Worker: port + 3 (inspector port + 11).
const FLOOR = `http://127.0.0.1:${PORT + 3}`;
const MEMBERS = 24; // signed-in members the member endpoints rotate through

// ---------------------------------------------------------------- servers

/**
 * Ongi is bundled once and served from that frozen copy (as bench/chat does): `wrangler dev` on
 * the source would rebuild and restart whenever anyone edits a file in the checkout.
 */
/** Bundles the Worker of checkout `source` into `dir` with a wrangler.toml that serves it. */
async function bundle(source, dir, name) {
  mkdirSync(path.join(dir, 'public'), { recursive: true });
  writeFileSync(path.join(dir, 'public', 'index.html'), '<!doctype html><div id="root"></div>');
  const dryRun = ['deploy', '--dry-run', '--outdir', path.join(dir, 'bundle'), '--assets', path.join(dir, 'public')];
  await mustRun(path.join(root, 'node_modules', '.bin', 'wrangler'), dryRun, { cwd: source, quiet: true });
  const config = path.join(dir, 'wrangler.toml');
  writeFileSync(
    config,
    readFileSync(path.join(root, 'wrangler.toml'), 'utf8')
      // Its own name in wrangler's machine-wide dev registry, apart from every other local "ongi".
      .replace(/^name = .*$/m, `name = "${name}"`)
      .replace(/^main = .*$/m, 'main = "bundle/index.js"\nno_bundle = true')
      .replace(/^migrations_dir = .*$/m, `migrations_dir = "${path.join(root, 'migrations')}"`)
      .replace(/^directory = .*$/m, 'directory = "./public"'),
  );
  ensureDevVars();
  copyFileSync(path.join(root, '.dev.vars'), path.join(dir, '.dev.vars'));
  return config;
}

/** The floor Worker's config in `dir`: Ongi's `[assets]` block and D1 binding around bench/api/floor. */
function floorConfig(dir) {
  mkdirSync(path.join(dir, 'public'), { recursive: true });
  writeFileSync(path.join(dir, 'public', 'index.html'), '<!doctype html><div id="root"></div>');
  const ongiToml = readFileSync(path.join(root, 'wrangler.toml'), 'utf8');
  const block = (header) => {
    const start = ongiToml.indexOf(header);
    if (start < 0) throw new Error(`wrangler.toml has no ${header}`);
    const end = ongiToml.slice(start + header.length).search(/^\[/m);
    return ongiToml.slice(start, end < 0 ? undefined : start + header.length + end).trim();
  };
  const config = path.join(dir, 'wrangler.toml');
  writeFileSync(
    config,
    [
      'name = "ongi-bench-api-floor"',
      `main = "${path.join(root, 'bench', 'api', 'floor', 'worker.js')}"`,
      ongiToml.match(/^compatibility_date = .*$/m)[0],
      ongiToml.match(/^compatibility_flags = .*$/m)[0],
      '',
      block('[assets]').replace(/^directory = .*$/m, 'directory = "./public"'),
      '',
      block('[[d1_databases]]').replace(/^migrations_dir = .*$/m, ''),
      '',
    ].join('\n'),
  );
  return config;
}

async function prepareOngi() {
  const config = path.join(work, 'wrangler.toml');
  if (args.reuse && existsSync(path.join(state, 'ready'))) return config;
  rmSync(work, { recursive: true, force: true });
  console.log('▶ Ongi 번들 (wrangler deploy --dry-run)');
  await bundle(args.source, work, 'ongi-bench-api');
  console.log(`▶ 로컬 D1 + 데모 데이터 (${state})`);
  await mustRun(
    'npx',
    ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '-c', config, '--persist-to', state],
    {
      env: toolEnv({ CI: 'true' }),
      quiet: true,
    },
  );
  await mustRun('npx', ['tsx', 'scripts/demo-data.ts', '--persist-to', state], { quiet: true });
  await mustRun('npx', ['tsx', 'scripts/create-admin.ts', '--demo', '--persist-to', state], { quiet: true });
  return config;
}

const servers = [];

function serve(name, config, port, extra, cwd) {
  const server = spawn(
    path.join(root, 'node_modules', '.bin', 'wrangler'),
    [
      'dev',
      '-c',
      config,
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--show-interactive-dev-session=false',
      // Its own inspector port: another wrangler dev on the machine must not take ours.
      '--inspector-port',
      String(port + 8),
      ...extra,
    ],
    // Its own process group: stopped as a whole, and its CPU time read as a whole.
    { cwd, env: toolEnv(), stdio: ['ignore', 'pipe', 'inherit'], detached: true },
  );
  // The Worker's console output (Ongi's access log) is read and dropped, as a log pipe would.
  server.stdout.on('data', () => {});
  server.on('exit', (code, signal) => {
    if (!stopping) console.error(`✖ ${name}: wrangler dev exited (code ${code}, signal ${signal})`);
  });
  servers.push(server);
  return server;
}

/** Stops one server (its whole process group) and waits until it has exited. */
async function stopServer(server) {
  servers.splice(servers.indexOf(server), 1);
  server.removeAllListeners('exit');
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    return;
  }
  // Until no process of its group is left (workerd closes its SQLite files last).
  for (let i = 0; i < 100 && groupProcesses(server.pid).some((p) => p.fields[0] !== 'Z'); i++)
    await new Promise((r) => setTimeout(r, 100));
}

let stopping = false;
function stopAll() {
  stopping = true;
  for (const server of servers) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
}
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

/** Every live process of a process group (Linux /proc): its program name and its stat fields. */
function groupProcesses(pgid) {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    found.push({ comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), fields });
  }
  return found;
}

/** User + system CPU seconds of every live process in a process group, by program. */
function groupCpuSeconds(pgid) {
  const by = { workerd: 0, node: 0, other: 0 };
  for (const { comm, fields } of groupProcesses(pgid)) {
    by[comm in by ? comm : 'other'] += (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ
  }
  return by;
}

function cpuTimes() {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    idle += cpu.times.idle;
    total += cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.idle + cpu.times.irq;
  }
  return { idle, total };
}

// ---------------------------------------------------------------- fixtures (signed-in members, ids)

async function json(url, init = {}) {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return { body: text ? JSON.parse(text) : null, res };
}

async function signIn(n) {
  const email = `demo${String(n).padStart(4, '0')}@ongi.dev`;
  const { body } = await json(`${ONGI}/dev-portal/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identity: { email } }),
  });
  if (body.status !== 'LOGIN') throw new Error(`sign-in of ${email}: ${JSON.stringify(body)}`);
  return { memberId: body.memberId, auth: { Authorization: `Bearer ${body.accessToken}` } };
}

async function fixtures() {
  const members = [];
  for (let n = 1; n <= MEMBERS; n++) members.push(await signIn(n));
  const get = async (m, p) => (await json(`${ONGI}${p}`, { headers: m.auth })).body;

  // Chat rooms: demo0001–0006 accept the chat requests waiting for them.
  for (const m of members.slice(0, 6)) {
    for (const request of await get(m, '/api/on/chat-rooms/pending')) {
      await json(`${ONGI}/api/on/chat-rooms/matchings/${request.matchingId}/accept`, {
        method: 'POST',
        headers: m.auth,
      });
    }
  }
  const roomMembers = [];
  for (const m of members.slice(0, 6)) if ((await get(m, '/api/on/chat-rooms')).length > 0) roomMembers.push(m);
  if (roomMembers.length === 0) throw new Error('no demo member has a chat room');

  // Each member's first recommendation is the profile whose modal they open (the list is also
  // ranked and stored now, so the recommend runs read the day's stored list).
  const targets = new Map();
  for (const m of members) {
    const page = await get(m, '/api/on/matching/recommend?page=0');
    if (page.length > 0) targets.set(m, page[0].memberId);
  }
  // The member SPA's feed page: one category, 20 posts (member-web/src/api/community.ts).
  const feed = '/api/on/community/posts?category=FREE&size=20';
  const posts = await get(members[0], feed);
  if (posts.length === 0) throw new Error('no community posts');

  const login = await json(`${ONGI}/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'ongi-admin', Origin: ONGI },
    body: JSON.stringify({ email: 'admin@ongi.dev', password: 'ongi-admin-1234!' }),
  });
  const cookie = login.res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('ongi_admin='));
  if (!cookie) throw new Error('admin login set no ongi_admin cookie');
  // 2단계 인증: the demo admin's current code (scripts/admin-code.ts reads its fixed local secret).
  const code = execFileSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/admin-code.ts'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  const verified = await fetch(`${ONGI}/admin/second-factor/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'ongi-admin', Origin: ONGI, Cookie: cookie },
    body: JSON.stringify({ code }),
  });
  if (!verified.ok) throw new Error(`admin second factor failed: ${verified.status} ${await verified.text()}`);

  const each = (list, pathOf) => list.map((m) => ({ path: pathOf(m), headers: m.auth }));
  return [
    { name: 'ping', goal: 0.8, requests: each(members, () => '/api/on/ping') },
    { name: 'notices', goal: 0.6, requests: [{ path: '/notices', headers: {} }] },
    { name: 'community list', goal: 0.6, requests: each(members, () => feed) },
    {
      name: 'community detail',
      goal: 0.6,
      requests: members.map((m, i) => ({
        path: `/api/on/community/posts/${posts[i % posts.length].id}`,
        headers: m.auth,
      })),
    },
    {
      name: 'recommend page',
      goal: 0.6,
      requests: each([...targets.keys()], () => '/api/on/matching/recommend?page=0'),
    },
    { name: 'chat rooms', goal: 0.6, requests: each(roomMembers, () => '/api/on/chat-rooms') },
    {
      name: 'profile modal',
      goal: 0.6,
      requests: each([...targets.keys()], (m) => `/api/on/profile/modal/${targets.get(m)}`),
    },
    { name: 'my page profile', goal: 0.6, requests: each(members, () => '/api/on/mypage/profile') },
    { name: 'liked list', goal: 0.6, requests: each(members, () => '/api/on/mypage/profile-likes?page=0&size=24') },
    {
      name: 'admin users',
      goal: null, // not a member endpoint: reported, no goal
      requests: [
        {
          path: `/admin/api/users?${new URLSearchParams({ sort: '["id","DESC"]', range: '[0,24]', filter: '{}' })}`,
          headers: { Cookie: cookie },
        },
      ],
    },
  ];
}

// ---------------------------------------------------------------- measuring

async function load(origin, pgid, requests, seconds, status = 200) {
  const cpu0 = groupCpuSeconds(pgid);
  const machine0 = cpuTimes();
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: seconds,
    requests: requests.map((r) => ({ method: 'GET', path: r.path, headers: r.headers })),
  });
  const machine1 = cpuTimes();
  const cpu1 = groupCpuSeconds(pgid);
  const cpu = (key) => (key ? cpu1[key] - cpu0[key] : Object.keys(cpu1).reduce((n, k) => n + cpu1[k] - cpu0[k], 0));
  const done = result.requests.total;
  return {
    rps: done / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: done > 0 ? (cpu() * 1000) / done : NaN,
    // The Worker runtime's share (workerd); the rest is wrangler's own Node process.
    workerdMsPerRequest: done > 0 ? (cpu('workerd') * 1000) / done : NaN,
    idle: (machine1.idle - machine0.idle) / (machine1.total - machine0.total),
    bad: (status === 200 ? result.non2xx : 0) + result.errors + result.timeouts,
  };
}

const median = (list) => {
  const s = [...list].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  const config = await prepareOngi();
  console.log(`▶ wrangler dev: hello ${HELLO}, Ongi ${ONGI}`);
  const hello = serve('hello', path.join(root, 'bench', 'api', 'hello', 'wrangler.toml'), PORT, [], root);
  const serveOngi = (toml) =>
    serve(
      'ongi',
      toml,
      PORT + 1,
      ['--persist-to', state, '--var', 'DEV_PORTAL:true', '--var', `APP_ORIGIN:${ONGI}`],
      work,
    );
  let ongi = serveOngi(config);
  await Promise.all([waitForHttp(`${HELLO}/`, 120_000), waitForHttp(`${ONGI}/notices`, 120_000)]);
  console.log(`▶ 회원 ${MEMBERS}명 로그인, 채팅 요청 수락, 관리자 로그인`);
  let endpoints = await fixtures();
  writeFileSync(path.join(state, 'ready'), '');
  let against = null;
  let floor = null;
  if (args.against || !args['no-floor']) {
    // The other checkout and the floor get the very same prepared state (members, sessions,
    // rooms, stored lists), copied while Ongi is stopped, so the same tokens and ids answer the
    // same way.
    await stopServer(ongi);
    const waits = [];
    if (args.against) {
      const dir = path.join(work, 'against');
      console.log(`▶ 비교 대상 번들 (${args.against}) + 같은 상태의 복사본`);
      rmSync(dir, { recursive: true, force: true });
      const againstConfig = await bundle(path.resolve(args.against), dir, 'ongi-bench-api-against');
      cpSync(state, path.join(dir, 'state'), { recursive: true });
      against = serve(
        'against',
        againstConfig,
        PORT + 2,
        ['--persist-to', path.join(dir, 'state'), '--var', 'DEV_PORTAL:true', '--var', `APP_ORIGIN:${ONGI}`],
        dir,
      );
      waits.push(waitForHttp(`${AGAINST}/notices`, 120_000));
    }
    if (!args['no-floor']) {
      const dir = path.join(work, 'floor');
      console.log(`▶ 바닥 Worker (hello + 정적 파일 라우터 + D1 읽기 1번, ${FLOOR}) + 같은 상태의 복사본`);
      rmSync(dir, { recursive: true, force: true });
      const floorToml = floorConfig(dir);
      cpSync(state, path.join(dir, 'state'), { recursive: true });
      floor = serve('floor', floorToml, PORT + 3, ['--persist-to', path.join(dir, 'state')], dir);
      waits.push(waitForHttp(`${FLOOR}/api/on/ping`, 120_000));
    }
    ongi = serveOngi(config);
    waits.push(waitForHttp(`${ONGI}/notices`, 120_000));
    await Promise.all(waits);
  }
  if (args.only) {
    const only = args.only.split(',');
    endpoints = endpoints.filter((e) => only.some((o) => e.name.startsWith(o)));
  }
  // Every request answers 200 before anything is timed.
  for (const e of endpoints) {
    for (const r of e.requests) {
      const res = await fetch(`${ONGI}${r.path}`, { headers: r.headers });
      await res.arrayBuffer();
      if (res.status !== (e.status ?? 200)) throw new Error(`${e.name}: GET ${r.path} answered ${res.status}`);
      if (against) {
        const other = await fetch(`${AGAINST}${r.path}`, { headers: r.headers });
        await other.arrayBuffer();
        if (other.status !== (e.status ?? 200))
          throw new Error(`${e.name} (비교 대상): GET ${r.path} answered ${other.status}`);
      }
    }
  }

  if (args.profile) {
    // One CPU profile of the Worker under this endpoint's load, instead of the comparison.
    const e = endpoints[0];
    await load(ONGI, ongi.pid, e.requests, 1);
    const inspector = await openInspector(PORT + 1 + 8);
    await inspector.send('Profiler.enable');
    await inspector.send('Profiler.setSamplingInterval', { interval: 200 });
    await inspector.send('Profiler.start');
    const r = await load(ONGI, ongi.pid, e.requests, SECONDS);
    const { profile } = await inspector.send('Profiler.stop');
    inspector.close();
    const file = path.join(work, `${e.name.replaceAll(' ', '-')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`${e.name}: ${r.rps.toFixed(0)} req/s, ${r.cpuMsPerRequest.toFixed(2)} CPU ms/req → ${file}`);
    console.log(summarize(profile));
    return;
  }

  const load0 = os.loadavg();
  const started = Date.now();
  const machine0 = cpuTimes();
  console.log(
    `▶ 측정: 엔드포인트마다 hello/Ongi ${ROUNDS}회씩 번갈아, 각 ${SECONDS}초, 연결 ${CONNECTIONS}개 (시작 load ${load0.map((l) => l.toFixed(2)).join(' ')})`,
  );
  const rows = [];
  for (const e of endpoints) {
    await load(HELLO, hello.pid, e.requests, 1); // warm-up, not counted
    await load(ONGI, ongi.pid, e.requests, 1, e.status);
    if (against) await load(AGAINST, against.pid, e.requests, 1, e.status);
    if (floor) await load(FLOOR, floor.pid, e.requests, 1);
    const runs = { hello: [], ongi: [], against: [], floor: [] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.hello.push(await load(HELLO, hello.pid, e.requests, SECONDS));
      runs.ongi.push(await load(ONGI, ongi.pid, e.requests, SECONDS, e.status));
      if (against) runs.against.push(await load(AGAINST, against.pid, e.requests, SECONDS, e.status));
      if (floor) runs.floor.push(await load(FLOOR, floor.pid, e.requests, SECONDS));
    }
    const m = (side, key) => median(runs[side].map((r) => r[key]));
    const row = {
      endpoint: e.name,
      goal: e.goal,
      helloRps: m('hello', 'rps'),
      ongiRps: m('ongi', 'rps'),
      ratio: m('ongi', 'rps') / m('hello', 'rps'),
      pairRatios: runs.ongi.map((r, i) => r.rps / runs.hello[i].rps),
      helloP99: m('hello', 'p99'),
      ongiP99: m('ongi', 'p99'),
      helloCpuMs: m('hello', 'cpuMsPerRequest'),
      ongiCpuMs: m('ongi', 'cpuMsPerRequest'),
      helloWorkerdMs: m('hello', 'workerdMsPerRequest'),
      ongiWorkerdMs: m('ongi', 'workerdMsPerRequest'),
      idle: median([...runs.hello, ...runs.ongi, ...runs.against, ...runs.floor].map((r) => r.idle)),
      bad: [...runs.ongi, ...runs.hello, ...runs.against, ...runs.floor].reduce((n, r) => n + r.bad, 0),
      ...(floor && {
        floorRps: m('floor', 'rps'),
        floorRatio: m('floor', 'rps') / m('hello', 'rps'),
        floorP99: m('floor', 'p99'),
        floorCpuMs: m('floor', 'cpuMsPerRequest'),
        floorPairRatios: runs.floor.map((r, i) => r.rps / runs.hello[i].rps),
      }),
      ...(against && {
        againstRps: m('against', 'rps'),
        againstRatio: m('against', 'rps') / m('hello', 'rps'),
        againstP99: m('against', 'p99'),
        againstCpuMs: m('against', 'cpuMsPerRequest'),
        againstWorkerdMs: m('against', 'workerdMsPerRequest'),
      }),
    };
    rows.push(row);
    const verdict = row.goal === null ? '' : row.ratio >= row.goal ? `≥ ${row.goal} ✓` : `< ${row.goal} ✗`;
    console.log(
      `  ${row.endpoint.padEnd(17)} ${row.ongiRps.toFixed(0).padStart(5)} / ${row.helloRps.toFixed(0).padStart(5)} req/s = ${row.ratio.toFixed(2)}× ${verdict.padEnd(8)}` +
        ` p99 ${row.ongiP99} / ${row.helloP99} ms  CPU ${row.ongiCpuMs.toFixed(2)} / ${row.helloCpuMs.toFixed(2)} ms/req` +
        ` (workerd ${row.ongiWorkerdMs.toFixed(2)} / ${row.helloWorkerdMs.toFixed(2)})` +
        `  (pairs ${row.pairRatios.map((r) => r.toFixed(2)).join(' ')}; idle ${(row.idle * 100).toFixed(0)}%${row.bad ? `; ${row.bad} non-2xx/errors` : ''})`,
    );
    if (floor) {
      console.log(
        `  ${''.padEnd(17)} 바닥 ${row.floorRps.toFixed(0)} req/s = ${row.floorRatio.toFixed(2)}× hello` +
          ` (pairs ${row.floorPairRatios.map((r) => r.toFixed(2)).join(' ')}), p99 ${row.floorP99} ms, CPU ${row.floorCpuMs.toFixed(2)} ms/req` +
          ` → Ongi ÷ 바닥: req/s ${(row.ongiRps / row.floorRps).toFixed(2)}×, CPU ${(row.ongiCpuMs / row.floorCpuMs).toFixed(2)}×`,
      );
    }
    if (against) {
      console.log(
        `  ${''.padEnd(17)} 비교 대상 ${row.againstRps.toFixed(0)} req/s = ${row.againstRatio.toFixed(2)}× hello,` +
          ` p99 ${row.againstP99} ms, CPU ${row.againstCpuMs.toFixed(2)} ms/req (workerd ${row.againstWorkerdMs.toFixed(2)})` +
          ` → Ongi ÷ 비교 대상: req/s ${(row.ongiRps / row.againstRps).toFixed(2)}×, CPU ${(row.ongiCpuMs / row.againstCpuMs).toFixed(2)}×`,
      );
    }
  }
  const machine1 = cpuTimes();
  const load1 = os.loadavg();
  const summary = {
    at: new Date().toISOString(),
    seconds: SECONDS,
    rounds: ROUNDS,
    connections: CONNECTIONS,
    cpus: os.cpus().length,
    loadavgStart: load0,
    loadavgEnd: load1,
    machineIdle: (machine1.idle - machine0.idle) / (machine1.total - machine0.total),
    minutes: (Date.now() - started) / 60_000,
    rows,
  };
  writeFileSync(path.join(work, 'result.json'), JSON.stringify(summary, null, 2));
  console.log(
    `\nOngi ÷ hello (중앙값, 같은 wrangler dev ${readFileSync(path.join(root, 'node_modules', 'wrangler', 'package.json'), 'utf8').match(/"version": "([^"]+)"/)[1]}).` +
      ` 머신: CPU ${summary.cpus}개, 측정 중 유휴 ${(summary.machineIdle * 100).toFixed(0)}%,` +
      ` load ${load0[0].toFixed(2)} → ${load1[0].toFixed(2)}, ${summary.minutes.toFixed(1)}분. CPU ms/req = 각 wrangler dev 프로세스 그룹의 CPU 시간 ÷ 요청 수.`,
  );
  console.log(`결과: ${path.join(work, 'result.json')}`);
}

main()
  .catch((err) => {
    console.error('✖ API 벤치마크 실패:', err);
    process.exitCode = 1;
  })
  .finally(stopAll);
