// Build-time HTML of what a page's first screen shows when it does not depend on the member: the
// Worker puts it into the shell (worker/src/lib/spa.ts), so the page paints before the entry script
// has loaded, and main.tsx hydrates it. Rendered by member-web/build/prerender.ts with the app's own
// routes, so the markup is what the client renders for a visitor.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { routes } from './app/routes';

/** Pages rendered at build time: only a visitor's landing page (no member data, no lazy route). */
export const PRERENDERED_PATHS = ['/'] as const;

/** The markup React renders into #root for a visitor at `path` (no token, no query). */
export async function prerender(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`prerender ${path}: the router answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
}
