// jsdom gaps the app relies on, filled once for every test file.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearToasts } from '../components/toast/toast-store';
import { clearBan } from '../lib/ban-store';

// findBy/waitFor wait up to 3 s (the default 1 s is short on a busy 2-core CI machine; a screen
// that never comes still fails).
configure({ asyncUtilTimeout: 3000 });

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

let objectUrlCount = 0;
if (!URL.createObjectURL) URL.createObjectURL = () => `blob:test/${++objectUrlCount}`;
if (!URL.revokeObjectURL) URL.revokeObjectURL = () => undefined;

afterEach(() => {
  cleanup();
  clearToasts();
  clearBan();
  localStorage.clear();
  sessionStorage.clear();
});
