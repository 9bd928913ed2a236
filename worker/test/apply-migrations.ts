import { env } from 'cloudflare:test';

// Every migration's statements in one batch (one round trip instead of one per migration): each
// test file starts from empty isolated storage, so there is never anything applied to skip.
await env.DB.batch(env.TEST_MIGRATIONS.flatMap((m) => m.queries.map((q) => env.DB.prepare(q))));
