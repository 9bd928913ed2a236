import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

const nav = { 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' };

describe('one origin: SPA shell for navigations, API for everything else', () => {
  it('serves the member shell to a browser navigation of /notices', async () => {
    const res = await SELF.fetch('http://localhost/notices', { headers: nav });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(await res.text()).toMatch(/<div id="root"[ >]/); // with the notices filled in (notices-shell.test.ts)
  });

  it('answers a fetch of an unknown API path with a JSON error carrying a request id', async () => {
    const res = await SELF.fetch('http://localhost/api/nope', { headers: { Accept: 'application/json' } });
    expect(res.status).toBe(404);
    const body = await res.json<{ code: string; message: string; requestId: string }>();
    expect(body.code).toBe('NOT_FOUND');
    expect(body.message).toMatch(/찾을 수 없어요/);
    expect(body.requestId).toBeTruthy();
  });

  it('sends navigations under /admin to the console shell with hash routing', async () => {
    const shell = await SELF.fetch('http://localhost/admin/', { headers: nav });
    expect(shell.status).toBe(200);
    expect(await shell.text()).toContain('<div id="root">');
    const deep = await SELF.fetch('http://localhost/admin/users', { headers: nav, redirect: 'manual' });
    expect(deep.status).toBe(302);
    expect(deep.headers.get('Location')).toBe('/admin/#/users');
  });

  it('serves static files through the Worker with security headers added', async () => {
    const res = await SELF.fetch('http://localhost/index.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
  });

  it('sets a content security policy', async () => {
    const res = await SELF.fetch('http://localhost/api/nope');
    expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
  });
});

describe('links others open (issue 21 §23)', () => {
  const isPage = async (res: Response) => {
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    return res.text();
  };

  it('a page path no API uses serves the page to Accept: */* and to a bare GET (link previews, curl)', async () => {
    const variants: Record<string, string>[] = [{ Accept: '*/*' }, {}, { Accept: '*/*', 'Sec-Fetch-Mode': 'no-cors' }];
    for (const headers of variants) {
      const html = await isPage(await SELF.fetch('http://localhost/', { headers }));
      expect(html).toContain('<meta property="og:image" content="http://localhost/og-image.png" />');
      expect(html).toContain('<meta property="og:url" content="http://localhost/" />');
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    }
    await isPage(await SELF.fetch('http://localhost/about', { headers: { Accept: '*/*' } }));
  });

  it('asking for JSON, or a page path that is also an API path, keeps the API answer', async () => {
    const json = await SELF.fetch('http://localhost/main', { headers: { Accept: 'application/json' } });
    expect(json.headers.get('Content-Type')).toContain('application/json');
    for (const path of ['/notices', '/feedback']) {
      const api = await SELF.fetch(`http://localhost${path}`, { headers: { Accept: '*/*' } });
      expect(api.headers.get('Content-Type')).toContain('application/json');
    }
    const page = await SELF.fetch('http://localhost/notices', { headers: { Accept: 'text/html' } });
    expect(page.headers.get('Content-Type')).toContain('text/html');
    const og = await (await SELF.fetch('http://localhost/notices', { headers: nav })).text();
    expect(og).toContain('<meta property="og:url" content="http://localhost/notices" />');
  });

  it('serves the 1200×630 share image and a robots.txt that keeps member pages out of search', async () => {
    const image = await SELF.fetch('http://localhost/og-image.png');
    expect(image.status).toBe(200);
    const bytes = new Uint8Array(await image.arrayBuffer());
    const view = new DataView(bytes.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
    const robots = await SELF.fetch('http://localhost/robots.txt');
    expect(robots.status).toBe(200);
    const text = await robots.text();
    for (const line of ['Allow: /$', 'Allow: /notices', 'Allow: /about', 'Disallow: /']) expect(text).toContain(line);
  });

  it('serves files with long extensions as themselves, never as the page (the manifest a browser fetches)', async () => {
    const manifest = await SELF.fetch('http://localhost/manifest.webmanifest', { headers: { Accept: '*/*' } });
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('Content-Type')).toContain('application/manifest+json');
  });
});

describe('content security policy: sockets', () => {
  const connectSrc = (res: Response) =>
    (res.headers.get('Content-Security-Policy') ?? '')
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('connect-src '))
      ?.split(/\s+/)
      .slice(1);

  it('lets the page open WebSockets to its own origin only, not to any host', async () => {
    const plain = connectSrc(await SELF.fetch('http://localhost:8787/api/nope'));
    expect(plain).toContain("'self'");
    expect(plain).toContain('ws://localhost:8787');
    expect(plain).not.toContain('ws:');
    expect(plain).not.toContain('wss:');
    expect(plain?.filter((s) => s.startsWith('ws')).length).toBe(1);

    const secure = connectSrc(await SELF.fetch('https://ongi.example.kr/index.html'));
    expect(secure).toContain('wss://ongi.example.kr');
    expect(secure).not.toContain('ws:');
    expect(secure).not.toContain('wss:');
  });
});

describe('security headers: the same full set on every kind of answer', () => {
  const CSP =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; " +
    "font-src 'self' data:; connect-src 'self' ws://localhost:8787; frame-src 'self'; frame-ancestors 'none'; " +
    "form-action 'self'; base-uri 'self'; object-src 'none'";
  const expected: Record<string, string> = {
    'content-security-policy': CSP,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'strict-transport-security': 'max-age=15552000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  const cases: [string, string, RequestInit][] = [
    ['an API error', 'http://localhost:8787/api/nope', {}],
    ['a member call without a token', 'http://localhost:8787/api/on/ping', {}],
    ['a public API answer', 'http://localhost:8787/notices', { headers: { Accept: 'application/json' } }],
    ['the member shell', 'http://localhost:8787/notices', { headers: nav }],
    ['the console redirect', 'http://localhost:8787/admin/users', { headers: nav, redirect: 'manual' }],
    ['a static file', 'http://localhost:8787/index.html', {}],
  ];
  it.each(cases)('%s', async (_name, url, init) => {
    const res = await SELF.fetch(url, init);
    await res.arrayBuffer();
    for (const [name, value] of Object.entries(expected)) expect([name, res.headers.get(name)]).toEqual([name, value]);
    expect(res.headers.get('Cross-Origin-Embedder-Policy')).toBeNull();
    expect(res.headers.get('X-Request-Id')).toMatch(/.+/);
    expect(res.headers.get('Server-Timing')).toMatch(/^app;dur=\d+$/);
  });
});
