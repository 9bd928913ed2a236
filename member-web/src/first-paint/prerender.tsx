// Build-time HTML of what a page's first screen shows when it does not depend on the member: the
// Worker puts it into the shell (worker/src/lib/spa.ts), so the page paints before the entry script
// has loaded. Rendered by member-web/src/first-paint/prerender-plugin.ts with the app's own routes, so the markup is
// what the client renders first: main.tsx hydrates a visitor's page; a member page's first render
// (the frame and the page before its data) replaces it once the route's code is there.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { LIST_SLOT, escapeHtml, fillList, listToken, type ListTemplate } from '@contract/shell-list';
import { noticeListValues, type NoticeListItem } from '@contract/notices';
import { noticesKey } from '../api/notices';
import { queryClient } from '../api/query-client';
import { routes } from '../app/routes';

/** Pages rendered at build time; `member`: shown only to someone holding a member token. */
export const PRERENDERED: readonly { path: string; member: boolean }[] = [
  { path: '/', member: false },
  { path: '/main', member: true },
  { path: '/random/matching', member: true },
  { path: '/notices', member: false },
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

/**
 * Pages whose first screen is a list of public data, as a template the Worker fills at request time
 * (contract/shell-list.ts): the page's render while the list loads stays the page's `html`.
 */
const LISTS: Record<string, () => Promise<ListTemplate>> = {
  '/notices': () =>
    listTemplate<NoticeListItem>('/notices', noticesKey, noticeListValues, (n) => ({
      id: 918_273_640 + n,
      title: `ongi-sample-notice-${n}`,
      createdAt: new Date(Date.UTC(2001, n, n + 2, n + 3, n + 4)).toISOString(),
    })),
};

export async function prerenderList(path: string): Promise<ListTemplate | undefined> {
  return LISTS[path]?.();
}

/**
 * Renders the page with no, one and two sample items (the query's data set before rendering), keeps
 * the one item's markup with tokens for its values, and checks that filling it with two items gives
 * exactly React's render of two: a page whose items are not one element each after another fails here.
 */
async function listTemplate<T>(
  path: string,
  key: readonly unknown[],
  values: (item: T) => Record<string, string>,
  sample: (n: number) => T,
): Promise<ListTemplate> {
  const render = async (items: T[]) => {
    queryClient.setQueryData(key, items);
    try {
      return await prerender(path);
    } finally {
      queryClient.removeQueries({ queryKey: key, exact: true });
    }
  };
  const [first, second] = [sample(1), sample(2)];
  const empty = await render([]);
  const one = await render([first]);
  const two = await render([first, second]);
  const firstValues = Object.entries(values(first)).map(([name, value]) => [name, escapeHtml(value)] as const);
  // The item: the list element (<li>) around the first value.
  const firstValue = firstValues[0]?.[1];
  const at = firstValue ? one.indexOf(firstValue) : -1;
  const start = at < 0 ? -1 : one.lastIndexOf('<li', at);
  const end = start < 0 ? -1 : one.indexOf('</li>', at) + '</li>'.length;
  if (start < 0 || end <= start) throw new Error(`prerender ${path}: no list item holds the sample`);
  let item = one.slice(start, end);
  for (const [name, value] of firstValues) item = item.split(value).join(listToken(name));
  const template = { empty, list: one.slice(0, start) + LIST_SLOT + one.slice(end), item };
  if (fillList(template, [values(first), values(second)]) !== two) {
    throw new Error(`prerender ${path}: the list's template does not give React's markup for two items`);
  }
  return template;
}
