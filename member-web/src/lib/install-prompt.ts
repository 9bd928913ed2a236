// 홈 화면에 추가 (docs/notifications.md "The installable app"): visits are counted per browser
// session in localStorage; the prompt on my page appears from the second visit on, never on first
// sight, never in the installed app, and never again once dismissed or installed. Chromium's
// `beforeinstallprompt` is kept for the 홈 화면에 추가 button; iOS Safari gets short instructions.
import { useSyncExternalStore } from 'react';
import { localValue, sessionValue } from './storage';

export const VISITS_KEY = 'ongiVisits';
export const VISIT_SESSION_KEY = 'ongiVisitCounted';
export const INSTALL_DISMISSED_KEY = 'installPromptDismissed';
export const MIN_VISITS = 2;

/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOffer = { kind: 'prompt'; event: BeforeInstallPromptEvent } | { kind: 'ios' } | null;

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((fn) => fn());

export function visitCount(): number {
  const n = Number(localValue.get(VISITS_KEY));
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** Counts this visit once per browser session (reloads and in-app navigation do not count). */
export function recordVisit(): number {
  if (sessionValue.get(VISIT_SESSION_KEY)) return visitCount();
  sessionValue.set(VISIT_SESSION_KEY, '1');
  const next = visitCount() + 1;
  localValue.set(VISITS_KEY, String(next));
  return next;
}

export function dismissInstallPrompt(): void {
  localValue.set(INSTALL_DISMISSED_KEY, '1');
  deferred = null;
  emit();
}

export function isStandalone(win: Window = window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  return Boolean(nav.standalone) || Boolean(win.matchMedia?.('(display-mode: standalone)').matches);
}

/** iPhone/iPad Safari (not Chrome/Firefox on iOS, which cannot add to the home screen the same way). */
export function isIosSafari(userAgent: string, maxTouchPoints = 0): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}

/** What my page may show now. */
export function installOffer(win: Window = window): InstallOffer {
  if (localValue.get(INSTALL_DISMISSED_KEY) || visitCount() < MIN_VISITS || isStandalone(win)) return null;
  if (deferred) return { kind: 'prompt', event: deferred };
  if (isIosSafari(win.navigator.userAgent, win.navigator.maxTouchPoints)) return { kind: 'ios' };
  return null;
}

/** At app start: count the visit and keep the browser's install event for later. */
export function startInstallPrompt(win: Window = window): void {
  recordVisit();
  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // no mini-infobar: my page offers it gently instead
    deferred = event as BeforeInstallPromptEvent;
    emit();
  });
  win.addEventListener('appinstalled', () => dismissInstallPrompt());
}

let snapshot: InstallOffer = null;
function currentOffer(): InstallOffer {
  const next = installOffer();
  const same =
    next?.kind === snapshot?.kind &&
    (next?.kind !== 'prompt' || (snapshot?.kind === 'prompt' && snapshot.event === next.event));
  if (!same) snapshot = next;
  return snapshot;
}

export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore((fn) => {
    listeners.add(fn);
    return () => listeners.delete(fn);
  }, currentOffer);
}

/** Shows the browser's own install dialog; either answer ends the prompt on my page. */
export async function promptInstall(event: BeforeInstallPromptEvent): Promise<boolean> {
  await event.prompt();
  const { outcome } = await event.userChoice;
  dismissInstallPrompt();
  return outcome === 'accepted';
}

/** Tests only. */
export function resetInstallPrompt(): void {
  deferred = null;
  snapshot = null;
  emit();
}
