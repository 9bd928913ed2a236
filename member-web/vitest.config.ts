import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contractAlias } from './vite.config.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: contractAlias },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Both cores (Vitest's default leaves one idle: cores − 1). CI's 20-minute budget.
    maxWorkers: 2,
    // A render-heavy test under a loaded machine can pass 5 s; a hung one still fails.
    testTimeout: 15_000,
  },
});
