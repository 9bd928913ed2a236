// When the app offers push (docs/notifications.md "The installable app"): only after a meaningful
// moment — the first chat request sent or a received request shown in the 요청 tab — never on page
// load. The in-app sheet asks first; the browser's permission prompt comes only after 좋아요.
// Asked once per browser: the answer is remembered (the 알림 설정 tab can turn push on later).
import { useEffect, useSyncExternalStore } from 'react';
import { isPushSupported } from './push';
import { localValue } from './storage';

export const PUSH_OPT_IN_KEY = 'pushOptIn';
export type PushOptInAnswer = 'accepted' | 'declined';

let open = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((fn) => fn());

/** Push works here, the browser has never been asked, and the sheet was never answered. */
export function canOfferPushOptIn(): boolean {
  return isPushSupported() && Notification.permission === 'default' && localValue.get(PUSH_OPT_IN_KEY) === null;
}

/** The meaningful moment happened: open the sheet when it may be offered. */
export function offerPushOptIn(): void {
  if (open || !canOfferPushOptIn()) return;
  open = true;
  emit();
}

export function answerPushOptIn(answer: PushOptInAnswer): void {
  localValue.set(PUSH_OPT_IN_KEY, answer);
  open = false;
  emit();
}

export function isPushOptInOpen(): boolean {
  return open;
}

export function usePushOptInOpen(): boolean {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => open,
    () => false, // build-time HTML (src/first-paint/prerender.tsx): closed
  );
}

/** For screens that show the moment (the 요청 tab with a received request). */
export function useOfferPushOptIn(when: boolean): void {
  useEffect(() => {
    if (when) offerPushOptIn();
  }, [when]);
}

/** Tests only. */
export function resetPushOptIn(): void {
  open = false;
  emit();
}
