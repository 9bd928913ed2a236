// Runs before every admin test file. Vitest runs without globals, so Testing Library cannot
// register its own cleanup: unmount after each test here, or MUI's ripple timers of a
// still-mounted dialog fire after jsdom is gone ("window is not defined").
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
