// The floors check that `npm run typecheck` runs (scripts/check-layers.mjs), run as CI runs it: on
// a tree that breaks each rule once it fails and names every bad import; on a clean tree it passes
// (the Worker's own source is checked by `npm run typecheck` itself).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../scripts/check-layers.mjs', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/layers/${name}`, import.meta.url));

function check(dir: string) {
  const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  return { code: run.status, out: run.stdout + run.stderr };
}

// Each case starts Node and the TypeScript parser: seconds on a loaded machine.
describe('scripts/check-layers.mjs', { timeout: 30_000 }, () => {
  it('fails on a deliberately bad tree and names each broken rule', () => {
    const { code, out } = check(fixture('bad'));
    expect(code).toBe(1);
    expect(out).toContain('3 upward import(s), 1 import circle(s)');
    expect(out).toMatch(
      /lib\/format\.ts:2 imports areas\/shop\/service\.ts\n\s+lib\/ may import only contract\/, db\/, lib\//,
    );
    expect(out).toMatch(/contract\/codes\.ts:2 imports lib\/format\.ts\n\s+contract\/ may import only contract\//);
    expect(out).toMatch(/areas\/shop\/service\.ts:2 imports areas\/demo\/seed\.ts/);
    expect(out).toContain('circle: areas/ring/one.ts → areas/ring/two.ts → areas/ring/one.ts');
  });

  it('passes a tree that keeps the floors', () => {
    const { code, out } = check(fixture('good'));
    expect(code).toBe(0);
    expect(out).toContain('no upward import, no circle');
  });
});
