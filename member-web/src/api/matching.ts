// Matching calls (docs/product-spec.md §7 "Matching", docs/api-extensions.md): recommendations and their history,
// chat requests, the nearby list and the popular ranking.
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { ChatRequestResult } from '@contract/chat';
import type {
  HistoryBulkResult,
  MatchingStatus,
  NearbyPage,
  NearbyRadiusKm,
  PopularProfile,
  RecommendedProfile,
} from '@contract/matching';
import { api } from './client';
import { offerPushOptIn } from '../lib/push-opt-in';

export const matchingKeys = {
  status: ['matching', 'status'] as const,
  recommend: (startPage: number) => ['matching', 'recommend', startPage] as const,
  nearby: (radiusKm: number) => ['matching', 'nearby', radiusKm] as const,
  popular: ['matching', 'popular'] as const,
};

export const fetchMatchingStatus = () => api.get<MatchingStatus>('/api/on/matching/status');

export const fetchRecommendations = (page: number) =>
  api.get<RecommendedProfile[]>(`/api/on/matching/recommend?page=${page}`);

export const saveMatchingHistory = (page: number, profileIds: number[]) =>
  api.post<HistoryBulkResult>('/api/on/matching/history/bulk', {
    json: { profileIds, page, count: profileIds.length },
  });

/** A chat request, with the optional intro (≤ CHAT_LIMITS.requestIntroMaxChars, docs/chat.md "Requests: intro and expiry"). */
export const requestChat = (memberId: number, intro?: string) =>
  api.post<ChatRequestResult>(`/api/on/matching/request/${memberId}`, intro ? { json: { intro } } : undefined);

export const fetchNearby = (radiusKm: NearbyRadiusKm, page: number) =>
  api.get<NearbyPage>(`/api/on/matching/nearby?radiusKm=${radiusKm}&page=${page}`);

export const fetchPopular = () => api.get<PopularProfile[]>('/api/on/matching/popular');

export const useMatchingStatus = () =>
  useQuery({ queryKey: matchingKeys.status, queryFn: fetchMatchingStatus, staleTime: 0, gcTime: 0 });

/**
 * Today's recommendations from `startPage` on, one page per fetch. Pages never refetch on their
 * own: the deck keeps its place while the member looks at it.
 */
export function useRecommendationPages(startPage: number | undefined, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: matchingKeys.recommend(startPage ?? 0),
    queryFn: ({ pageParam }) => fetchRecommendations(pageParam),
    initialPageParam: startPage ?? 0,
    getNextPageParam: (last: RecommendedProfile[], _all, lastParam: number) =>
      last.length === 0 ? undefined : lastParam + 1,
    enabled: enabled && startPage !== undefined,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** A sent request is the moment to offer push (lib/push-opt-in.ts). */
export const useRequestChat = () =>
  useMutation({
    mutationFn: (target: number | { memberId: number; intro?: string }) =>
      typeof target === 'number' ? requestChat(target) : requestChat(target.memberId, target.intro),
    onSuccess: () => offerPushOptIn(),
  });

export function useNearby(radiusKm: NearbyRadiusKm, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: matchingKeys.nearby(radiusKm),
    queryFn: ({ pageParam }) => fetchNearby(radiusKm, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: NearbyPage, _all, lastParam: number) => (last.last ? undefined : lastParam + 1),
    enabled,
    retry: false,
  });
}

export const usePopular = () => useQuery({ queryKey: matchingKeys.popular, queryFn: fetchPopular, retry: false });
