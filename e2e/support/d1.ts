// Direct SQL on the browser suite's local D1 (the state `scripts/e2e.mjs` prepares), for states the
// product cannot be driven into through its API in a test's time (a member who became a minor, rooms
// waiting for days).
//
// Written to the D1 file itself (libSQL, as the demo seeding does: scripts/demo/local-state.ts), not
// through `wrangler d1 execute`: that starts a second runtime that holds the file for seconds, and
// the running Worker's D1, which never waits for a lock, then failed a test's write in another spec
// with `SQLITE_BUSY: database is locked` (a sign-up answered 500 in CI). Here the file is locked
// for the statements' milliseconds, and this side waits out a lock the Worker holds.
import { createClient } from '@libsql/client';
import { findLocalD1, stateDir } from '../../scripts/demo/local-state';

// Relative to the repository root, as wrangler's --persist-to (playwright.config.ts).
const persist = process.env.E2E_PERSIST ?? '.wrangler/e2e';
let file: Promise<string> | undefined;

/** SQL statements (one or more, `;`-separated) on the local D1, waiting up to 10 s for a lock the Worker holds. */
export async function sql(command: string): Promise<void> {
  file ??= findLocalD1(stateDir(persist));
  const client = createClient({ url: `file:${await file}` });
  try {
    await client.execute('PRAGMA busy_timeout = 10000');
    await client.executeMultiple(command);
  } finally {
    client.close();
  }
}
