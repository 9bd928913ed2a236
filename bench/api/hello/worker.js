// The baseline for `npm run bench:api`: a bare Hono "hello" Worker, served by the same
// `wrangler dev` as Ongi. It answers every GET with a small JSON body, so the benchmark can ask it
// the very paths (and headers) it asks Ongi.
import { Hono } from 'hono';

const app = new Hono();
app.get('*', (c) => c.json({ hello: 'ongi' }));

export default app;
