// The random-matching deck (docs/product-spec.md §4 "Random matching paging"): pages start where today's list
// left off, the next page is asked for when two profiles remain, and once a new page has loaded
// the previous page's ids are saved to history, once per page.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RecommendedProfile } from '@contract/matching';
import { saveMatchingHistory, useMatchingStatus, useRecommendationPages } from '../../api/matching';

export type DeckState = 'loading' | 'card' | 'empty' | 'off' | 'error';

export function useDeck() {
  const status = useMatchingStatus();
  // The start page is read once: later status reads must not move the deck under the member.
  // Taken in the render that first has the status (not an effect after it): the deck's page query
  // starts one commit sooner, before the first card.
  const [startPage, setStartPage] = useState<number | undefined>(undefined);
  if (startPage === undefined && status.data) setStartPage(status.data.resumePage);
  const enabled = status.data?.matchingEnabled === true;
  const pages = useRecommendationPages(startPage, enabled);
  const [index, setIndex] = useState(0);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(() => new Set());
  const savedPages = useRef(new Set<number>());

  const loaded = useMemo(() => pages.data?.pages ?? [], [pages.data]);
  const params = useMemo(() => (pages.data?.pageParams ?? []) as number[], [pages.data]);

  const deck = useMemo(() => {
    const seen = new Set<number>();
    const out: RecommendedProfile[] = [];
    for (const page of loaded) {
      for (const p of page) {
        if (seen.has(p.memberId) || removed.has(p.memberId)) continue;
        seen.add(p.memberId);
        out.push(p);
      }
    }
    return out;
  }, [loaded, removed]);

  // After page k+1 has loaded, page k was seen: save it (a failed save is simply retried later).
  useEffect(() => {
    for (let i = 1; i < loaded.length; i++) {
      const page = params[i - 1];
      const ids = (loaded[i - 1] ?? []).map((p) => p.memberId);
      if (page === undefined || savedPages.current.has(page) || ids.length === 0) continue;
      savedPages.current.add(page);
      saveMatchingHistory(page, ids).catch(() => savedPages.current.delete(page));
    }
  }, [loaded, params]);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  // Two remain (the one on screen and the last): time to ask for the next page.
  useEffect(() => {
    if (!hasNextPage || isFetchingNextPage || isFetchNextPageError || loaded.length === 0) return;
    if (index >= deck.length - 2) void fetchNextPage();
  }, [index, deck.length, loaded.length, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const current: RecommendedProfile | undefined = deck[index];

  let state: DeckState;
  if (current) state = 'card';
  else if (status.isError || pages.isError) state = 'error';
  else if (status.data && !enabled) state = 'off';
  else if (status.isPending || pages.isPending || isFetchingNextPage || hasNextPage) state = 'loading';
  else state = 'empty';

  const advance = useCallback(() => setIndex((i) => Math.min(i + 1, deck.length)), [deck.length]);
  /** Back to the card before (되돌리기 after a swipe). */
  const back = useCallback(() => setIndex((i) => Math.max(0, i - 1)), []);
  /** Takes someone out of the deck (after a block): the next person moves up. */
  const remove = useCallback((memberId: number) => setRemoved((s) => new Set(s).add(memberId)), []);
  const retry = useCallback(() => {
    if (status.isError) void status.refetch();
    else if (pages.isFetchNextPageError) void fetchNextPage();
    else void pages.refetch();
  }, [status, pages, fetchNextPage]);

  return { state, current, advance, back, remove, retry, hasMoreAfter: index < deck.length - 1 || hasNextPage };
}
