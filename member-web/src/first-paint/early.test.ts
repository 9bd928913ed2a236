import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/factories';
import { api } from '../api/client';
import { hasShellData, takeShellData } from './shell-data';
import { startEarlyRequests } from './early';
import { DECK_PAGE_HEADER } from '@contract/matching-core';

/** Routes answer JSON; a `{ body, page }` route answers `body` with its page in DECK_PAGE_HEADER. */
function mockFetch(routes: Record<string, unknown>) {
  const fn = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => {
    const route = routes[String(input)];
    if (route === undefined) return Promise.resolve(new Response(null, { status: 404 }));
    if (typeof route === 'object' && route !== null && 'page' in route && 'body' in route) {
      const res = jsonResponse(route.body);
      if (route.page !== null) res.headers.set(DECK_PAGE_HEADER, String(route.page));
      return Promise.resolve(res);
    }
    return Promise.resolve(jsonResponse(route));
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
const calls = (fn: ReturnType<typeof mockFetch>, path: string) => fn.mock.calls.filter(([u]) => String(u) === path);

beforeEach(() => {
  localStorage.clear();
});

describe('early requests: the opened page’s first data leaves with the entry script', () => {
  it('hands the notices list fetched at start to the page’s own request (one fetch)', async () => {
    const fetch = mockFetch({ '/notices': [{ id: 1, title: '공지' }] });
    startEarlyRequests('/notices');
    expect(calls(fetch, '/notices')).toHaveLength(1);
    await expect(api.get('/notices', { auth: false })).resolves.toEqual([{ id: 1, title: '공지' }]);
    expect(calls(fetch, '/notices')).toHaveLength(1);
    // Taken once: a later visit asks the server again.
    await api.get('/notices', { auth: false });
    expect(calls(fetch, '/notices')).toHaveLength(2);
  });

  it('asks for nothing when the shell already carries the notices list (first-paint/shell-data.ts), which the page takes once', async () => {
    const fetch = mockFetch({ '/notices': [] });
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'ongi-shell-data';
    block.textContent = JSON.stringify({ '/notices': [{ id: 2, title: '점검 안내' }] });
    document.head.append(block);
    startEarlyRequests('/notices');
    expect(calls(fetch, '/notices')).toHaveLength(0);
    expect(document.getElementById('ongi-shell-data')).toBeNull(); // read once, then gone
    expect(takeShellData('/notices')).toEqual([{ id: 2, title: '점검 안내' }]);
    expect(takeShellData('/notices')).toBeUndefined();
    expect(hasShellData('/notices')).toBe(false);
  });

  it('starts member pages only with a token: the status and the deck at the resume page together', async () => {
    const fetch = mockFetch({
      '/api/on/matching/status': { matchingEnabled: true, hasLocation: true, resumePage: 2 },
      '/api/on/matching/recommend?page=resume': { body: [], page: 2 },
    });
    startEarlyRequests('/random/matching');
    expect(fetch).not.toHaveBeenCalled();

    localStorage.setItem('accessToken', 'tok');
    startEarlyRequests('/random/matching');
    // Both leave at once: the deck does not wait for the status.
    expect(fetch.mock.calls.map(([u]) => String(u))).toEqual([
      '/api/on/matching/status',
      '/api/on/matching/recommend?page=resume',
    ]);
    await api.get('/api/on/matching/status');
    await expect(api.get('/api/on/matching/recommend?page=2')).resolves.toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(2);
    const sent = calls(fetch, '/api/on/matching/recommend?page=resume')[0]?.[1];
    expect(new Headers(sent?.headers).get('Authorization')).toBe('Bearer tok');
  });

  it('hands the resume deck to the page’s request for the page it names, once, and to no other page', async () => {
    localStorage.setItem('accessToken', 'tok');
    const card = { memberId: 7, mainImageUrl: '/media/profiles/7x0.png' };
    const fetch = mockFetch({
      '/api/on/matching/status': { matchingEnabled: true, hasLocation: true, resumePage: 3 },
      '/api/on/matching/recommend?page=resume': { body: [card], page: 3 },
      '/api/on/matching/recommend?page=3': { body: [{ memberId: 8 }], page: null },
      '/api/on/matching/recommend?page=1': { body: [{ memberId: 9 }], page: null },
    });
    startEarlyRequests('/random/matching');
    // The first card's photo is fetched with the list.
    await vi.waitFor(() =>
      expect(document.head.querySelector(`link[rel="preload"][href="${card.mainImageUrl}"]`)).not.toBeNull(),
    );
    await expect(api.get('/api/on/matching/recommend?page=3')).resolves.toEqual([card]);
    expect(calls(fetch, '/api/on/matching/recommend?page=3')).toHaveLength(0);
    // Taken once: the same page again asks the server.
    await expect(api.get('/api/on/matching/recommend?page=3')).resolves.toEqual([{ memberId: 8 }]);

    // A deck answer for another page than the one asked for is not handed out: the page's own request goes.
    startEarlyRequests('/random/matching');
    await expect(api.get('/api/on/matching/recommend?page=1')).resolves.toEqual([{ memberId: 9 }]);
    expect(calls(fetch, '/api/on/matching/recommend?page=1')).toHaveLength(1);
  });

  it('does not hand out an answer fetched with another token', async () => {
    localStorage.setItem('accessToken', 'first');
    const fetch = mockFetch({ '/api/on/matching/popular': [], '/api/on/ping': {} });
    startEarlyRequests('/main');
    localStorage.setItem('accessToken', 'second');
    await api.get('/api/on/matching/popular');
    expect(calls(fetch, '/api/on/matching/popular')).toHaveLength(2);
  });
});
