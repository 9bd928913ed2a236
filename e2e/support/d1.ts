// Direct SQL on the browser suite's local D1 (the state `scripts/e2e.mjs` prepares), for states the
// product cannot be driven into through its API in a test's time (a member who became a minor, rooms
// waiting for days).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

// Playwright runs from the repository root (scripts/e2e.mjs), like the wrangler commands.
const root = process.cwd();
const persist = path.resolve(root, process.env.E2E_PERSIST ?? '.wrangler/e2e');

/** One SQL command on the local D1; retried, as the running Worker may hold the database for a moment. */
export function sql(command: string): void {
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync(
        'npx',
        ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persist, '--command', command],
        {
          cwd: root,
          stdio: 'pipe',
          env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
        },
      );
      return;
    } catch (err) {
      if (attempt >= 4) throw new Error(`${String(err)}\n${String((err as { stderr?: Buffer }).stderr ?? '')}`);
    }
  }
}
