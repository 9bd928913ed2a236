// One tab's feed: cursor pages from the server, flattened, and loaded further as the end of the
// list scrolls into view. A failing list is only logged (docs/product-spec.md §8).
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { CommunityPost } from '@contract/community';
import type { PostCategory } from '@contract/enums';
import { useFeedQuery } from '../../api/community';

export function usePostFeed(category: PostCategory) {
  const query = useFeedQuery(category);
  const { error, hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    if (error) console.error('community feed failed', error);
  }, [error]);

  const posts = useMemo(() => {
    // A post deleted and re-listed between pages must not show twice.
    const seen = new Set<number>();
    const out: CommunityPost[] = [];
    for (const p of query.data?.pages.flat() ?? []) {
      if (!seen.has(p.id)) {
        seen.add(p.id);
        out.push(p);
      }
    }
    return out;
  }, [query.data]);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return {
    posts,
    loading: query.isPending,
    failed: query.isError,
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    loadMore,
  };
}

/** A ref for the element at the end of a list: `onReach` runs whenever it comes into view. */
export function useEndOfList(onReach: () => void, enabled: boolean) {
  const latest = useRef(onReach);
  latest.current = onReach;
  const observer = useRef<IntersectionObserver | null>(null);
  return useCallback(
    (node: Element | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) latest.current();
        },
        { rootMargin: '400px 0px' },
      );
      observer.current.observe(node);
    },
    [enabled],
  );
}
