import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contractAlias } from './vite.config.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: contractAlias },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/fresh-modules.ts', './src/test/setup.ts'],
    // One worker process and one jsdom for many files (per-file isolation cost about 80 % of the
    // suite's time: 281 s → 58 s on a loaded 2-core machine). Files stay independent through
    // src/test/fresh-modules.ts (app modules evaluated afresh for each file) and setup.ts's afterEach
    // (DOM, stores, storage); check with `npx vitest run --sequence.shuffle.files --sequence.seed=N`.
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
    // Both cores (Vitest's default leaves one idle: cores − 1). CI's 20-minute budget.
    maxWorkers: 2,
    // A render-heavy test under a loaded machine can pass 5 s; a hung one still fails.
    testTimeout: 15_000,
  },
});
