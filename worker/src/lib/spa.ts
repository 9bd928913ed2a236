// One origin, spec paths kept (architecture §4): browser navigations get an SPA shell,
// everything else reaches the API; unknown non-API paths fall through to static assets.
import type { Context } from 'hono';
import {
  coversAny,
  faceRule,
  parseUnicodeRange,
  PRETENDARD_FACES_FILE,
  type PretendardFacesTable,
} from '../contract/pretendard-faces';
import { escapeHtml, fillList, type ListTemplate } from '../contract/shell-list';
import { readSessionCookie } from './cookies';
import type { AppEnv } from './env';

/** Paths the Worker renders itself (HTML or JSON) even for navigations. */
const WORKER_ONLY = [/^\/api\//, /^\/dev-portal\//, /^\/media\//];

export function isNavigation(headers: Headers): boolean {
  const mode = headers.get('Sec-Fetch-Mode');
  if (mode) return mode === 'navigate';
  const accept = headers.get('Accept') ?? '';
  // Prefers HTML: text/html listed before (or instead of) application/json.
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}

/**
 * Page paths that are also API paths (architecture §4): the page only for navigations, the API
 * for everything else. Every other member page path serves the page to any GET that does not ask
 * for JSON (link previews, `Accept: *\/*`, curl), so shared links open.
 */
const API_PAGE_PATHS = [/^\/(?:naver|kakao)\/callback$/, /^\/feedback(?:\/my)?$/, /^\/notices(?:\/\d+)?$/];

const asksForJson = (headers: Headers): boolean => /json/i.test(headers.get('Accept') ?? '');

/** The shell a GET or HEAD gets instead of the API or a file, or null (docs/api-extensions.md "Page paths and link previews"). */
export function pageShellFor(method: string, headers: Headers, path: string): 'member' | 'admin' | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const shell = shellFor(path);
  if (!shell || isNavigation(headers)) return shell;
  // The console's paths are API paths too (/admin/api/…, /admin/check): navigations only.
  if (shell === 'admin' || asksForJson(headers) || API_PAGE_PATHS.some((re) => re.test(path))) return null;
  return shell;
}

export function shellFor(path: string): 'member' | 'admin' | null {
  if (WORKER_ONLY.some((re) => re.test(path))) return null;
  if (/\.[a-z0-9]{1,16}$/i.test(path)) return null; // files (/assets/x.js, /favicon.ico, /manifest.webmanifest)
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  return 'member';
}

/**
 * Public lists a prerendered page shows first, read at request time (the notices page's notices): the
 * items as the API answers them (the app takes them from the shell) and each item's template values.
 */
export type ShellLists = Record<
  string,
  (c: Context<AppEnv>) => Promise<{ items: unknown[]; values: Record<string, string>[] }>
>;

export async function serveShell(
  c: Context<AppEnv>,
  which: 'member' | 'admin',
  lists: ShellLists = {},
): Promise<Response> {
  const path = new URL(c.req.url).pathname;
  if (which === 'admin' && path !== '/admin/') {
    // The console uses hash routing: /admin/users → /admin/#/users.
    const rest = path.replace(/^\/admin\/?/, '');
    return c.redirect(rest ? `/admin/#/${rest}` : '/admin/', 302);
  }
  const url = new URL(which === 'admin' ? '/admin/index.html' : '/index.html', c.req.url);
  const res = await c.env.ASSETS.fetch(new Request(url, { method: 'GET' }));
  const headers = new Headers(res.headers);
  headers.set('Cache-Control', 'no-cache');
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.delete('Content-Length');
  headers.delete('ETag'); // the page's preload links make it differ from index.html
  const status = res.ok ? 200 : res.status;
  if (c.req.method === 'HEAD') return new Response(null, { status, headers });
  if (!res.ok) return new Response(res.body, { status, headers });
  if (which === 'admin') return adminShell(c, await res.text(), status, headers);
  const html = await res.text();
  const table = await routePreloads(c, res.headers.get('ETag') ?? '');
  const prerendered = prerenderedFor(table, path, new URL(c.req.url).searchParams);
  const page = prerendered && (await withList(c, prerendered, lists));
  // A page filled with its list needs no early request for it.
  const links = preloadLinks(table, path) + (page?.data ? '' : dataPreloads(path));
  let out = withShareUrls(links ? html.replace('</head>', `${links}</head>`) : html, new URL(c.req.url));
  if (page) out = withPrerendered(out, page, table.script);
  // Live text in the first paint (the notices' titles) may need Pretendard's subsets: the shell declares those few.
  if (page?.data) out = out.replace('</head>', () => `${facesFor(table, page.html)}</head>`);
  return new Response(out, { status, headers });
}

/**
 * Link previews (KakaoTalk, messengers) need absolute addresses: the share image the shell names
 * (`/og-image.png`, member-web/build/pwa-icons.ts) and the page's own address as `og:url`.
 */
function withShareUrls(html: string, url: URL): string {
  const origin = escapeHtml(url.origin);
  return html
    .replaceAll('content="/og-image.png"', `content="${origin}/og-image.png"`)
    .replace(
      '<meta property="og:type"',
      `<meta property="og:url" content="${origin}${escapeHtml(url.pathname)}" /><meta property="og:type"`,
    );
}

/**
 * The page with its list filled in, and the list itself for the app (`data`). Without a reader for
 * it, or when reading fails, the build's render while the list loads (the app then asks for it).
 */
async function withList(c: Context<AppEnv>, page: Prerendered, lists: ShellLists): Promise<Prerendered> {
  const read = lists[page.path];
  if (!page.list || !read) return page;
  try {
    const { items, values } = await read(c);
    return { ...page, html: fillList(page.list, values), data: { [page.path]: items } };
  } catch (err) {
    console.warn(`shell list ${page.path}: ${err instanceof Error ? err.message : String(err)}`);
    return page;
  }
}

/** The template of the links a prerendered shell adds after its first paint (member-web/src/first-paint/first-paint.js). */
export const AFTER_PAINT_ID = 'ongi-after-paint';

/** The id of the shell's data block (member-web/src/first-paint/shell-data.ts reads it). */
export const SHELL_DATA_ID = 'ongi-shell-data';

/** JSON inside a script element: no `<`, so nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * A page's build-time first screen (member-web/src/first-paint/prerender-plugin.ts): not when the query changes what
 * it shows (the landing page's ?reason=expired notice).
 */
function prerenderedFor(table: PreloadTable, path: string, query: URLSearchParams): Prerendered | undefined {
  if (query.has('reason')) return undefined;
  return table.pages.find((p) => p.path === path);
}

/**
 * The markup inside #root (main.tsx hydrates it) and the first-paint script
 * (member-web/src/first-paint/first-paint.js): it hides the markup from a member and starts the entry and the
 * files it imports after the markup's first paint, so that paint waits only for the style sheet
 * (the shell names them in `<meta name="ongi-entry">` instead of loading them itself).
 */
export function withPrerendered(html: string, page: Prerendered, script: string): string {
  const root = '<div id="root"></div>';
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!html.includes(root) || !entry || !script) return html;
  const imports: string[] = [];
  const out = html
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
      imports.push(href);
      return '';
    });
  const meta = [entry[1] ?? '', ...imports]
    .map((href) => `<meta name="ongi-entry" content="${escapeHtml(href)}">`)
    .join('');
  // The icon and the manifest (and the icon the browser then fetches from it) are for the tab and
  // installing, not for this paint: the first-paint script adds them with the entry (AFTER_PAINT_ID).
  const later: string[] = [];
  const withoutLater = out.replace(/<link rel="(?:icon|manifest)"[^>]*>/g, (link) => {
    later.push(link);
    return '';
  });
  const afterPaint = later.length > 0 ? `<template id="${AFTER_PAINT_ID}">${later.join('')}</template>` : '';
  const reader = page.member ? 'member' : 'visitor';
  const data = page.data
    ? `<script type="application/json" id="${SHELL_DATA_ID}">${scriptJson(page.data)}</script>`
    : '';
  return (
    withoutLater
      // The route's own style sheets apply to the markup from the start (the page's code finds them there).
      .replace(
        /<link rel="preload" as="style" crossorigin href="([^"]+)">/g,
        '<link rel="stylesheet" crossorigin href="$1">',
      )
      .replace('</head>', () => `${meta}${afterPaint}${data}<script src="${escapeHtml(script)}"></script></head>`)
      .replace(
        root,
        () =>
          `<div id="root" data-prerendered="${escapeHtml(page.path)}" data-prerendered-for="${reader}">${page.html}</div>`,
      )
  );
}

/**
 * The console's shell, marked when the request carries no admin session cookie: its entry then paints
 * the login form without waiting for `/admin/check` (admin-web/src/main.tsx). The cookie is HttpOnly,
 * so only the Worker can tell; it is a hint, never a grant — the check still decides.
 */
function adminShell(c: Context<AppEnv>, html: string, status: number, headers: Headers): Response {
  headers.append('Vary', 'Cookie');
  if (readSessionCookie(c, 'admin')) return new Response(html, { status, headers });
  return new Response(html.replace('</head>', `${ADMIN_NO_SESSION_META}</head>`), { status, headers });
}

/** What the console's shell carries when the request had no admin session cookie. */
export const ADMIN_NO_SESSION_META = '<meta name="ongi-admin-session" content="none">';

/**
 * The Pretendard subsets (contract/pretendard-faces.ts) that `html`'s characters beyond the interface
 * font need, as a style element, or '' for none: the app registers them all when it starts, after this
 * paint (member-web/src/first-paint/pretendard-faces.ts), and skips the ones declared here.
 */
export function facesFor(table: Pick<PreloadTable, 'faces' | 'interfaceChars'>, html: string): string {
  const needed = new Set<number>();
  for (const ch of html) {
    const cp = ch.codePointAt(0) as number;
    if (cp > 0x7e && !table.interfaceChars.has(ch)) needed.add(cp);
  }
  if (needed.size === 0) return '';
  const rules = table.faces.filter((f) => coversAny(f.intervals, needed)).map((f) => faceRule(f.href, f.range));
  return rules.length > 0 ? `<style data-faces="pretendard">${rules.join('')}</style>` : '';
}

/** One route's files beyond the entry's (member-web/src/first-paint/route-preloads-plugin.ts writes the list). */
type RoutePreload = { path: string; js: string[]; css: string[] };
/**
 * `member`: shown only to a token holder (the first-paint script marks them), else only to a visitor;
 * `list`: the template of a page filled at request time; `data`: what it was filled with, by path.
 */
type Prerendered = { path: string; member: boolean; html: string; list?: ListTemplate; data?: Record<string, unknown> };
type PreloadTable = {
  shell: string;
  routes: { pattern: RegExp; links: string }[];
  /** Build-time first screens by exact path, and the script a prerendered shell loads. */
  pages: Prerendered[];
  script: string;
  /** Pretendard's subsets (member-web/build/pretendard-faces.ts) and the interface font's characters. */
  faces: { href: string; range: string; intervals: Array<[number, number]> }[];
  interfaceChars: ReadonlySet<string>;
};
let preloadTable: PreloadTable | undefined;

/** The route table and prerendered pages, read once per build of the member app (the shell's ETag names the build). */
async function routePreloads(c: Context<AppEnv>, shell: string): Promise<PreloadTable> {
  if (preloadTable && preloadTable.shell === shell && shell) return preloadTable;
  const res = await c.env.ASSETS.fetch(new Request(new URL('/route-preloads.json', c.req.url), { method: 'GET' }));
  const list: RoutePreload[] = res.ok ? await res.json<RoutePreload[]>() : [];
  const routes = list.map((r) => ({
    pattern: new RegExp(`^${r.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`),
    links: [
      ...r.css.map((href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}">`),
      ...r.js.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
    ].join(''),
  }));
  const pre = await c.env.ASSETS.fetch(new Request(new URL('/prerender.json', c.req.url), { method: 'GET' }));
  const prerendered: { script: string; pages: Prerendered[] } = pre.ok
    ? await pre.json<{ script: string; pages: Prerendered[] }>()
    : { script: '', pages: [] };
  const facesRes = await c.env.ASSETS.fetch(
    new Request(new URL(`/${PRETENDARD_FACES_FILE}`, c.req.url), { method: 'GET' }),
  );
  const faces: PretendardFacesTable = facesRes.ok
    ? await facesRes.json<PretendardFacesTable>()
    : { interfaceChars: '', faces: [] };
  preloadTable = {
    shell,
    routes,
    pages: prerendered.pages,
    script: prerendered.script,
    // A built address only (it goes into a style element as is).
    faces: faces.faces
      .filter((f) => /^\/[\w./-]+$/.test(f.href))
      .map((f) => ({ ...f, intervals: parseUnicodeRange(f.range) })),
    interfaceChars: new Set(faces.interfaceChars),
  };
  return preloadTable;
}

function preloadLinks(table: PreloadTable, path: string): string {
  return table.routes.find((r) => r.pattern.test(path))?.links ?? '';
}

/**
 * Public data a page asks for first, fetched with the document instead of after the entry script
 * has loaded and run: member-web/src/first-paint/early.ts sends the same GET (credentials included, so the
 * browser hands it this preload). Member data needs the token only the page holds; not here.
 */
const DATA_PRELOADS: { pattern: RegExp; href: string }[] = [{ pattern: /^\/notices\/?$/, href: '/notices' }];

export function dataPreloads(path: string): string {
  return DATA_PRELOADS.filter((d) => d.pattern.test(path))
    .map((d) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(d.href)}">`)
    .join('');
}

/** The member app's service worker (member-web/build/pwa.ts), scope `/`. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** Build output named by its content hash (Vite: `name-<8 chars>.ext`) under /assets or /admin/assets. */
const HASHED_ASSET = /^\/(?:admin\/)?assets\/[^/]+-[\w-]{8}\.[a-z0-9]+$/i;

/**
 * A static file from the assets binding, copied so middleware can add headers. A hashed file never
 * changes under its name, so browsers keep it for a year without asking again; everything else
 * (favicon, shells) keeps the platform's revalidating default.
 */
export function assetResponse(path: string, asset: Response): Response {
  const res = new Response(asset.body, asset);
  if (HASHED_ASSET.test(path) && (asset.ok || asset.status === 304)) {
    res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  }
  if (path === SERVICE_WORKER_PATH) {
    // Browsers check the worker for updates at each navigation; no cache may hide a new build.
    res.headers.set('Cache-Control', 'no-cache');
    res.headers.set('Service-Worker-Allowed', '/');
  }
  if (path.endsWith('.webmanifest')) res.headers.set('Content-Type', 'application/manifest+json');
  return res;
}

/** A member page whose path carries a secret (the 데이트 공유 link, docs/privacy.md): never cached or indexed (the site-wide Referrer-Policy already keeps paths from other origins). */
export function privateShellHeaders(headers: Headers): void {
  headers.set('Cache-Control', 'no-store');
  headers.set('X-Robots-Tag', 'noindex, nofollow');
}
