// "This call needs 본인확인" (403 IDENTITY_REQUIRED from hearts, chat requests, messages), held
// outside React so the HTTP client can report it and the member frame can offer the verification.
import { useSyncExternalStore } from 'react';

let asked = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function reportIdentityRequired(): void {
  asked = true;
  emit();
}

export function dismissIdentityRequired(): void {
  asked = false;
  emit();
}

const get = (): boolean => asked;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useIdentityRequired = (): boolean => useSyncExternalStore(subscribe, get, get);
