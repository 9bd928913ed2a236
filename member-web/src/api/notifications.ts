// Notification center calls (docs/notifications.md, docs/api-extensions.md): the list (cursor
// pages), the bell's unread count, marking read, and the member's push settings.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  NotificationItem,
  NotificationPage,
  NotificationReadBody,
  NotificationSettings,
  NotificationSettingsBody,
  UnreadCount,
} from '@contract/notifications';
import { api } from './client';

export type { NotificationItem, NotificationSettings };

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
  settings: ['notifications', 'settings'] as const,
};

const BASE = '/api/on/notifications';

export const useUnreadNotifications = () =>
  useQuery({ queryKey: notificationKeys.unread, queryFn: () => api.get<UnreadCount>(`${BASE}/unread-count`) });

export const useNotificationList = () =>
  useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) =>
      api.get<NotificationPage>(pageParam ? `${BASE}?cursor=${encodeURIComponent(pageParam)}` : BASE),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The live channel's `{type:'notification', unread}` frame or a read answer: the bell follows. */
export function setUnreadCount(client: QueryClient, count: number): void {
  client.setQueryData<UnreadCount>(notificationKeys.unread, { count });
}

type ListData = { pages: NotificationPage[]; pageParams: string[] };

function markLoadedRead(client: QueryClient, ids: number[] | 'all'): void {
  client.setQueryData<ListData>(notificationKeys.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            content: page.content.map((n) => (ids === 'all' || ids.includes(n.id) ? { ...n, read: true } : n)),
          })),
        }
      : data,
  );
}

/** `{ ids }` or `{ all: true }`; the list shows them read at once and the bell takes the answer. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationReadBody) => api.post<UnreadCount>(`${BASE}/read`, { json: body }),
    onMutate: (body) => markLoadedRead(client, 'all' in body ? 'all' : body.ids),
    onSuccess: ({ count }) => setUnreadCount(client, count),
    onError: () => void client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const useNotificationSettings = () =>
  useQuery({ queryKey: notificationKeys.settings, queryFn: () => api.get<NotificationSettings>(`${BASE}/settings`) });

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsBody) => api.put<NotificationSettings>(`${BASE}/settings`, { json: body }),
    onSuccess: (saved) => client.setQueryData(notificationKeys.settings, saved),
  });
}
