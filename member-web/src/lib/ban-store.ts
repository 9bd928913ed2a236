// The ban the server reported (403 MEMBER_BANNED on any call, sign-in included), held outside React
// so the HTTP client can report it and the root layout can show the ban screen instead of the page.
import { useSyncExternalStore } from 'react';
import type { MemberBan } from '@contract/member-ban';

let current: MemberBan | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function reportBan(ban: MemberBan): void {
  current = ban;
  emit();
}

export function clearBan(): void {
  current = null;
  emit();
}

export const getBan = (): MemberBan | null => current;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useBan = (): MemberBan | null => useSyncExternalStore(subscribe, getBan, getBan);
