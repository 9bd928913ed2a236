// Chat benchmark: N rooms with two connected clients each, through `wrangler dev` (its own state,
// port 8824). Every client sends at a steady rate; we measure delivered messages per second,
// send → receive latency (the other member's socket) and lost messages.
//   npm run bench:chat                    → N = 10, 100, 500
//   npm run bench:chat -- --rooms 10,50 --seconds 20 --interval 2000
// Needs Node 22 (global WebSocket): `npm run` puts the project's Node 22 first on PATH.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureDevVars, mustRun, root, toolEnv, waitForHttp } from '../../scripts/lib.mjs';
import { openRoom, pool, retrying, roomTicket, signUp } from './members.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
};
const SIZES = arg('rooms', '10,100,500').split(',').map(Number);
const SECONDS = Number(arg('seconds', '30'));
const INTERVAL_MS = Number(arg('interval', '2000')); // per client: 0.5 msg/s, under the 10-per-10 s limit
// After sending stops, deliveries may still arrive: only what is missing after this is lost.
const DRAIN_MS = 60_000;
const PORT = Number(arg('port', '8824'));
const BASE = `http://127.0.0.1:${PORT}`;
const WS_BASE = `ws://127.0.0.1:${PORT}`;

if (typeof WebSocket === 'undefined') {
  console.error('Node 22+ is needed (global WebSocket). Run through `npm run bench:chat`.');
  process.exit(1);
}

const work = '/tmp/ongi-bench-chat';

/**
 * The Worker is bundled once and served from that frozen copy: `wrangler dev` on the source would
 * rebuild (and restart mid-run) whenever anyone edits a file in the checkout.
 */
function frozenConfig() {
  const config = readFileSync(path.join(root, 'wrangler.toml'), 'utf8')
    // Its own name in wrangler's machine-wide dev registry, apart from every other local "ongi".
    .replace(/^name = .*$/m, 'name = "ongi-bench-chat"')
    .replace(/^main = .*$/m, 'main = "bundle/index.js"\nno_bundle = true')
    .replace(/^migrations_dir = .*$/m, `migrations_dir = "${path.join(root, 'migrations')}"`)
    .replace(/^directory = .*$/m, 'directory = "./public"');
  writeFileSync(path.join(work, 'wrangler.toml'), config);
  copyFileSync(path.join(root, '.dev.vars'), path.join(work, '.dev.vars'));
  return path.join(work, 'wrangler.toml');
}

async function startServer() {
  // --reuse-bundle keeps an existing build (experiments); the state is always fresh.
  if (!process.argv.includes('--reuse-bundle')) {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(path.join(work, 'public'), { recursive: true });
    writeFileSync(path.join(work, 'public', 'index.html'), '<!doctype html><div id="root"></div>');
    await mustRun('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', path.join(work, 'bundle')], { quiet: true });
  }
  rmSync(path.join(work, 'state'), { recursive: true, force: true });
  ensureDevVars();
  const config = frozenConfig();
  const state = path.join(work, 'state');
  await mustRun(
    'npx',
    ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '-c', config, '--persist-to', state],
    {
      env: toolEnv({ CI: 'true' }),
      quiet: true,
    },
  );
  const server = spawn(
    path.join(root, 'node_modules', '.bin', 'wrangler'),
    [
      'dev',
      '-c',
      config,
      '--port',
      String(PORT),
      '--persist-to',
      state,
      '--var',
      'DEV_PORTAL:true',
      '--show-interactive-dev-session=false',
      '--log-level',
      'warn',
      // Its own inspector port: another wrangler dev starting on the machine must not take ours.
      '--inspector-port',
      String(PORT + 1000),
    ],
    { cwd: work, env: toolEnv(), stdio: ['ignore', 'ignore', 'inherit'], detached: true },
  );
  server.on('exit', (code, signal) => console.error(`wrangler dev exited (code ${code}, signal ${signal})`));
  await waitForHttp(`${BASE}/api/on/ping`, 120_000);
  return server;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** A connected client: resolves once the room says ready. */
function connect(roomId, ticket, onFrame) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${WS_BASE}/api/on/chat-rooms/${roomId}/ws?ticket=${encodeURIComponent(ticket)}`);
    const timer = setTimeout(() => reject(new Error(`room ${roomId}: no ready frame`)), 30_000);
    ws.onmessage = (event) => {
      const frame = JSON.parse(event.data);
      if (frame.type === 'ready') {
        clearTimeout(timer);
        resolve(ws);
      }
      onFrame(frame);
    };
    ws.onerror = (event) => reject(new Error(`room ${roomId}: socket error ${event.message ?? ''}`));
  });
}

let runCounter = 0;

async function measure(rooms) {
  const sentAt = new Map(); // clientMsgId → ms
  const latencies = [];
  const errors = new Map();
  // Client message ids are unique per run: a repeated id is a resend, which the room answers only
  // to its sender (it is already stored).
  const runTag = `r${++runCounter}`;
  let unexpectedCloses = 0;
  let firstSend = 0;
  let lastDelivery = 0;
  const clients = [];

  const frameHandler = (me) => (frame) => {
    if (frame.type === 'message' && frame.senderId !== me.memberId && sentAt.has(frame.clientMsgId)) {
      const now = performance.now();
      latencies.push(now - sentAt.get(frame.clientMsgId));
      sentAt.delete(frame.clientMsgId);
      lastDelivery = now;
    } else if (frame.type === 'error' && frame.clientMsgId !== null && sentAt.has(frame.clientMsgId)) {
      errors.set(frame.code, (errors.get(frame.code) ?? 0) + 1);
      sentAt.delete(frame.clientMsgId);
    }
  };

  const pairs = rooms.flatMap((r) => [
    { member: r.a, roomId: r.roomId },
    { member: r.b, roomId: r.roomId },
  ]);
  const connectStarted = performance.now();
  await pool(pairs, 20, async ({ member, roomId }) => {
    const ws = await retrying(`socket for room ${roomId}`, async () =>
      connect(roomId, await roomTicket(BASE, member, roomId), frameHandler(member)),
    );
    ws.onclose = () => {
      if (!ws.benchDone) unexpectedCloses += 1;
    };
    clients.push({ ws, member });
  });
  const connectMs = performance.now() - connectStarted;

  let sent = 0;
  const timers = [];
  firstSend = performance.now();
  const stopAt = firstSend + SECONDS * 1000;
  clients.forEach((client, i) => {
    let seq = 0;
    // Spread the clients evenly over one interval so the load is steady, not in bursts.
    const start = setTimeout(
      () => {
        const tick = () => {
          if (performance.now() >= stopAt) return clearInterval(timer);
          const clientMsgId = `${runTag}-${i}-${++seq}`;
          sentAt.set(clientMsgId, performance.now());
          client.ws.send(JSON.stringify({ type: 'send', content: `안녕하세요! ${seq}번째 메시지예요`, clientMsgId }));
          sent += 1;
        };
        const timer = setInterval(tick, INTERVAL_MS);
        timers.push(timer);
        tick();
      },
      (i / clients.length) * INTERVAL_MS,
    );
    timers.push(start);
  });
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  timers.forEach(clearTimeout);
  timers.forEach(clearInterval);
  const drainUntil = performance.now() + DRAIN_MS;
  while (sentAt.size > 0 && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 100));
  const drainedMs = performance.now() - stopAt;
  for (const { ws } of clients) {
    ws.benchDone = true;
    ws.close(1000, 'bench done');
  }

  latencies.sort((x, y) => x - y);
  const delivered = latencies.length;
  const spanS = Math.max(lastDelivery - firstSend, 1) / 1000;
  return {
    rooms: rooms.length,
    sockets: clients.length,
    connectSeconds: +(connectMs / 1000).toFixed(1),
    sent,
    delivered,
    refused: [...errors.values()].reduce((n, v) => n + v, 0),
    lost: sent - delivered - [...errors.values()].reduce((n, v) => n + v, 0),
    unexpectedCloses,
    drainSeconds: +(drainedMs / 1000).toFixed(1),
    deliveredPerSecond: +(delivered / spanS).toFixed(1),
    p50Ms: +percentile(latencies, 50).toFixed(1),
    p99Ms: +percentile(latencies, 99).toFixed(1),
    maxMs: +(latencies.at(-1) ?? NaN).toFixed(1),
    errors: Object.fromEntries(errors),
  };
}

const server = await startServer();
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});

try {
  const runId = Date.now().toString(36);
  const maxRooms = Math.max(...SIZES);
  console.log(`Creating ${maxRooms * 2} members and ${maxRooms} rooms through the API…`);
  const t0 = performance.now();
  const members = await pool(
    Array.from({ length: maxRooms * 2 }, (_, i) => i),
    8,
    (i) => signUp(BASE, i + 1, runId),
  );
  const rooms = await pool(
    Array.from({ length: maxRooms }, (_, i) => i),
    8,
    async (i) => {
      const a = members[2 * i];
      const b = members[2 * i + 1];
      return { a, b, roomId: await openRoom(BASE, a, b) };
    },
  );
  console.log(`  done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const results = [];
  for (const n of SIZES) {
    console.log(`\nN = ${n} rooms (${n * 2} sockets), each client sends every ${INTERVAL_MS} ms for ${SECONDS} s…`);
    const r = await measure(rooms.slice(0, n));
    console.log(r);
    results.push(r);
  }
  console.log('\n| rooms | sockets | sent | delivered | refused | lost | delivered msg/s | p50 ms | p99 ms | max ms |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.rooms} | ${r.sockets} | ${r.sent} | ${r.delivered} | ${r.refused} | ${r.lost} | ${r.deliveredPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs} |`,
    );
  }
} finally {
  stop();
}
