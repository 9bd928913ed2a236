// Tests in plain Node: the data layer on an in-memory libSQL database (the driver the Node-side
// tooling uses), the demo-data image encoder, and pure logic (`*.node.test.ts` beside the Worker's
// tests: text rules, the safety detector, tokens, scoring, pHash, image cleaning) that needs neither
// bindings nor the Worker (password hashing stays in workerd: its test measures the runtime cost).
// A file in the workerd suite loads the whole Worker into a fresh runtime first (about 3 s of CI
// each, docs/performance.md "The test suite"); here it costs what its own imports cost.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test-node/**/*.test.ts', 'test/**/*.node.test.ts', 'src/**/*.node.test.ts'],
  },
});
