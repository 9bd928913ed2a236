// Main-thread scheduling for the first screen (docs/first-paint.md "After the first screen"): work a
// page's first screen does not need waits until the browser is idle, and long start-up work gives
// the browser a turn between its steps, so no single task blocks a phone's main thread for long.
import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** At most this long (ms) before idle work runs anyway: a busy page still gets its widgets. */
export const IDLE_TIMEOUT_MS = 2_000;

type IdleWindow = {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * Runs `fn` once the main thread is idle (`requestIdleCallback`, at most `timeout` ms later), or after
 * a macrotask where the browser has no idle callbacks (Safari). Returns a cancel function.
 */
export function whenIdle(fn: () => void, timeout = IDLE_TIMEOUT_MS): () => void {
  const w = globalThis as IdleWindow;
  if (typeof w.requestIdleCallback === 'function') {
    const id = w.requestIdleCallback(fn, { timeout });
    return () => w.cancelIdleCallback?.(id);
  }
  const id = setTimeout(fn, 1);
  return () => clearTimeout(id);
}

type YieldingScheduler = { yield?: () => Promise<void> };

/**
 * Ends the current task and resumes in a new one, letting the browser paint and handle input in
 * between: `scheduler.yield()` where there is one (the continuation keeps its priority), else a
 * zero-delay timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** False until the main thread has been idle once after the component mounted (then true for good). */
export function useIdle(timeout = IDLE_TIMEOUT_MS): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    // A transition: what appears then renders in slices, not in one task of its own.
    return whenIdle(() => startTransition(() => setIdle(true)), timeout);
  }, [idle, timeout]);
  return idle;
}

/**
 * Renders `children` once the main thread has been idle after the first commit: for what the first
 * screen does not show (dialogs waiting for an event, a card below the content, background queries).
 */
export function AfterIdle({ children, timeout }: { children: ReactNode; timeout?: number }) {
  return useIdle(timeout) ? children : null;
}

/**
 * False until `open` is first true, then true for good: a dialog loaded on demand (`lazy`) mounts with
 * its first opening and stays mounted, so it can close with its animation.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
