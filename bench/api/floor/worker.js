// The floor for `npm run bench:api`: the bare Hono "hello" Worker plus the two things every Ongi
// member answer must pass through on this platform — the static-assets router in front of the
// Worker (Ongi's `[assets]` block with `run_worker_first = true`, which one Worker serving the API
// and both SPAs needs) and one D1 read of the member's row (the ban check that the architecture
// requires on every member call). It answers every GET with the row it read, so the benchmark can
// ask it the very paths (and headers) it asks Ongi. An endpoint cannot reach a higher req/s
// ratio than this Worker does without dropping one of the two.
import { Hono } from 'hono';

const app = new Hono();
let next = 0;
app.get('*', async (c) => {
  // The bench's 24 signed-in demo members, in turn (ids 1–24 in the demo data).
  next = (next % 24) + 1;
  const row = await c.env.DB.prepare(
    'SELECT id, status, banned_until, last_active_at FROM members WHERE id = ? AND deleted_at IS NULL LIMIT 1',
  )
    .bind(next)
    .first();
  return c.json({ hello: 'ongi', member: row?.id ?? null });
});

export default app;
