// Small helpers shared by the start and test scripts (plain Node, no dependencies).
import { spawn } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'node_modules', '.bin');

/**
 * `wrangler dev` without its two local dashboards, both on by default in wrangler 4.156 and both
 * run inside the runtime, on its one thread:
 * - `X_LOCAL_OBSERVABILITY`: every invocation's trace events (the request, each WebSocket frame,
 *   each D1 call and storage span) go to a collector that stores them in SQLite. In the chat
 *   benchmark that was about half the runtime's CPU per message, and its first flush after the
 *   connects held the thread for 0.2–0.35 s;
 * - `X_LOCAL_EXPLORER`: the dashboard's pages and API under `/cdn-cgi/local/explorer` (its Durable
 *   Object wrapper is installed by wrangler dev whatever this says).
 * The platform has neither on the Worker's thread, so what measures or tests the Worker turns them
 * off (the chat benchmark, the browser suite); `npm start` keeps wrangler's defaults
 * (docs/decisions/0013-benches-without-wrangler-dev-tools.md).
 */
export const WITHOUT_DEV_TOOLS = Object.freeze({ X_LOCAL_OBSERVABILITY: 'false', X_LOCAL_EXPLORER: 'false' });

/** Environment with the project's Node 22 (node@22 devDependency) first on PATH. */
export function toolEnv(extra = {}) {
  return {
    ...process.env,
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    WRANGLER_SEND_METRICS: 'false',
    ...extra,
  };
}

/** Runs a command, streaming its output; resolves with the exit code. */
export function run(cmd, args, { env = toolEnv(), cwd = root, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function mustRun(cmd, args, opts) {
  const code = await run(cmd, args, opts);
  if (code !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} 실패 (exit ${code})`);
    process.exit(code);
  }
}

export function ensureDevVars() {
  const target = path.join(root, '.dev.vars');
  const example = path.join(root, '.dev.vars.example');
  if (!existsSync(target)) {
    copyFileSync(example, target);
    return;
  }
  // A .dev.vars made before a variable was added (e.g. the VAPID pair) gets the example's dev value.
  const have = new Set([...readFileSync(target, 'utf8').matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]));
  const missing = readFileSync(example, 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z0-9_]+=/.test(line) && !have.has(line.split('=')[0]));
  if (missing.length) appendFileSync(target, `\n${missing.join('\n')}\n`);
}

export async function waitForHttp(url, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
