// Notices (public) and the admin check that shows edit/delete to admins (docs/product-spec.md §6, §7).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notice, NoticeListItem } from '@contract/notices';
import { takeShellData } from '../first-paint/shell-data';
import { api } from './client';

export const noticesKey = ['notices'] as const;

/** The list starts from the one the shell carries when the page was opened directly (first-paint/shell-data.ts). */
export const useNotices = () =>
  useQuery({
    queryKey: noticesKey,
    queryFn: () => api.get<NoticeListItem[]>('/notices', { auth: false }),
    initialData: () => takeShellData<NoticeListItem[]>('/notices'),
  });

export const useNotice = (id: number) =>
  useQuery({
    queryKey: [...noticesKey, id],
    queryFn: () => api.get<Notice>(`/notices/${id}`, { auth: false }),
    enabled: Number.isInteger(id) && id > 0,
  });

/**
 * A failed admin check means "not an admin" (docs/product-spec.md §8). Notices are written by a 관리자 only: a
 * 운영자 (role OPERATOR) does not get the edit and delete actions (docs/safety.md "Roles").
 */
export const useIsAdmin = () =>
  useQuery({
    queryKey: ['admin-check'],
    queryFn: () =>
      api
        .get<{ isAdmin?: unknown; role?: unknown }>('/admin/check', { auth: false })
        .then((r) => r.isAdmin === true && r.role !== 'OPERATOR')
        .catch(() => false),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The admin console's edit screen for a notice (hash routing under /admin/). */
export const adminNoticeEditUrl = (id: number) => `/admin/#/notices/${id}`;

export function useDeleteNotice() {
  const client = useQueryClient();
  return useMutation({
    // Admin calls are cookie sessions with the console's CSRF header.
    mutationFn: (id: number) =>
      api.patch<unknown>(`/notices/${id}/delete`, { auth: false, headers: { 'X-Requested-With': 'ongi-admin' } }),
    onSuccess: (_data, id) => {
      client.setQueryData<NoticeListItem[]>(noticesKey, (list) => list?.filter((n) => n.id !== id));
      client.removeQueries({ queryKey: [...noticesKey, id] });
    },
  });
}
