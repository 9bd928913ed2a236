// The shell's prerendered markup (src/prerender.tsx, put in by worker/src/lib/spa.ts) is a visitor's
// first screen of one path. The client renders the same only for that path, without a member token
// (the landing page sends members on to /main) and without a query the page reads (?reason=expired,
// which the Worker leaves unrendered anyway).
import { hasAccessToken } from './storage';

export function canHydrate(root: HTMLElement, location: Pick<Location, 'pathname' | 'search'>): boolean {
  const path = root.dataset.prerendered;
  if (!path || path !== location.pathname || !root.hasChildNodes()) return false;
  return !hasAccessToken() && !new URLSearchParams(location.search).has('reason');
}

/** Another first screen will render: the prerendered one goes (and with it the rule hiding it from members). */
export function dropPrerendered(root: HTMLElement): void {
  if (root.dataset.prerendered === undefined) return;
  root.replaceChildren();
  delete root.dataset.prerendered;
}

/** What build/first-paint.js keeps: the last button pressed before the entry took the markup over. */
type EarlyPress = { button: Element | null };

/** Presses again, now that React listens, a button pressed on the prerendered markup before. */
export function replayEarlyPress(root: HTMLElement): void {
  const press = (window as { __ongiEarlyPress?: EarlyPress }).__ongiEarlyPress;
  const button = press?.button;
  if (press) press.button = null;
  if (button instanceof HTMLElement && root.contains(button)) button.click();
}
