// Chat benchmark: Ongi against a reference Durable-Object chat (bench/chat/reference: one object
// per room, Hibernation API, each message stored in the object's SQLite, then broadcast) under the
// same load, in the same invocation, alternated (ref, ongi, ref, ongi, …), so both see the same
// machine. N rooms with two connected clients each; every client sends one message every
// `--interval` ms. Prints each run, then the medians per server and Ongi / reference ratios.
//   npm run bench:chat                                   → 500 and 1,000 rooms, 20 s, 2 rounds
//   npm run bench:chat -- --members-cache                → the next invocation reuses this one's members
//   npm run bench:chat -- --rooms 50 --seconds 10 --rounds 2 --port 8830
//   npm run bench:chat -- --rooms 10,100 --only ongi     → Ongi alone at each size
//   npm run bench:chat -- --rooms 50 --profile           → + one CPU-profiled run of each (docs/chat.md)
//   npm run bench:chat -- --ongi-rev HEAD                → Ongi as committed (not the working tree)
//   npm run bench:chat -- --ongi-connect ticket          → Ongi's clients take a ticket first (default: token)
//   npm run bench:chat -- --state disk                   → both servers' state on the disk, not in memory
//   npm run bench:chat -- --dev-tools                    → both with wrangler dev's trace collector and explorer (ADR 0013)
//   npm run bench:chat -- --members-cache --reference secure
//                                                        → the reference checks the token and reads D1 once
//                                                          at connect, as Ongi does (a diagnosis, not the goal)
// Needs Node 22 (global WebSocket): `npm run` puts the project's Node 22 first on PATH.
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { root } from '../../scripts/lib.mjs';
import { median, measure, openSocket } from './load.mjs';
import { openRoom, pool, roomTicket, signUp } from './members.mjs';
import { profileRun } from './profile.mjs';
import { keepDevTools, keepStateIn, snapshotD1, startOngi, startReference, stopAllServers } from './servers.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
};
const SIZES = arg('rooms', '500,1000').split(',').map(Number);
const SECONDS = Number(arg('seconds', '20'));
const ROUNDS = Number(arg('rounds', '2'));
const INTERVAL_MS = Number(arg('interval', '2000')); // per client: 0.5 msg/s, under the 10-per-10 s limit
// After sending stops, deliveries may still arrive: only what is missing after this is lost.
const DRAIN_MS = Number(arg('drain', '30')) * 1000;
const PORT = Number(arg('port', '8824'));
const REF_PORT = Number(arg('ref-port', String(PORT + 1)));
const ONLY = arg('only', null); // 'ongi' | 'ref'
// The reference: 'plain' (the goals are judged against it: no auth, no D1) or 'secure' (the same
// token check and one D1 read at connect as Ongi's upgrade: what Ongi's connect costs beyond that).
const REFERENCE = arg('reference', 'plain');
const PROFILE = process.argv.includes('--profile');
// Ongi as committed at this revision (e.g. HEAD), or the working tree when not given.
const ONGI_REV = arg('ongi-rev', null);
// How Ongi's clients open a room: the access token as a subprotocol (what the page does), or the
// ticket call first (`ticket`: older revisions, and the ticket route's own cost).
const ONGI_CONNECT = arg('ongi-connect', 'token');
// Both servers' local state in memory (tmpfs: the default) or on the disk (`--state disk`): servers.mjs keepStateIn.
const STATE = arg('state', 'memory');
keepStateIn(STATE);
// Both servers without wrangler dev's local dashboards (the default), or with them (`--dev-tools`): servers.mjs keepDevTools.
const DEV_TOOLS = process.argv.includes('--dev-tools');
keepDevTools(DEV_TOOLS);
// --members-cache: keep the members and rooms this invocation made through the API (their ids and
// a copy of Ongi's D1) and start the next invocation from them, making only the ones still
// missing; their access tokens are signed again with the server's JWT_SECRET (tokens.ts's claims).
// Setup only: every run still starts from a fresh server with fresh room objects.
const MEMBERS_CACHE = process.argv.includes('--members-cache') ? `/tmp/ongi-bench-chat-members-${PORT}` : null;

/** An access token as worker/src/lib/tokens.ts signs it (HS256), valid 2 h like the signup's. */
function accessToken(memberId) {
  const secret = /^JWT_SECRET=(.*)$/m.exec(readFileSync(path.join(root, '.dev.vars'), 'utf8'))?.[1]?.trim();
  if (!secret) throw new Error('.dev.vars has no JWT_SECRET');
  const b64 = (x) => Buffer.from(JSON.stringify(x)).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: String(memberId), typ: 'access', iat, exp: iat + 7200 })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
const SETTLE_MS = 3_000; // between runs: the previous server's tail (summary writes, closes) settles

if (typeof WebSocket === 'undefined') {
  console.error('Node 22+ is needed (global WebSocket). Run through `npm run bench:chat`.');
  process.exit(1);
}
if (ONLY && !['ongi', 'ref'].includes(ONLY)) throw new Error('--only ongi|ref');
if (!['token', 'ticket'].includes(ONGI_CONNECT)) throw new Error('--ongi-connect token|ticket');
if (!['plain', 'secure'].includes(REFERENCE)) throw new Error('--reference plain|secure');

const stopAll = stopAllServers;
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});
process.on('SIGTERM', () => {
  stopAll();
  process.exit(143);
});

const fmt = (x) => (Number.isFinite(x) ? x : '–');

try {
  const maxRooms = Math.max(...SIZES);
  console.log(
    `Chat benchmark: rooms ${SIZES.join(', ')}, ${SECONDS} s per run, ${ROUNDS} round(s), a message per client every ${INTERVAL_MS} ms`,
  );
  const git = (...a) => spawnSync('git', ['-C', root, ...a], { encoding: 'utf8' }).stdout.trim();
  const dirty = git('status', '--short', 'worker').split('\n').filter(Boolean).length;
  console.log(
    ONGI_REV
      ? `Ongi: revision ${ONGI_REV} = ${git('rev-parse', '--short', ONGI_REV)}`
      : `Ongi: working tree at ${git('rev-parse', '--short', 'HEAD')}${dirty ? ` + ${dirty} uncommitted files under worker/` : ''}`,
  );
  console.log(
    `Ongi's clients connect with: ${ONGI_CONNECT === 'token' ? 'the access token (subprotocol)' : 'a ticket call, then the socket'}`,
  );
  console.log(
    `both servers' local state (D1, room objects, alarms): ${STATE === 'memory' ? 'in memory (/dev/shm)' : 'on the disk (/tmp)'}`,
  );
  console.log(
    `wrangler dev's trace collector and explorer: ${DEV_TOOLS ? 'on (wrangler default)' : 'off (X_LOCAL_OBSERVABILITY and X_LOCAL_EXPLORER false)'}`,
  );
  if (REFERENCE === 'secure') {
    console.log(
      "reference: SECURE (the token checked and one D1 read per connect, like Ongi's upgrade; not the goals' reference)",
    );
  }
  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const cacheFile = MEMBERS_CACHE && path.join(MEMBERS_CACHE, 'members.json');
  let cached = null;
  if (cacheFile && existsSync(cacheFile)) {
    const c = JSON.parse(readFileSync(cacheFile, 'utf8'));
    const member = (id) => ({ memberId: id, token: accessToken(id) });
    const members = c.members.map(member);
    const byId = new Map(members.map((m) => [m.memberId, m]));
    cached = { members, rooms: c.rooms.map(([a, b, roomId]) => ({ a: byId.get(a), b: byId.get(b), roomId })) };
  }
  const t0 = performance.now();
  // Ongi always runs: its members and rooms give the reference its room and member ids too.
  const [ongi, ref] = await Promise.all([
    startOngi({
      port: PORT,
      reuseBundle: process.argv.includes('--reuse-bundle'),
      rev: ONGI_REV,
      seedD1: cached ? path.join(MEMBERS_CACHE, 'd1') : null,
    }),
    ONLY === 'ongi'
      ? null
      : startReference({
          port: REF_PORT,
          secure: REFERENCE === 'secure',
          seedD1: cached ? path.join(MEMBERS_CACHE, 'd1') : null,
        }),
  ]);
  console.log(
    `servers up in ${((performance.now() - t0) / 1000).toFixed(1)} s (Ongi :${PORT}, reference :${REF_PORT})`,
  );

  const ONGI = `http://127.0.0.1:${PORT}`;
  ongi.connectOne = async ({ member, roomId }, onFrame) => {
    const t = performance.now();
    if (ONGI_CONNECT === 'token') {
      // As the member page does: the access token offered as a subprotocol, no ticket call.
      const ws = await openSocket(`ws://127.0.0.1:${PORT}/api/on/chat-rooms/${roomId}/ws`, onFrame, undefined, [
        'ongi.chat.v1',
        `ongi.token.${member.token}`,
      ]);
      return { ws, ticketMs: 0, socketMs: performance.now() - t };
    }
    const ticket = await roomTicket(ONGI, member, roomId);
    const tTicket = performance.now();
    const ws = await openSocket(
      `ws://127.0.0.1:${PORT}/api/on/chat-rooms/${roomId}/ws?ticket=${encodeURIComponent(ticket)}`,
      onFrame,
    );
    return { ws, ticketMs: tTicket - t, socketMs: performance.now() - tTicket };
  };
  ongi.storedContents = async ({ member, roomId }) => {
    const res = await fetch(`${ONGI}/api/on/chat-rooms/${roomId}/messages?limit=100`, {
      headers: { Authorization: `Bearer ${member.token}` },
    });
    if (!res.ok) throw new Error(`history ${res.status}`);
    return (await res.json()).map((m) => m.content);
  };
  if (ref) {
    ref.connectOne = async ({ member, roomId }, onFrame) => {
      const t = performance.now();
      const ws =
        REFERENCE === 'secure'
          ? await openSocket(`ws://127.0.0.1:${REF_PORT}/rooms/${roomId}/ws`, onFrame, undefined, [
              'ongi.chat.v1',
              `ongi.token.${member.token}`,
            ])
          : await openSocket(`ws://127.0.0.1:${REF_PORT}/rooms/${roomId}/ws?member=${member.memberId}`, onFrame);
      return { ws, ticketMs: 0, socketMs: performance.now() - t };
    };
    ref.storedContents = async ({ roomId }) => {
      const res = await fetch(`http://127.0.0.1:${REF_PORT}/rooms/${roomId}/messages`);
      if (!res.ok) throw new Error(`history ${res.status}`);
      return res.json();
    };
  }

  const runId = Date.now().toString(36);
  const haveMembers = cached?.members.length ?? 0;
  const haveRooms = cached?.rooms.length ?? 0;
  console.log(
    `Creating ${Math.max(0, maxRooms * 2 - haveMembers)} members and ${Math.max(0, maxRooms - haveRooms)} rooms through Ongi's API` +
      (cached ? ` (${haveMembers} members and ${haveRooms} rooms from the members cache)…` : '…'),
  );
  const t1 = performance.now();
  const members = [
    ...(cached?.members ?? []),
    ...(await pool(
      Array.from({ length: Math.max(0, maxRooms * 2 - haveMembers) }, (_, i) => haveMembers + i),
      8,
      (i) => signUp(ONGI, i + 1, runId),
    )),
  ];
  const rooms = [
    ...(cached?.rooms ?? []),
    ...(await pool(
      Array.from({ length: Math.max(0, maxRooms - haveRooms) }, (_, i) => haveRooms + i),
      8,
      async (i) => {
        const a = members[2 * i];
        const b = members[2 * i + 1];
        return { a, b, roomId: await openRoom(ONGI, a, b) };
      },
    )),
  ];
  console.log(`  done in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  if (MEMBERS_CACHE && (members.length > haveMembers || rooms.length > haveRooms)) {
    // Before any chat run: the cached D1 holds members and rooms, no summaries.
    await snapshotD1(ongi, path.join(MEMBERS_CACHE, 'd1'));
    writeFileSync(
      cacheFile,
      JSON.stringify({
        members: members.map((m) => m.memberId),
        rooms: rooms.map((r) => [r.a.memberId, r.b.memberId, r.roomId]),
      }),
    );
    console.log(`  saved to the members cache (${MEMBERS_CACHE})`);
  }

  const targets = [ref, ongi].filter((t) => t && (!ONLY || t.name === ONLY));
  const results = [];
  let runCounter = 0;
  const opts = () => ({
    seconds: SECONDS,
    intervalMs: INTERVAL_MS,
    drainMs: DRAIN_MS,
    runTag: `${runId}-${++runCounter}`,
  });
  const line = (r, round) =>
    `  ${r.target.padEnd(4)} #${round} ${r.msgsPerS} msg/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (slowest 1 % sent at ${r.slowestSentS}), connect p50 ${r.connectP50Ms} ms ` +
    `(ticket ${r.ticketP50Ms} + socket ${r.socketP50Ms}), lost ${r.lost}, refused ${r.refused}, ` +
    `workerd CPU ${r.connectCpuMsPerSocket} ms/socket, ${r.cpuMsPerMsg} ms/msg, load ${r.loadavg1}→${r.loadavg1End}, idle ${r.machineIdlePct} %` +
    (r.unexpectedCloses ? `, sockets closed early ${r.unexpectedCloses} ${JSON.stringify(r.closeCodes)}` : '') +
    (r.connectFailures ? `, connect retries ${r.connectFailures}` : '') +
    (r.lostWhere ? `, lost: ${JSON.stringify(r.lostWhere)}` : '');

  for (const n of SIZES) {
    console.log(
      `\nN = ${n} rooms (${n * 2} sockets), ${(n * 2 * 1000) / INTERVAL_MS} msg/s offered, ${SECONDS} s per run`,
    );
    for (let round = 1; round <= ROUNDS; round++) {
      for (const target of targets) {
        const r = await measure(target, rooms.slice(0, n), opts());
        r.round = round;
        results.push(r);
        console.log(line(r, round));
        await new Promise((res) => setTimeout(res, SETTLE_MS));
      }
    }
  }

  console.log('\nEvery run:');
  console.log(
    '| server | rooms | round | sent | delivered | refused | lost | msg/s | p50 ms | p99 ms | max ms | connect p50 ms | ticket p50 ms | socket p50 ms | connect p99 ms | all connected s | CPU ms/socket | CPU ms/msg | load 1 min | idle % |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.target} | ${r.rooms} | ${r.round} | ${r.sent} | ${r.delivered} | ${r.refused} | ${r.lost} | ${r.msgsPerS} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs} | ${r.connectP50Ms} | ${r.ticketP50Ms} | ${r.socketP50Ms} | ${r.connectP99Ms} | ${r.connectWallS} | ${r.connectCpuMsPerSocket} | ${r.cpuMsPerMsg} | ${r.loadavg1} | ${r.machineIdlePct} |`,
    );
  }

  if (targets.length === 2) {
    // Goals (issue 26): throughput ≥ 1.0×, p50 ≤ 1.2×, p99 ≤ 2×, connect ≤ 1.3× the reference, 0 lost.
    const metrics = [
      ['msg/s', 'msgsPerS', (x) => x >= 1.0, '≥ 1.0'],
      ['p50 latency', 'p50Ms', (x) => x <= 1.2, '≤ 1.2'],
      ['p99 latency', 'p99Ms', (x) => x <= 2, '≤ 2'],
      ['connect p50 (ticket + socket)', 'connectP50Ms', (x) => x <= 1.3, '≤ 1.3'],
      ['  socket only p50', 'socketP50Ms', null, ''],
      ['all sockets connected (wall)', 'connectWallS', null, ''],
      ['workerd CPU per socket connect (ms)', 'connectCpuMsPerSocket', null, ''],
      ['workerd CPU per message (ms)', 'cpuMsPerMsg', null, ''],
    ];
    console.log(`\nMedians over ${ROUNDS} round(s), Ongi / reference:`);
    console.log('| rooms | metric | reference | Ongi | ratio | goal |');
    console.log('|---|---|---|---|---|---|');
    for (const n of SIZES) {
      const of = (name, key) => median(results.filter((r) => r.rooms === n && r.target === name).map((r) => r[key]));
      for (const [label, key, ok, goal] of metrics) {
        const a = of('ref', key);
        const b = of('ongi', key);
        const ratio = b / a;
        // Judged as printed (two decimals): one message short of 10,000 is not a miss of 1.0×.
        const verdict = ok ? (ok(+ratio.toFixed(2)) ? `${goal} ✓` : `${goal} ✗`) : '';
        console.log(
          `| ${n} | ${label} | ${fmt(+a.toFixed(2))} | ${fmt(+b.toFixed(2))} | ${fmt(+ratio.toFixed(2))}× | ${verdict} |`,
        );
      }
      const lost = (name) => results.filter((r) => r.rooms === n && r.target === name).reduce((s, r) => s + r.lost, 0);
      console.log(
        `| ${n} | lost (all rounds) | ${lost('ref')} | ${lost('ongi')} | | 0 ${lost('ongi') === 0 ? '✓' : '✗'} |`,
      );
    }
  }

  if (PROFILE) {
    const n = Math.max(...SIZES);
    const outDir = path.join(process.cwd(), 'bench', '.out');
    mkdirSync(outDir, { recursive: true });
    for (const target of targets) {
      console.log(`\nProfiling one ${target.name} run at ${n} rooms (V8 sampling profiler on the Worker's isolate)…`);
      const { result, report, profiles } = await profileRun(target, (afterConnect) =>
        measure(target, rooms.slice(0, n), { ...opts(), afterConnect }),
      );
      console.log(line(result, 'prof'));
      console.log(report);
      for (const [phase, profile] of Object.entries(profiles)) {
        if (!profile) continue;
        const file = path.join(outDir, `chat-${target.name}-${n}-${phase}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        console.log(`  profile: ${path.relative(process.cwd(), file)} (Chrome DevTools → Performance → load)`);
      }
    }
  }
} finally {
  stopAll();
}
