// Worker integration tests: run inside workerd with real D1, R2 (and later Durable Objects).
import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

const root = path.resolve(__dirname, '..');

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(root, 'migrations'));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: path.join(root, 'wrangler.toml') },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            DEV_PORTAL: 'true',
            JWT_SECRET: 'test-only-jwt-secret-0123456789abcdef0123',
            APP_ORIGIN: 'http://localhost:8787',
            NAVER_CLIENT_ID: 'test-naver-client',
            NAVER_CLIENT_SECRET: 'test-naver-secret',
            KAKAO_CLIENT_ID: 'test-kakao-client',
            KAKAO_CLIENT_SECRET: 'test-kakao-secret',
            // 본인확인 (test/identity): the dev portal's PortOne emulation.
            PORTONE_STORE_ID: 'store-test-ongi',
            PORTONE_CHANNEL_KEY: 'channel-key-test-ongi',
            PORTONE_API_SECRET: 'test-portone-api-secret',
            IDENTITY_CI_KEY: 'test-only-identity-ci-key-0123456789abcdef',
            // Web Push (test/push): a test-only VAPID pair.
            VAPID_PUBLIC_KEY: 'BJQn9XNn0ne-Hi-BhCircnDnq7YxrBk63PYZN_DVTrTgDPMI3z1xPux8Bpc6qfvR6DfIdwqrY_e-Pm2eLSPhXxk',
            VAPID_PRIVATE_KEY: 'Ghp86CZ95eIScSe-9Vbt_mtESReADhMWURQ6NlkRO94',
            VAPID_SUBJECT: 'mailto:push-test@ongi.dev',
          },
        },
      }),
    ],
    test: {
      include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
      exclude: ['**/*.node.test.ts', 'node_modules/**'],
      setupFiles: ['./test/apply-migrations.ts'],
      // Each test file loads the Worker's module graph into a fresh isolate, one module at a time
      // over the pool's RPC: most of a file's cost (about 4 s of a no-op file's, of which applying
      // the migrations is 40 ms). The big dependencies pre-bundled are a few modules instead of
      // hundreds (docs/performance.md "The test suite").
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: [
              'drizzle-orm',
              'drizzle-orm/sqlite-core',
              'drizzle-orm/d1',
              'drizzle-orm/batch',
              'hono',
              'hono/factory',
              'zod',
            ],
          },
        },
      },
      // Three files at once on two cores (Vitest's default is cores − 1 = one here): a file spends most
      // of its start waiting on module fetches, not on the CPU; each file still has its own isolated
      // storage. CI's 20-minute budget.
      maxWorkers: 3,
      // Flows with many calls (an admin's two sign-in steps, several members) pass 5 s on a loaded
      // 2-core machine; a hung test still fails.
      testTimeout: 15_000,
      // A real loopback HTTP push receiver for test/push (free port, closed after the run).
      globalSetup: ['./test/push/receiver.global.ts'],
    },
  };
});
