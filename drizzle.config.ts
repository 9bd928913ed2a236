import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/src/db/schema.ts',
  out: './migrations',
  // Timestamped names sort after the hand-written 000N files, so wrangler applies them in order.
  migrations: { prefix: 'timestamp' },
});
