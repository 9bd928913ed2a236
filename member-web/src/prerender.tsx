// Build-time HTML of what a page's first screen shows when it does not depend on the member: the
// Worker puts it into the shell (worker/src/lib/spa.ts), so the page paints before the entry script
// has loaded. Rendered by member-web/build/prerender.ts with the app's own routes, so the markup is
// what the client renders first: main.tsx hydrates a visitor's page; a member page's first render
// (the frame and the page before its data) replaces it once the route's code is there.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { routes } from './app/routes';

/** Pages rendered at build time; `member`: shown only to someone holding a member token. */
export const PRERENDERED: readonly { path: string; member: boolean }[] = [
  { path: '/', member: false },
  { path: '/main', member: true },
  { path: '/random/matching', member: true },
];

/** Storage as the client sees it at `member` pages: some token (only its presence is read before data). */
function withStorage<T>(member: boolean, render: () => Promise<T>): Promise<T> {
  const g = globalThis as { localStorage?: Storage };
  if (!member || typeof window !== 'undefined') return render();
  const items = new Map<string, string>([['accessToken', 'prerender']]);
  g.localStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  } as Storage;
  return render().finally(() => delete g.localStorage);
}

/** The markup React renders into #root at `path`: a visitor's (no token, no query), or a member's first render. */
export async function prerender(path: string, member = false): Promise<string> {
  return withStorage(member, async () => {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(new URL(path, 'http://localhost')));
    if (context instanceof Response) throw new Error(`prerender ${path}: the router answered ${context.status}`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      <StrictMode>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StrictMode>,
    );
    // A render that fell back to the client (a component that cannot render here) is not a first screen.
    if (html.includes('<!--$!-->')) throw new Error(`prerender ${path}: a part could not render at build time`);
    return html;
  });
}
