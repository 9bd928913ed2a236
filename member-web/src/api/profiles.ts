// Other members' profiles (modal and pages) and blocking (docs/api-extensions.md, matching area).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { normalizeModalProfile, type ProfileReading } from '../components/profile-modal/normalize-profile';
import type { BlockedMember } from '@contract/matching';
import { api } from './client';

export const profileKey = (memberId: number) => ['profile', memberId] as const;

/** GET /api/on/profile/modal/{memberId}, read tolerantly and checked (docs/product-spec.md §3, §5). */
export const fetchProfile = (memberId: number): Promise<ProfileReading> =>
  api.get<unknown>(`/api/on/profile/modal/${memberId}`).then(normalizeModalProfile);

export function useProfile(memberId: number | null, enabled = true) {
  return useQuery({
    queryKey: profileKey(memberId ?? 0),
    queryFn: () => fetchProfile(memberId ?? 0),
    enabled: enabled && memberId !== null,
  });
}

export type { BlockedMember };

export const blocksKey = ['blocks'] as const;

export const useBlocks = () =>
  useQuery({ queryKey: blocksKey, queryFn: () => api.get<BlockedMember[]>('/api/on/blocks') });

export function useBlockMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => api.put<unknown>(`/api/on/block/${memberId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: blocksKey }),
  });
}

export function useUnblockMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => api.delete<unknown>(`/api/on/block/${memberId}`),
    onSuccess: (_data, memberId) =>
      client.setQueryData<BlockedMember[]>(blocksKey, (list) => list?.filter((b) => b.memberId !== memberId)),
  });
}
