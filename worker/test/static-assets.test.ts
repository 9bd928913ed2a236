import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_ID } from '../src/lib/spa';

const nav = { 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The hashed entry script the shell at `path` loads (the names change with every build). */
async function entryScriptOf(path: string): Promise<string> {
  const html = await (await SELF.fetch(`http://localhost${path}`, { headers: nav })).text();
  // A prerendered shell names it for its first-paint script to load (the first ongi-entry).
  const src = (/<script type="module"[^>]*src="([^"]+)"/.exec(html) ??
    /<meta name="ongi-entry" content="([^"]+)">/.exec(html))?.[1];
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

describe('the member shell preloads the opened page’s chunks (no waterfall after the entry script)', () => {
  const preloads = async (path: string) => {
    const html = await (await SELF.fetch(`http://localhost${path}`, { headers: nav })).text();
    return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  };

  it('names the notices page’s file for /notices (the public notices chunk, member-web/build/chunks.ts), before </head>', async () => {
    // A prerendered shell names its files for the first-paint script instead of preloading them.
    const html = await (await SELF.fetch('http://localhost/notices', { headers: nav })).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const named = [...head.matchAll(/<meta name="ongi-entry" content="([^"]+)">/g)].map((m) => m[1]);
    expect(named.some((href) => /^\/assets\/public-[\w-]{8}\.js$/.test(href ?? ''))).toBe(true);
    expect((await preloads('/feedback')).some((href) => /^\/assets\/public-[\w-]{8}\.js$/.test(href ?? ''))).toBe(true);
  });

  it('matches routes with parameters and leaves the landing page (already in the entry) alone', async () => {
    expect((await preloads('/profile/12')).some((href) => href?.includes('profile-page-'))).toBe(true);
    // Only the entry's own preloads (Vite writes them into index.html); the Worker adds none.
    const entryOwn = await preloads('/index.html');
    // The landing page's prerendered shell names even those for its first-paint script (below).
    expect(await preloads('/')).toEqual([]);
    expect(await preloads('/no-such-page')).toEqual(entryOwn);
  });

  it('starts no member’s data with the document (the notices page’s list comes filled in: notices-shell.test.ts)', async () => {
    const shell = async (path: string) => (await SELF.fetch(`http://localhost${path}`, { headers: nav })).text();
    for (const path of ['/', '/main', '/notices', '/notices/3', '/random/matching']) {
      expect(await shell(path)).not.toContain('as="fetch"');
    }
  });

  it('preloads every listed file that exists', async () => {
    const main = await (await SELF.fetch('http://localhost/main', { headers: nav })).text();
    const named = [...main.matchAll(/<meta name="ongi-entry" content="([^"]+)">/g)].map((m) => m[1]);
    for (const href of [...(await preloads('/profile/12')), ...named]) {
      const res = await SELF.fetch(`http://localhost${href}`);
      expect(res.status, href).toBe(200);
    }
  });
});

describe('the landing page’s first screen comes with the shell (member-web/src/first-paint/prerender-plugin.ts), painted before the entry runs', () => {
  const shell = async (path: string) => (await SELF.fetch(`http://localhost${path}`, { headers: nav })).text();
  const prerenderedRoot = (html: string) =>
    /<div id="root" data-prerendered="\/" data-prerendered-for="visitor">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1];

  it('puts the landing page’s markup into #root at /, with the script that hides it from a member and runs the entry after its paint', async () => {
    const html = await shell('/');
    const root = prerenderedRoot(html) ?? '';
    expect(root).toContain('<h1 id="hero-title" class="hero__title">');
    expect(root).toContain('<footer class="site-footer">');
    // The entry and its imports are not loaded by the document: the first-paint script starts them.
    const named = [...html.matchAll(/<meta name="ongi-entry" content="([^"]+)">/g)].map((m) => m[1]);
    const index = await shell('/index.html');
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(index)?.[1];
    const imports = [...index.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(entry).toMatch(/^\/assets\/index-[\w-]{8}\.js$/);
    expect(named).toEqual([entry, ...imports]);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const script = /<script src="(\/assets\/first-paint-[\w-]{8}\.js)"><\/script><\/head>/.exec(html)?.[1];
    expect(script).toBeDefined();
    const res = await SELF.fetch(`http://localhost${script}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe(IMMUTABLE);
    const code = await res.text();
    expect(code).toContain("setAttribute('data-signed-in'");
    expect(code).toContain('meta[name="ongi-entry"]');
    // The icon and the manifest wait in a template for the same moment as the entry (nothing fetches
    // them before the paint); a shell that is not prerendered links them as index.html does.
    const template = new RegExp(`<template id="${AFTER_PAINT_ID}">([\\s\\S]*?)</template>`).exec(html)?.[1] ?? '';
    expect(template).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(template).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg"');
    expect(html.replace(template, '')).not.toMatch(/<link rel="(?:icon|manifest)"/);
    expect(code).toContain(`getElementById('${AFTER_PAINT_ID}')`);
    expect(await shell('/no-such-page')).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  });

  it('gives /main the member frame and home before their data, for a token holder, with the route’s style sheets applied', async () => {
    const html = await shell('/main');
    expect(html).toMatch(/<div id="root" data-prerendered="\/main" data-prerendered-for="member">/);
    expect(html).toContain('<h1 class="page-title">오늘도 따뜻한 하루 보내세요</h1>');
    expect(html).toContain('<header class="site-header">');
    // The route's files: style sheets applied from the start, scripts named for the first-paint script.
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/member-[\w-]{8}\.css">/);
    expect(html).not.toContain('rel="preload" as="style"');
    expect(html).not.toContain('rel="modulepreload"');
    const named = [...html.matchAll(/<meta name="ongi-entry" content="([^"]+)">/g)].map((m) => m[1]);
    expect(named[0]).toMatch(/^\/assets\/index-[\w-]{8}\.js$/);
    expect(named.some((href) => /^\/assets\/home-page-[\w-]{8}\.js$/.test(href ?? ''))).toBe(true);
    // Random matching likewise: the frame, its title and the deck waiting for its first card.
    const random = await shell('/random/matching');
    expect(random).toMatch(/<div id="root" data-prerendered="\/random\/matching" data-prerendered-for="member">/);
    expect(random).toContain('<h1 class="page-title">오늘의 추천</h1>');
  });

  it('leaves #root empty where the first screen depends on the member or the query', async () => {
    for (const path of ['/?reason=expired', '/mypage', '/no-such-page']) {
      const html = await shell(path);
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('first-paint-');
      expect(html, path).toContain('<script type="module" crossorigin src="/assets/index-');
    }
  });
});

describe('the console shell says when there is no admin session cookie (its login form paints at once)', () => {
  const META = '<meta name="ongi-admin-session" content="none">';
  const shell = (cookie?: string) =>
    SELF.fetch('http://localhost/admin/', { headers: cookie ? { ...nav, Cookie: cookie } : nav });

  it('marks the shell without the cookie, before </head>', async () => {
    const res = await shell();
    expect(res.status).toBe(200);
    expect(res.headers.get('Vary') ?? '').toMatch(/Cookie/i);
    const html = await res.text();
    expect(html).toContain(`${META}</head>`);
    expect(html).toMatch(/<script type="module"[^>]*src="\/admin\/assets\//);
  });

  it('leaves it out when the cookie is there (the console asks /admin/check, which still decides)', async () => {
    const html = await (await shell('ongi_admin=whatever')).text();
    expect(html).not.toContain('ongi-admin-session');
    expect(html).toMatch(/<script type="module"[^>]*src="\/admin\/assets\//);
  });

  it('never marks the member shell', async () => {
    const html = await (await SELF.fetch('http://localhost/notices', { headers: nav })).text();
    expect(html).not.toContain('ongi-admin-session');
  });
});
