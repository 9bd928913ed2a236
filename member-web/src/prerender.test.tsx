// The landing page's build-time HTML (src/prerender.tsx) is what the client renders for a visitor:
// main.tsx hydrates it in place. A mismatch would make React throw the markup away and render again
// (new nodes, a recoverable error); canHydrate keeps members and ?reason= visits off it.
import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from './app/routes';
import { canHydrate, dropPrerendered, takeoverOf } from './lib/prerendered';
import { PRERENDERED, prerender } from './prerender';

let container: HTMLElement | undefined;
afterEach(() => {
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

describe('prerendered landing page', () => {
  it('is the landing page a visitor sees, and hydrates without a mismatch (same nodes, no errors)', async () => {
    expect(PRERENDERED).toEqual([
      { path: '/', member: false },
      { path: '/main', member: true },
      { path: '/random/matching', member: true },
    ]);
    const root = await shell('/');
    const title = root.querySelector('h1');
    expect(title?.textContent).toMatch(/마음이 통하는 사람을/);
    expect(root.querySelectorAll('button').length).toBeGreaterThan(0);
    const html = root.innerHTML;
    expect(canHydrate(root, { pathname: '/', search: '' })).toBe(true);

    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error');
    const router = createBrowserRouter(routes);
    await act(async () => {
      hydrateRoot(
        root,
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
        { onRecoverableError: (e) => errors.push(e) },
      );
    });
    expect(errors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(root.querySelector('h1')).toBe(title);
    expect(root.innerHTML).toBe(html);
    router.dispose();
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
