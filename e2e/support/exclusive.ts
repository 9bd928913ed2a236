// One thing at a time across the suite's workers, for the few steps two spec files cannot run
// side by side against the one server: a notice goes to every member who joined before it
// (notifications/delivery-repo.ts writeNoticeBatch), so one posted while notifications.spec
// counts its members' bells puts one more in them.
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Named holds, each a directory: making it is atomic, so one worker at a time has it. */
export const HOLDS = {
  /** Posting a notice, and a spec that counts its members' unread notifications. */
  noticeFanOut: 'notice-fan-out',
} as const;

/** Longer than any hold (a whole notifications.spec test); an older directory was left by a run that died. */
const STALE_MS = 180_000;

/**
 * Runs `fn` while no other worker of this run holds `name`. The directory sits in the run's own
 * state folder (scripts/e2e.mjs makes it afresh); one older than STALE_MS is taken over.
 */
export async function exclusive<T>(name: (typeof HOLDS)[keyof typeof HOLDS], fn: () => Promise<T>): Promise<T> {
  const parent = process.env.E2E_PERSIST ?? path.join(tmpdir(), `ongi-e2e-${process.env.E2E_PORT ?? '8788'}`);
  mkdirSync(parent, { recursive: true });
  const dir = path.join(parent, `${name}.hold`);
  for (;;) {
    try {
      mkdirSync(dir);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      try {
        if (Date.now() - statSync(dir).mtimeMs > STALE_MS) rmSync(dir, { recursive: true, force: true });
      } catch {
        // Released meanwhile.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
