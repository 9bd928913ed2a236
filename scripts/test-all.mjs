// `npm test`: every suite, in order, then one closing line `tests: N passed, N failed`.
// Suites: Worker integration (workerd + real D1/R2), Worker data layer on libSQL (Node),
// member SPA and admin SPA unit tests (jsdom), browser flows (Playwright + Debian Chromium).
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_E2E_STATE, prepareE2eState, runE2e } from './e2e.mjs';
import { ensureDevVars, mustRun, root, run } from './lib.mjs';

const out = path.join(root, 'node_modules', '.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const only = process.argv.slice(2); // e.g. `npm test -- worker e2e`
const want = (name) => only.length === 0 || only.includes(name);

ensureDevVars();
const started = performance.now();
/** Wall time since `from`, as `12.3 s` (the summary's per-suite column). */
const since = (from) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
if (want('e2e') || want('worker')) {
  console.log('▶ build (SPAs are served by the Worker in integration and browser tests)');
  const t = performance.now();
  await mustRun('npm', ['run', 'build']);
  console.log(`  build: ${since(t)}`);
}

// The browser suite's fresh state is made while the Vitest suites run (mostly waiting on module
// fetches, not the CPU): about 20 s off CI. Its output is kept quiet so the suites' reports stay whole.
const e2eState = want('e2e') ? prepareE2eState(DEFAULT_E2E_STATE, { quiet: true }) : null;

const suites = [
  { name: 'worker', cwd: 'worker', args: ['vitest', 'run'] },
  { name: 'worker-node', cwd: 'worker', args: ['vitest', 'run', '--config', 'vitest.node.config.ts'] },
  { name: 'member-web', cwd: 'member-web', args: ['vitest', 'run'] },
  { name: 'admin-web', cwd: 'admin-web', args: ['vitest', 'run'] },
];

const results = [];
for (const s of suites.filter((x) => want(x.name))) {
  const file = path.join(out, `${s.name}.json`);
  console.log(`\n▶ ${s.name}`);
  const t = performance.now();
  const code = await run('npx', [...s.args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
    cwd: path.join(root, s.cwd),
  });
  results.push({ name: s.name, code, wall: since(t), ...vitestCounts(file) });
}

if (want('e2e')) {
  const file = path.join(out, 'e2e.json');
  console.log('\n▶ e2e (Playwright, Debian Chromium, wrangler dev)');
  await e2eState;
  const t = performance.now();
  const code = await runE2e(['--no-build'], { jsonFile: file, prepared: true });
  results.push({ name: 'e2e', code, wall: since(t), ...playwrightCounts(file) });
}

let passed = 0;
let failed = 0;
console.log('\n── summary ──');
for (const r of results) {
  // A suite that crashed without reporting counts as one failure, never as zero.
  const f = r.failed + (r.code !== 0 && r.failed === 0 ? 1 : 0);
  passed += r.passed;
  failed += f;
  const counts = `${r.passed} passed, ${f} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`;
  console.log(`${r.name.padEnd(12)} ${counts.padEnd(24)} ${r.wall}`);
}
console.log(`(wall time of npm test: ${since(started)})`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const j = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: j.numPassedTests ?? 0,
    failed: j.numFailedTests ?? 0,
    skipped: (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0),
  };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 };
}
