// 개인정보 settings and 데이트 공유 (docs/privacy.md, docs/api-extensions.md "Privacy").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AvoidPhonesResult,
  CreatedDateShare,
  DateShareItem,
  PrivacySettings,
  PublicDateShare,
} from '@contract/privacy-core';
import { api } from './client';

const settingsKey = ['privacy', 'settings'] as const;
const sharesKey = ['privacy', 'date-shares'] as const;

export const usePrivacySettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => api.get<PrivacySettings>('/api/on/privacy') });

export function useAddAvoidPhones() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (phones: string[]) => api.post<AvoidPhonesResult>('/api/on/privacy/avoid-phones', { json: { phones } }),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKey }),
  });
}

export function useClearAvoidPhones() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<AvoidPhonesResult>('/api/on/privacy/avoid-phones'),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKey }),
  });
}

export function useSetPrivateMode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => api.put<PrivacySettings>('/api/on/privacy/private-mode', { json: { on } }),
    onSuccess: (data) => client.setQueryData(settingsKey, data),
  });
}

export const useDateShares = () =>
  useQuery({ queryKey: sharesKey, queryFn: () => api.get<DateShareItem[]>('/api/on/date-shares') });

export function useCreateDateShare(roomId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { place: string; meetAt: string }) =>
      api.post<CreatedDateShare>(`/api/on/chat-rooms/${roomId}/date-shares`, { json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: sharesKey }),
  });
}

export function useRevokeDateShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/on/date-shares/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: sharesKey }),
  });
}

/** The public page's read: no account, no token of ours sent. */
export const usePublicDateShare = (token: string) =>
  useQuery({
    queryKey: ['share', token],
    queryFn: () => api.get<PublicDateShare>(`/api/share/${encodeURIComponent(token)}`, { auth: false }),
    retry: false,
    staleTime: Infinity,
  });
