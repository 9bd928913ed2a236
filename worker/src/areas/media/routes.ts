// GET /media/<key>: stored images, immutable under their random keys.
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/env';
import { readImage } from './service';

export const mediaRoutes = new Hono<AppEnv>();

const IMMUTABLE = 'public, max-age=31536000, immutable';

mediaRoutes.get('/media/*', async (c) => {
  const key = c.req.path.slice('/media/'.length);
  const found = await readImage(c.env.MEDIA, key, c.req.header('If-None-Match'));
  const headers = new Headers({
    ETag: found.etag,
    'Cache-Control': IMMUTABLE,
    'X-Content-Type-Options': 'nosniff',
  });
  if (found.kind === 'not-modified') return new Response(null, { status: 304, headers });
  headers.set('Content-Type', found.contentType);
  headers.set('Content-Length', String(found.size));
  return new Response(found.body, { status: 200, headers });
});
