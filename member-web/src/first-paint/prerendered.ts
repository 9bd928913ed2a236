// The shell's prerendered markup (src/first-paint/prerender.tsx, put in by worker/src/lib/spa.ts) is the first
// screen of one path, for a visitor or for a member (`data-prerendered-for`):
// - a visitor's page is hydrated in place, only where the client renders the same: that path, no
//   member token (the landing page sends members on to /main), no query it reads (?reason=expired,
//   which the Worker leaves unrendered anyway);
// - a member page is the frame and the page before its data: the client's first render of it
//   replaces it once the route's code is there (same layout, so nothing moves), for a token holder.
import { useEffect } from 'react';
import type { RouterState, RouterSubscriber } from 'react-router-dom';
import { hasAccessToken } from '../lib/storage';

export type Takeover = 'hydrate' | 'replace' | 'none';

export function takeoverOf(root: HTMLElement, location: Pick<Location, 'pathname' | 'search'>): Takeover {
  const path = root.dataset.prerendered;
  if (!path || path !== location.pathname || !root.hasChildNodes()) return 'none';
  if (root.dataset.prerenderedFor === 'member') return hasAccessToken() ? 'replace' : 'none';
  return !hasAccessToken() && !new URLSearchParams(location.search).has('reason') ? 'hydrate' : 'none';
}

/** Kept for the hydration test and main.tsx: the visitor's page is hydrated as is. */
export const canHydrate = (root: HTMLElement, location: Pick<Location, 'pathname' | 'search'>): boolean =>
  takeoverOf(root, location) === 'hydrate';

/** Taken over: the markup is React's now (and the rules that hide it from the wrong reader go). */
export function markTakenOver(root: HTMLElement): void {
  delete root.dataset.prerendered;
  delete root.dataset.prerenderedFor;
}

/** Another first screen will render: the prerendered one goes. */
export function dropPrerendered(root: HTMLElement): void {
  if (root.dataset.prerendered === undefined) return;
  root.replaceChildren();
  markTakenOver(root);
}

/** Resolves once the router has loaded the opened route's code (its first render is then the page). */
export function whenRouterReady(router: {
  state: RouterState;
  subscribe: (fn: RouterSubscriber) => () => void;
}): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** What src/first-paint/first-paint.js keeps: the place among the markup's buttons of the last one pressed. */
type EarlyPress = { index: number };

/** The button pressed on the prerendered markup before the entry took it over (-1: none), once. */
export function takeEarlyPress(): number {
  const press = (window as { __ongiEarlyPress?: EarlyPress }).__ongiEarlyPress;
  const index = press?.index ?? -1;
  if (press) press.index = -1;
  return index;
}

/** Presses again, now that React listens, the button at that place. */
export function pressAgain(root: HTMLElement, index: number): void {
  if (index < 0) return;
  const button = root.querySelectorAll('button')[index];
  if (button instanceof HTMLElement) button.click();
}

let pageCommitted: (() => void) | null = null;

/**
 * `fn` runs once the page's own content has committed (`<PageCommitted />`, inside the root layout's
 * Suspense boundary). React may hydrate that boundary after the root's first commit, so a press
 * replayed at the root's commit could reach a button React does not handle yet.
 */
export function onPageCommitted(fn: () => void): void {
  pageCommitted = fn;
}

/** Placed next to the page in the root layout: tells `onPageCommitted`'s callback, once. */
export function PageCommitted(): null {
  useEffect(() => {
    const fn = pageCommitted;
    pageCommitted = null;
    fn?.();
  }, []);
  return null;
}
