import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommunityPost } from '@contract/community';
import { FEED_PAGE_SIZE, nextCursor } from '../../api/community';
import { jsonResponse } from '../../test/factories';
import { usePostFeed } from './use-post-feed';

function post(id: number): CommunityPost {
  return {
    id,
    category: 'REVIEW',
    title: `글 ${id}`,
    content: '내용이에요',
    createdAt: '2026-11-22T06:04:00Z',
    views: 0,
    likes: 0,
    commentsCount: 0,
    imageUrl: null,
    writerId: 1,
    writerName: '김온기',
    writerProfileImageUrl: null,
  };
}
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => post(from - i));

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('feed paging', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('continues after the last id of a full page and stops after a short one', () => {
    expect(nextCursor(ids(100, FEED_PAGE_SIZE))).toBe(100 - FEED_PAGE_SIZE + 1);
    expect(nextCursor(ids(10, 3))).toBeUndefined();
    expect(nextCursor([])).toBeUndefined();
  });

  it('asks for the category newest first, then the next page by cursor, and never shows a post twice', async () => {
    const pages = [ids(100, FEED_PAGE_SIZE), [post(81), ...ids(80, 4)]];
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(jsonResponse(pages.shift() ?? [])));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => usePostFeed('REVIEW'), { wrapper });

    await waitFor(() => expect(result.current.posts).toHaveLength(FEED_PAGE_SIZE));
    const first = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x');
    expect(first.pathname).toBe('/api/on/community/posts');
    expect(Object.fromEntries(first.searchParams)).toEqual({ category: 'REVIEW', size: String(FEED_PAGE_SIZE) });
    expect(result.current.hasMore).toBe(true);

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.hasMore).toBe(false));
    const second = new URL(String(fetchMock.mock.calls[1]?.[0]), 'http://x');
    expect(second.searchParams.get('cursor')).toBe('81');
    expect(result.current.posts.map((p) => p.id)).toEqual(
      [...ids(100, FEED_PAGE_SIZE), ...ids(80, 4)].map((p) => p.id),
    );

    act(() => result.current.loadMore());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('only logs a failing list and shows no posts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse({ code: 'X', message: '실패' }, 500))),
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result } = renderHook(() => usePostFeed('FREE'), { wrapper });
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.posts).toEqual([]);
    expect(log).toHaveBeenCalled();
  });
});
