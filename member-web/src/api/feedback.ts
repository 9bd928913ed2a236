// Feedback (docs/product-spec.md §7 "My page" feedback calls). Paths are outside /api/on/, so the bearer is asked for explicitly.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackBody, FeedbackItem } from '@contract/feedback';
import { api } from './client';

export type { FeedbackBody, FeedbackItem };

export const myFeedbackKey = ['feedback', 'my'] as const;

export const useMyFeedback = () =>
  useQuery({ queryKey: myFeedbackKey, queryFn: () => api.get<FeedbackItem[]>('/feedback/my', { auth: true }) });

export function useCreateFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedbackBody) => api.post<FeedbackItem>('/feedback/create', { json: body, auth: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: myFeedbackKey }),
  });
}

export function useUpdateFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: FeedbackBody & { id: number }) =>
      api.patch<unknown>(`/feedback/${id}/update`, { json: body, auth: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: myFeedbackKey }),
  });
}

export function useDeleteFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.patch<unknown>(`/feedback/${id}/delete`, { auth: true }),
    onSuccess: (_data, id) =>
      client.setQueryData<FeedbackItem[]>(myFeedbackKey, (list) => list?.filter((f) => f.id !== id)),
  });
}
