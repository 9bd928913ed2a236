// The two servers the chat benchmark drives, each a `wrangler dev` with its own frozen copy of the
// code, its own fresh state and its own process group (stopped as a group):
//   Ongi      — the real Worker, bundled once from the checkout (`wrangler deploy --dry-run`);
//   reference — bench/chat/reference/worker.js, the durable-chat ceiling.
// Both keep their own inspector port (port + 1000), which the profiler attaches to.
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { ensureDevVars, root, run, toolEnv, waitForHttp, WITHOUT_DEV_TOOLS } from '../../scripts/lib.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);

/** Every server started by this process, so a failure anywhere can stop them all. */
const running = new Set();

/**
 * Where both servers keep their local state (D1, the Durable Objects' SQLite files, the runtime's
 * alarm index): in memory (tmpfs, `/dev/shm`) by default, or on the disk under each server's work
 * folder (`--state disk`). Locally every commit of those files is an `fsync` on the runtime's one
 * thread, a cost of this machine's disk that the platform's storage does not have
 * (docs/decisions/0012-chat-bench-state-in-memory.md).
 */
let stateRoot = null;

export function keepStateIn(where) {
  if (where !== 'memory' && where !== 'disk') throw new Error(`--state memory|disk, not ${where}`);
  stateRoot = where === 'memory' ? '/dev/shm' : null;
}

/**
 * Whether both servers run with wrangler dev's local dashboards, its trace collector and its
 * Durable Object explorer (`--dev-tools`: wrangler's default), or without them (the default here:
 * scripts/lib.mjs WITHOUT_DEV_TOOLS, ADR 0013).
 */
let devTools = false;

export function keepDevTools(on) {
  devTools = on;
}

/**
 * The switches are read by wrangler from the environment, both the same way: a server whose
 * explorer still answers (its API lists the Durable Object namespaces as JSON only while it runs)
 * did not get them, and its figures would not be this bench's measure (the collector has no
 * address to ask).
 */
async function assertDevTools(port) {
  const res = await fetch(`http://127.0.0.1:${port}/cdn-cgi/local/explorer/api/workers/durable_objects/namespaces`);
  await res.arrayBuffer();
  const explorerOn = res.status === 200 && (res.headers.get('content-type') ?? '').includes('json');
  if (!devTools && explorerOn) {
    throw new Error(`wrangler dev on :${port} still runs its local explorer: X_LOCAL_EXPLORER did not reach it`);
  }
}

const stateOf = (work) => (stateRoot ? path.join(stateRoot, `${path.basename(work)}-state`) : path.join(work, 'state'));

export function stopAllServers() {
  for (const server of running) {
    stopProcessGroup(server);
    // Memory is not left holding a finished run's state.
    if (stateRoot) rmSync(stateOf(server.work), { recursive: true, force: true });
  }
}

function stopProcessGroup(server) {
  server.stopping = true;
  running.delete(server);
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

function spawnDev(work, config, port, extraArgs = []) {
  const state = stateOf(work);
  const server = spawn(
    path.join(root, 'node_modules', '.bin', 'wrangler'),
    [
      'dev',
      '-c',
      config,
      '--port',
      String(port),
      '--persist-to',
      state,
      '--show-interactive-dev-session=false',
      // 'warn' would print every request slower than a second (most of them, under load).
      '--log-level',
      'error',
      // Its own inspector port: another wrangler dev starting on the machine must not take ours.
      '--inspector-port',
      String(port + 1000),
      ...extraArgs,
    ],
    {
      cwd: work,
      env: toolEnv(devTools ? {} : WITHOUT_DEV_TOOLS),
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    },
  );
  server.work = work;
  running.add(server);
  server.on('exit', (code, signal) => {
    if (!server.stopping) console.error(`wrangler dev on :${port} exited (code ${code}, signal ${signal})`);
  });
  return server;
}

/**
 * Ongi's Worker, bundled once and served from that frozen copy: `wrangler dev` on the source would
 * rebuild (and restart mid-run) whenever anyone edits a file in the checkout.
 */
export async function startOngi({ port, reuseBundle, rev = null, seedD1 = null }) {
  const work = `/tmp/ongi-bench-chat-${port}`;
  ensureDevVars();
  // `rev`: a committed revision exported from git (others' unfinished edits in a shared checkout
  // cannot break or change the build); null: the working tree as it is.
  const src = rev ? path.join(work, 'src') : root;
  const readToml = () =>
    readFileSync(path.join(src, 'wrangler.toml'), 'utf8')
      // Its own name in wrangler's machine-wide dev registry, apart from every other local "ongi".
      .replace(/^name = .*$/m, `name = "ongi-bench-chat-${port}"`)
      .replace(/^migrations_dir = .*$/m, `migrations_dir = "${path.join(src, 'migrations')}"`)
      // The benchmark never asks for the SPAs: a stub page instead of `npm run build`'s output.
      .replace(/^directory = .*$/m, 'directory = "./public"');
  // --reuse-bundle keeps an existing build (experiments); the state is always fresh.
  if (!reuseBundle || !existsSync(path.join(work, 'bundle', 'index.js'))) {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(path.join(work, 'public'), { recursive: true });
    writeFileSync(path.join(work, 'public', 'index.html'), '<!doctype html><div id="root"></div>');
    if (rev) {
      mkdirSync(src, { recursive: true });
      const files = ['worker', 'migrations', 'wrangler.toml', 'package.json', 'tsconfig.json', 'tsconfig.base.json'];
      const git = spawnSync('sh', ['-c', `git -C "${root}" archive "${rev}" ${files.join(' ')} | tar -x -C "${src}"`]);
      if (git.status !== 0) throw new Error(`git archive ${rev}: ${git.stderr}`);
      symlinkSync(path.join(root, 'node_modules'), path.join(src, 'node_modules'));
      if (existsSync(path.join(root, 'worker', 'node_modules'))) {
        symlinkSync(path.join(root, 'worker', 'node_modules'), path.join(src, 'worker', 'node_modules'));
      }
    }
    const buildConfig = path.join(work, 'wrangler.build.toml');
    writeFileSync(
      buildConfig,
      readToml().replace(/^main = .*$/m, `main = "${path.join(src, 'worker', 'src', 'index.ts')}"`),
    );
    await mustSucceed(
      'npx',
      ['wrangler', 'deploy', '--dry-run', '-c', buildConfig, '--outdir', path.join(work, 'bundle')],
      { quiet: true },
    );
  }
  rmSync(stateOf(work), { recursive: true, force: true });
  // `seedD1`: a directory of D1 database files saved by `snapshotD1` (members and rooms made
  // through the API by an earlier invocation: --members-cache), put back before the server starts.
  if (seedD1) {
    const d1Dir = path.join(stateOf(work), D1_DIR);
    mkdirSync(d1Dir, { recursive: true });
    for (const file of readdirSync(seedD1)) copyFileSync(path.join(seedD1, file), path.join(d1Dir, file));
  }
  const configPath = path.join(work, 'wrangler.toml');
  writeFileSync(configPath, readToml().replace(/^main = .*$/m, 'main = "bundle/index.js"\nno_bundle = true'));
  copyFileSync(path.join(root, '.dev.vars'), path.join(work, '.dev.vars'));
  await mustSucceed(
    'npx',
    ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '-c', configPath, '--persist-to', stateOf(work)],
    { env: toolEnv({ CI: 'true' }), quiet: true },
  );
  // Access tokens live 2 h here (15 min in production): a long run's clients connect with the
  // token they got at signup (bench:chat --ongi-connect token) without refreshing it.
  const server = spawnDev(work, configPath, port, [
    '--var',
    'DEV_PORTAL:true',
    '--var',
    'ACCESS_TOKEN_TTL_SECONDS:7200',
  ]);
  await waitForHttp(`http://127.0.0.1:${port}/api/on/ping`, 120_000);
  await assertDevTools(port);
  return { name: 'ongi', port, server, work };
}

/** Where miniflare keeps the local D1 database under a `--persist-to` directory. */
const D1_DIR = path.join('v3', 'd1', 'miniflare-D1DatabaseObject');

/**
 * A consistent copy of Ongi's local D1 database (each `.sqlite` but miniflare's metadata) into
 * `dest`, taken while the server runs (`VACUUM INTO` reads one snapshot; WAL lets it read beside
 * the writer).
 */
export async function snapshotD1(ongi, dest) {
  const { DatabaseSync } = await import('node:sqlite');
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  const dir = path.join(stateOf(ongi.work), D1_DIR);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')) {
    const db = new DatabaseSync(path.join(dir, file), { readOnly: true });
    try {
      db.exec(`VACUUM INTO '${path.join(dest, file).replaceAll("'", "''")}'`);
    } finally {
      db.close();
    }
  }
}

/** Like scripts/lib.mjs' mustRun, but throws (so the caller stops the servers already started). */
async function mustSucceed(cmd, args, opts) {
  const code = await run(cmd, args, opts);
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${code})`);
}

/**
 * The reference chat (bench/chat/reference), copied so edits during a run change nothing. `secure`:
 * with a copy of Ongi's D1 (`seedD1`, the members cache) and the JWT secret, so its upgrade checks
 * the token and reads D1 once, as Ongi's does (wrangler.secure.toml).
 */
export async function startReference({ port, secure = false, seedD1 = null }) {
  const work = `/tmp/ongi-bench-chat-ref-${port}`;
  rmSync(work, { recursive: true, force: true });
  rmSync(stateOf(work), { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const config = secure ? 'wrangler.secure.toml' : 'wrangler.toml';
  for (const file of ['worker.js', config]) copyFileSync(path.join(here, 'reference', file), path.join(work, file));
  if (secure) {
    if (!seedD1) throw new Error('--reference secure needs --members-cache with the rooms already made');
    const d1Dir = path.join(stateOf(work), D1_DIR);
    mkdirSync(d1Dir, { recursive: true });
    for (const file of readdirSync(seedD1)) copyFileSync(path.join(seedD1, file), path.join(d1Dir, file));
    copyFileSync(path.join(root, '.dev.vars'), path.join(work, '.dev.vars'));
  }
  const server = spawnDev(work, path.join(work, config), port);
  await waitForHttp(`http://127.0.0.1:${port}/ping`, 120_000);
  await assertDevTools(port);
  return { name: 'ref', port, server, work };
}

export function stopServer(s) {
  if (s) stopProcessGroup(s.server);
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

/**
 * CPU seconds used so far by the server's process group, split into the runtime (workerd) and
 * wrangler's own Node processes. Read from /proc: it is what the machine actually spent, which is
 * steadier than latency on a shared machine.
 */
export function serverCpu(s) {
  const out = { workerd: 0, node: 0 };
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' '); // fields[0] = state (field 3)
    if (Number(fields[2]) !== s.server.pid) continue; // pgrp (field 5)
    const seconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS; // utime + stime
    if (comm.startsWith('workerd')) out.workerd += seconds;
    else out.node += seconds;
  }
  return out;
}
