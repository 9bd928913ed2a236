// Whether the server said this member is under 19 (403 UNDER_19 on any member call, docs/trust.md "Adults only"),
// held outside React so the HTTP client can report it and the root layout can show the gate.
import { useSyncExternalStore } from 'react';

let current = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (current === value) return;
  current = value;
  for (const listener of listeners) listener();
}

export const reportUnder19 = (): void => set(true);
export const clearUnder19 = (): void => set(false);
export const isUnder19 = (): boolean => current;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useUnder19 = (): boolean => useSyncExternalStore(subscribe, isUnder19, isUnder19);
