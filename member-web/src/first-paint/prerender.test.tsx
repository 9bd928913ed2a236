// The landing page's build-time HTML (src/first-paint/prerender.tsx) is what the client renders for a visitor:
// main.tsx hydrates it in place. A mismatch would make React throw the markup away and render again
// (new nodes, a recoverable error); canHydrate keeps members and ?reason= visits off it.
import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../app/routes';
import { fillList } from '@contract/shell-list';
import { noticeListValues, type NoticeListItem } from '@contract/notices';
import { queryClient } from '../api/query-client';
import { canHydrate, dropPrerendered, takeoverOf, whenRouterReady } from './prerendered';
import { hasShellData } from './shell-data';
import { PRERENDERED, prerender, prerenderList } from './prerender';

let container: HTMLElement | undefined;
/** Hydrated roots, unmounted after each test: no React work may be left for after the document is gone. */
const roots: Root[] = [];
afterEach(() => {
  act(() => {
    for (const root of roots.splice(0)) root.unmount();
  });
  container?.remove();
  container = undefined;
});

async function shell(path: string, member = false): Promise<HTMLElement> {
  container = document.createElement('div');
  container.id = 'root';
  container.dataset.prerendered = path;
  container.dataset.prerenderedFor = member ? 'member' : 'visitor';
  if (member) localStorage.setItem('accessToken', 'member-token');
  container.innerHTML = await prerender(path, member);
  if (member) localStorage.removeItem('accessToken');
  document.body.append(container);
  return container;
}

/** Hydrates the app at `path` over `root` (once the route's code is there, as main.tsx does): React's recoverable errors. */
async function hydrateAt(root: HTMLElement, path: string): Promise<unknown[]> {
  window.history.replaceState(null, '', path);
  const errors: unknown[] = [];
  const router = createBrowserRouter(routes);
  await whenRouterReady(router);
  await act(async () => {
    roots.push(
      hydrateRoot(
        root,
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
        { onRecoverableError: (e) => errors.push(e) },
      ),
    );
  });
  router.dispose();
  return errors;
}

describe('prerendered landing page', () => {
  it('is the landing page a visitor sees, and hydrates without a mismatch (same nodes, no errors)', async () => {
    expect(PRERENDERED).toEqual([
      { path: '/', member: false },
      { path: '/main', member: true },
      { path: '/random/matching', member: true },
      { path: '/notices', member: false },
    ]);
    const root = await shell('/');
    const title = root.querySelector('h1');
    expect(title?.textContent).toMatch(/마음이 통하는 사람을/);
    expect(root.querySelectorAll('button').length).toBeGreaterThan(0);
    const html = root.innerHTML;
    expect(canHydrate(root, { pathname: '/', search: '' })).toBe(true);

    const consoleError = vi.spyOn(console, 'error');
    expect(await hydrateAt(root, '/')).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(root.querySelector('h1')).toBe(title);
    expect(root.innerHTML).toBe(html);
  });

  it('is not taken over for a member, another path or a query the page reads', async () => {
    const root = await shell('/');
    expect(canHydrate(root, { pathname: '/main', search: '' })).toBe(false);
    expect(canHydrate(root, { pathname: '/', search: '?reason=expired' })).toBe(false);
    localStorage.setItem('accessToken', 'member-token');
    expect(canHydrate(root, { pathname: '/', search: '' })).toBe(false);
    localStorage.removeItem('accessToken');
    root.replaceChildren();
    expect(canHydrate(root, { pathname: '/', search: '' })).toBe(false);
  });

  it('is dropped, with the attribute that hides it from members, when the client renders something else', async () => {
    const root = await shell('/');
    dropPrerendered(root);
    expect(root.hasChildNodes()).toBe(false);
    expect(root.dataset.prerendered).toBeUndefined();
  });
});

describe('prerendered member page (/main)', () => {
  it('is the frame and home before its data, for a token holder only, replaced by the first render', async () => {
    const root = await shell('/main', true);
    expect(root.querySelector('header.site-header nav')).not.toBeNull();
    expect(root.querySelector('main#main h1')?.textContent).toBe('오늘도 따뜻한 하루 보내세요');
    // The popular list as it waits for its data (the same place-holding cards the page shows then).
    expect(root.querySelector('.popular-pending')).not.toBeNull();
    expect(root.innerHTML).not.toContain('<!--$!-->');
    expect(takeoverOf(root, { pathname: '/main', search: '' })).toBe('none');
    localStorage.setItem('accessToken', 'member-token');
    expect(takeoverOf(root, { pathname: '/main', search: '' })).toBe('replace');
    expect(takeoverOf(root, { pathname: '/mypage', search: '' })).toBe('none');
    localStorage.removeItem('accessToken');
  });
});

describe('prerendered member page (/random/matching)', () => {
  it('is the frame, the title and the deck as it waits for its first card', async () => {
    const root = await shell('/random/matching', true);
    expect(root.querySelector('header.site-header nav')).not.toBeNull();
    expect(root.querySelector('main#main h1')?.textContent).toBe('오늘의 추천');
    expect(root.querySelector('.match-stage [role="status"]')?.textContent).toBe('추천할 분을 찾고 있어요…');
    expect(root.innerHTML).not.toContain('<!--$!-->');
  });
});

describe('prerendered notices page (/notices)', () => {
  const notices: NoticeListItem[] = [
    { id: 31, title: '11월 정기 점검 <중요> & "꼭" 읽어 주세요', createdAt: '2026-11-22T06:04:00.000Z' },
    { id: 7, title: '온기에 오신 걸 환영해요', createdAt: '2026-01-02T15:30:00.000Z' },
  ];

  afterEach(() => {
    queryClient.clear();
    window.history.replaceState(null, '', '/');
  });

  /** The shell as the Worker serves it: the filled list in #root and the same list in the data block. */
  async function noticesShell(items: NoticeListItem[]): Promise<HTMLElement> {
    const template = await prerenderList('/notices');
    if (!template) throw new Error('no template');
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'ongi-shell-data';
    data.textContent = JSON.stringify({ '/notices': items });
    document.head.append(data);
    container = document.createElement('div');
    container.id = 'root';
    container.dataset.prerendered = '/notices';
    container.dataset.prerenderedFor = 'visitor';
    container.innerHTML = fillList(template, items.map(noticeListValues));
    document.body.append(container);
    return container;
  }

  it('paints the list the Worker filled in (escaped, Korean dates) and hydrates it without asking again', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const consoleError = vi.spyOn(console, 'error');
    const root = await noticesShell(notices);
    const titles = [...root.querySelectorAll('.notice-card__title a')];
    expect(titles.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['11월 정기 점검 <중요> & "꼭" 읽어 주세요', '/notices/31'],
      ['온기에 오신 걸 환영해요', '/notices/7'],
    ]);
    expect([...root.querySelectorAll('time')].map((t) => t.textContent)).toEqual([
      '2026년 11월 22일 오후 3:04',
      '2026년 1월 3일 오전 12:30',
    ]);
    expect(canHydrate(root, { pathname: '/notices', search: '' })).toBe(true);
    const html = root.innerHTML;
    const first = titles[0];

    expect(await hydrateAt(root, '/notices')).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(root.querySelector('.notice-card__title a')).toBe(first);
    expect(root.innerHTML).toBe(html);
    expect(hasShellData('/notices')).toBe(false); // taken once
    expect(fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.endsWith('/notices'))).toEqual([]);
  });

  it('has an empty page of its own when there are no notices', async () => {
    const root = await noticesShell([]);
    expect(root.querySelector('.notices-empty')).not.toBeNull();
    expect(root.querySelector('.notice-list')).toBeNull();
    expect(await hydrateAt(root, '/notices')).toEqual([]);
    expect(root.querySelector('.notices-empty')).not.toBeNull();
  });

  it('without the list (the Worker could not read it) is the page as it loads', async () => {
    const root = await shell('/notices');
    expect(root.querySelector('h1')?.textContent).toBe('공지사항');
    expect(root.querySelector('[role="status"]')).not.toBeNull();
    expect(root.querySelector('.notice-list')).toBeNull();
  });
});
