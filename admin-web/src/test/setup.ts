// Runs before every admin test file. Vitest runs without globals, so Testing Library cannot
// register its own cleanup: unmount after each test here, or MUI's ripple timers of a
// still-mounted dialog fire after jsdom is gone ("window is not defined").
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor wait up to 3 s (the default 1 s is short on a busy 2-core CI machine).
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
});
