// Data-layer tests in plain Node: the same repos and schema on an in-memory libSQL database
// (the driver the Node-side tooling uses), plus the demo-data image encoder.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test-node/**/*.test.ts'],
  },
});
