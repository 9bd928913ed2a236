// 오늘의 인연 (docs/today.md): the latest set in one read, and 넘기기 on a card. 좋아요 and 대화 신청
// use the heart and chat-request calls; the server marks the card when they succeed.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { TodayAction, TodaySet } from '@contract/today';
import { api } from './client';

export const todayKeys = { set: ['today'] as const };

export const fetchToday = () => api.get<TodaySet>('/api/on/today');

export const passToday = (memberId: number) => api.post<void>(`/api/on/today/${memberId}/pass`);

/** Loaded after the first paint (docs/first-paint.md: not one of /main's early GETs). */
export const useToday = () => useQuery({ queryKey: todayKeys.set, queryFn: fetchToday, retry: false });

/** What the server recorded, shown at once without reading the set again. */
export function markTodayAction(queryClient: QueryClient, memberId: number, action: TodayAction): void {
  queryClient.setQueryData<TodaySet>(todayKeys.set, (set) =>
    set ? { ...set, cards: set.cards.map((c) => (c.memberId === memberId ? { ...c, action } : c)) } : set,
  );
}
