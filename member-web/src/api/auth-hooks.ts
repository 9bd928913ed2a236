// Session hooks for member pages (TanStack Query).
import { useMutation, useQuery } from '@tanstack/react-query';
import { hasAccessToken } from '../lib/storage';
import { logout } from './auth';
import { api } from './client';
import { queryClient } from './query-client';

export const useLogout = () =>
  useMutation({
    mutationFn: async () => {
      const ok = await logout();
      queryClient.clear();
      return ok;
    },
  });

/** GET /api/on/ping once per visit when a token exists; failures are ignored (a 401 starts the refresh). */
export function usePing(): void {
  useQuery({
    queryKey: ['ping'],
    queryFn: () => api.get<unknown>('/api/on/ping').then(() => true),
    enabled: hasAccessToken(),
    staleTime: Infinity,
    retry: false,
  });
}
