// `node bench/dev-server-aborts.mjs`: does `wrangler dev` survive clients that abort requests
// mid-flight (a browser navigating away does this all the time)? Starts the repo's wrangler dev
// on a fresh local state, fires bursts of requests that are aborted after 0–150 ms, then checks
// that the server still answers. wrangler 4.114–4.124 exit here within seconds with an empty
// "✘ [ERROR]" (workers-sdk#15317, #15451); see docs/decisions/0003-wrangler-versions.md.
//   node bench/dev-server-aborts.mjs [--seconds 45] [--port 8799] [--wrangler path/to/bin/wrangler]
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { mustRun, root, toolEnv, waitForHttp } from '../scripts/lib.mjs';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '45' },
    port: { type: 'string', default: '8799' },
    wrangler: { type: 'string', default: path.join(root, 'node_modules', '.bin', 'wrangler') },
  },
});
const origin = `http://localhost:${args.port}`;
const state = '/tmp/ongi-bench-aborts/state';
const PATHS = [
  '/api/on/ping',
  '/api/notices',
  '/notices',
  '/main',
  '/admin/',
  '/api/community/posts?category=FREE',
  '/favicon.svg',
];

async function storm(seconds) {
  const end = Date.now() + seconds * 1000;
  const tally = { sent: 0, answered: 0, aborted: 0, refused: 0, unsettled: 0 };
  while (Date.now() < end && tally.refused < 20) {
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        const ctl = new AbortController();
        const timer = setTimeout(() => ctl.abort(), Math.random() * 150);
        tally.sent++;
        const request = fetch(origin + PATHS[Math.floor(Math.random() * PATHS.length)], { signal: ctl.signal })
          .then(async (res) => {
            await res.arrayBuffer();
            tally.answered++;
          })
          .catch((err) => {
            if (err.name === 'AbortError') tally.aborted++;
            else tally.refused++;
          });
        // Node's fetch now and then never settles after an abort; do not wait for it forever.
        let guard;
        const stuck = new Promise((resolve) => {
          guard = setTimeout(() => {
            tally.unsettled++;
            resolve();
          }, 5000);
        });
        await Promise.race([request, stuck]);
        clearTimeout(timer);
        clearTimeout(guard);
      }),
    );
  }
  return tally;
}

async function main() {
  rmSync(path.dirname(state), { recursive: true, force: true });
  await mustRun(args.wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], {
    env: toolEnv({ CI: 'true' }),
    quiet: true,
  });
  const version = await new Promise((resolve) => {
    const p = spawn(args.wrangler, ['--version'], { env: toolEnv() });
    let out = '';
    p.stdout.on('data', (c) => (out += c));
    p.on('close', () => resolve(out.trim().split('\n').at(-1)));
  });
  const server = spawn(
    args.wrangler,
    [
      'dev',
      '--port',
      args.port,
      '--inspector-port',
      String(Number(args.port) + 1000),
      '--persist-to',
      state,
      '--assets',
      path.join(root, 'dist', 'public'),
      '--var',
      'DEV_PORTAL:true',
      '--var',
      `APP_ORIGIN:${origin}`,
      '--show-interactive-dev-session=false',
    ],
    { cwd: root, env: toolEnv(), stdio: 'ignore', detached: true },
  );
  let exitCode = null;
  server.on('exit', (code) => (exitCode = code));
  try {
    await waitForHttp(`${origin}/api/on/ping`, 120_000);
    const tally = await storm(Number(args.seconds));
    await new Promise((r) => setTimeout(r, 2000));
    const alive = await fetch(`${origin}/api/on/ping`, { signal: AbortSignal.timeout(10_000) })
      .then((r) => r.status === 401)
      .catch(() => false);
    console.log(
      `wrangler ${version}: 요청 ${tally.sent}건 (응답 ${tally.answered}, 중간 취소 ${tally.aborted}, 연결 거부 ${tally.refused}, 5초 넘게 미결 ${tally.unsettled})`,
    );
    console.log(
      alive
        ? '  → 개발 서버가 끝까지 살아 있어요.'
        : `  → 개발 서버가 멈췄어요 (종료 코드 ${exitCode ?? '없음, 응답 없음'}).`,
    );
    process.exitCode = alive ? 0 : 1;
  } finally {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
}

main().catch((err) => {
  console.error('✖ 벤치마크 실패:', err);
  process.exit(1);
});
