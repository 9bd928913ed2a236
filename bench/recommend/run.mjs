// `npm run bench:recommend`: 100,000 generated members in a separate local D1 state, `wrangler
// dev` on port 8823 against it, 200 different members signed in through the dev portal, then
// p50/p95 of GET /api/on/matching/recommend — the first page of the day (ranks the day's list)
// and a later page (reads the stored list). Prints numbers; asserts nothing.
//   node bench/recommend/run.mjs [--members 100000] [--users 200] [--port 8823] [--reuse]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createClient } from '@libsql/client';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { mustRun, root, toolEnv, waitForHttp } from '../../scripts/lib.mjs';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    users: { type: 'string', default: '200' },
    port: { type: 'string', default: '8823' },
    reuse: { type: 'boolean', default: false },
  },
});
const base = '/tmp/ongi-bench-recommend';
const state = path.join(base, 'state');
const assets = path.join(base, 'public');
const origin = `http://localhost:${args.port}`;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const summary = (label, list) => {
  const s = [...list].sort((a, b) => a - b);
  const f = (n) => `${n.toFixed(1)} ms`;
  return `  ${label.padEnd(34)} p50 ${f(percentile(s, 50))}  p95 ${f(percentile(s, 95))}  max ${f(s.at(-1) ?? NaN)}  (n=${s.length})`;
};

/** The Worker's own duration of a request: its `Server-Timing: app;dur=N` header. */
const workerMs = (res) => {
  const m = /\bapp;dur=(\d+)/.exec(res.headers.get('Server-Timing') ?? '');
  return m ? Number(m[1]) : undefined;
};

async function timed(url, token) {
  const started = performance.now();
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  const body = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, count: Array.isArray(body) ? body.length : 0, workerMs: workerMs(res) };
}

async function main() {
  if (!args.reuse || !existsSync(path.join(base, 'members.json'))) {
    rmSync(base, { recursive: true, force: true });
    console.log(`▶ 로컬 D1 준비 (${state})`);
    await mustRun('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], {
      env: toolEnv({ CI: 'true' }),
      quiet: true,
    });
    console.log(`▶ 회원 ${Number(args.members).toLocaleString('ko-KR')}명 생성`);
    await mustRun('npx', [
      'tsx',
      'bench/recommend/generate.ts',
      '--persist-to',
      state,
      '--members',
      args.members,
      '--sample-out',
      path.join(base, 'members.json'),
    ]);
    // The learned recommender's vectors, as the daily Cron Trigger would have written them.
    console.log('▶ 추천 모델 학습 (member_vectors)');
    await mustRun('npx', ['tsx', 'bench/recommend/train.ts', '--persist-to', state]);
  }
  // Every run measures the first page of the day from scratch: forget lists ranked earlier.
  const d1 = path.join(state, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  for (const file of readdirSync(d1).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')) {
    const client = createClient({ url: `file:${path.join(d1, file)}` });
    const found = await client.execute("SELECT name FROM sqlite_master WHERE name = 'matching_rankings'");
    if (found.rows.length > 0) await client.execute('DELETE FROM matching_rankings');
    client.close();
  }
  mkdirSync(assets, { recursive: true });
  writeFileSync(path.join(assets, 'index.html'), '<!doctype html><div id="root"></div>');

  console.log(`▶ wrangler dev :${args.port}`);
  const server = spawn(
    'npx',
    [
      'wrangler',
      'dev',
      '--port',
      args.port,
      '--persist-to',
      state,
      '--assets',
      assets,
      '--var',
      'DEV_PORTAL:true',
      '--var',
      `APP_ORIGIN:${origin}`,
      '--show-interactive-dev-session=false',
      // Its own inspector port, so it never collides with another wrangler dev on the machine.
      '--inspector-port',
      String(Number(args.port) + 1000),
    ],
    { cwd: root, env: toolEnv(), stdio: ['ignore', 'ignore', 'inherit'], detached: true },
  );
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  process.on('exit', stop);
  try {
    await waitForHttp(`${origin}/api/on/ping`, 120_000);
    const emails = JSON.parse(readFileSync(path.join(base, 'members.json'), 'utf8'));
    const users = Number(args.users);
    // Spread over the population with a fixed stride, so every run signs in the same members.
    const stride = Math.max(1, Math.floor(emails.length / (users + 5)));
    const picked = Array.from({ length: users + 5 }, (_, i) => emails[i * stride]);

    console.log(`▶ ${users}명 로그인 (개발용 포털)`);
    const tokens = [];
    for (const email of picked) {
      const res = await fetch(`${origin}/dev-portal/sign-in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identity: { email } }),
      });
      const body = await res.json();
      if (body.status !== 'LOGIN') throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body)}`);
      tokens.push(body.accessToken);
    }

    // The first five warm the Worker up and are not counted.
    for (const token of tokens.slice(0, 5)) await timed(`${origin}/api/on/matching/recommend?page=0`, token);
    const first = [];
    const later = [];
    const again = [];
    const ping = [];
    let shown = 0;
    for (const token of tokens.slice(5)) {
      ping.push(await timed(`${origin}/api/on/ping`, token));
      const a = await timed(`${origin}/api/on/matching/recommend?page=0`, token);
      first.push(a);
      shown += a.count;
      later.push(await timed(`${origin}/api/on/matching/recommend?page=3`, token));
      again.push(await timed(`${origin}/api/on/matching/recommend?page=0`, token));
    }
    const client = (list) => list.map((x) => x.ms);
    const inWorker = (list) => list.map((x) => x.workerMs).filter((ms) => ms !== undefined);
    console.log(
      `\n추천 API 지연 시간 (wrangler dev, 회원 ${Number(args.members).toLocaleString('ko-KR')}명, 서로 다른 ${users}명, 순차 요청)`,
    );
    console.log(' HTTP 클라이언트에서 잰 시간');
    console.log(summary('첫 페이지 (오늘 목록 계산 포함)', client(first)));
    console.log(summary('뒤쪽 페이지 page=3 (저장된 목록)', client(later)));
    console.log(summary('첫 페이지 다시 (저장된 목록)', client(again)));
    console.log(summary('기준: GET /api/on/ping (인증만)', client(ping)));
    console.log(' Worker 안에서 잰 시간 (Server-Timing 헤더)');
    console.log(summary('첫 페이지 (오늘 목록 계산 포함)', inWorker(first)));
    console.log(summary('뒤쪽 페이지 page=3 (저장된 목록)', inWorker(later)));
    console.log(summary('첫 페이지 다시 (저장된 목록)', inWorker(again)));
    console.log(summary('기준: GET /api/on/ping (인증만)', inWorker(ping)));
    console.log(`  첫 페이지 평균 ${(shown / first.length).toFixed(1)}명`);
  } finally {
    stop();
  }
}

main().catch((err) => {
  console.error('✖ 추천 벤치마크 실패:', err);
  process.exit(1);
});
