// Browser storage behind small named functions; keys come from the contract (docs/product-spec.md §9).
import { STORAGE_KEYS } from '@contract/limits';

function safe<T>(fn: () => T, fallback: T): T {
  // Storage throws in some private modes and when disabled; treat that as "nothing stored".
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const accessTokenStore = {
  get: (): string | null => safe(() => localStorage.getItem(STORAGE_KEYS.accessToken), null),
  set: (token: string): void => safe(() => localStorage.setItem(STORAGE_KEYS.accessToken, token), undefined),
  clear: (): void => safe(() => localStorage.removeItem(STORAGE_KEYS.accessToken), undefined),
};

export const hasAccessToken = (): boolean => Boolean(accessTokenStore.get());

export const localValue = {
  get: (key: string): string | null => safe(() => localStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => localStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => localStorage.removeItem(key), undefined),
};

export const sessionValue = {
  get: (key: string): string | null => safe(() => sessionStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => sessionStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => sessionStorage.removeItem(key), undefined),
};

/** Logout: forget everything this browser keeps about the member. */
export function clearMemberState(): void {
  for (const key of Object.values(STORAGE_KEYS)) {
    localValue.remove(key);
    sessionValue.remove(key);
  }
}
