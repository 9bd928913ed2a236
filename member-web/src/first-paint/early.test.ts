import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/factories';
import { api } from '../api/client';
import { hasShellData, takeShellData } from './shell-data';
import { startEarlyRequests } from './early';

function mockFetch(routes: Record<string, unknown>) {
  const fn = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => {
    const body = routes[String(input)];
    return Promise.resolve(body === undefined ? new Response(null, { status: 404 }) : jsonResponse(body));
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

  it('starts member pages only with a token, and asks for the deck page the status names', async () => {
    const fetch = mockFetch({
      '/api/on/matching/status': { matchingEnabled: true, hasLocation: true, resumePage: 2 },
      '/api/on/matching/recommend?page=2': [],
    });
    startEarlyRequests('/random/matching');
    expect(fetch).not.toHaveBeenCalled();

    localStorage.setItem('accessToken', 'tok');
    startEarlyRequests('/random/matching');
    await vi.waitFor(() => expect(calls(fetch, '/api/on/matching/recommend?page=2')).toHaveLength(1));
    await api.get('/api/on/matching/status');
    await api.get('/api/on/matching/recommend?page=2');
    expect(fetch).toHaveBeenCalledTimes(2);
    const sent = calls(fetch, '/api/on/matching/status')[0]?.[1];
    expect(new Headers(sent?.headers).get('Authorization')).toBe('Bearer tok');
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
