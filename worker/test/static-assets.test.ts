import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

const nav = { 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The hashed entry script the shell at `path` loads (the names change with every build). */
async function entryScriptOf(path: string): Promise<string> {
  const html = await (await SELF.fetch(`http://localhost${path}`, { headers: nav })).text();
  const src = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error(`no entry script in ${path}`);
  return src;
}

describe('static files: hashed build output is cached for a year, everything else revalidates', () => {
  it('serves the member app’s hashed entry script as immutable', async () => {
    const src = await entryScriptOf('/');
    expect(src).toMatch(/^\/assets\/.+-[\w-]{8}\.js$/);
    const res = await SELF.fetch(`http://localhost${src}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe(IMMUTABLE);
  });

  it('serves the admin console’s hashed entry script as immutable', async () => {
    const src = await entryScriptOf('/admin/');
    expect(src).toMatch(/^\/admin\/assets\//);
    const res = await SELF.fetch(`http://localhost${src}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe(IMMUTABLE);
  });

  it('never lets a shell or an unhashed file be kept without asking', async () => {
    for (const path of ['/', '/notices', '/admin/']) {
      const res = await SELF.fetch(`http://localhost${path}`, { headers: nav });
      expect(res.headers.get('Cache-Control')).toBe('no-cache');
    }
    for (const path of ['/index.html', '/favicon.svg']) {
      const res = await SELF.fetch(`http://localhost${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control') ?? '').not.toContain('immutable');
    }
  });

  it('answers a hashed-looking name that is not there with a 404, not a cached answer', async () => {
    const res = await SELF.fetch('http://localhost/assets/missing-AbCdEf12.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('Cache-Control') ?? '').not.toContain('immutable');
  });
});
