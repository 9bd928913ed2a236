// One origin, spec paths kept (architecture §4): browser navigations get an SPA shell,
// everything else reaches the API; unknown non-API paths fall through to static assets.
import type { Context } from 'hono';
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

export function shellFor(path: string): 'member' | 'admin' | null {
  if (WORKER_ONLY.some((re) => re.test(path))) return null;
  if (/\.[a-z0-9]{1,8}$/i.test(path)) return null; // files (/assets/x.js, /favicon.ico)
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  return 'member';
}

export async function serveShell(c: Context<AppEnv>, which: 'member' | 'admin'): Promise<Response> {
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
  return new Response(c.req.method === 'HEAD' ? null : res.body, { status: res.ok ? 200 : res.status, headers });
}

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
  return res;
}
