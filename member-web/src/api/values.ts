// 가치관 질문 calls (docs/values.md, docs/api-extensions.md "values").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyValueAnswer, ValueQuestionView } from '@contract/values';
import { api } from './client';

export type { MyValueAnswer, SharedValueAnswer, ValueQuestionView } from '@contract/values';

export const valuesKeys = {
  questions: ['values', 'questions'] as const,
  answers: ['values', 'answers'] as const,
};

const ANSWERS = '/api/on/values/answers';

export const useValueQuestions = () =>
  useQuery({
    queryKey: valuesKeys.questions,
    queryFn: () => api.get<ValueQuestionView[]>('/api/on/values/questions'),
    staleTime: Infinity,
  });

export const useMyValueAnswers = () =>
  useQuery({ queryKey: valuesKeys.answers, queryFn: () => api.get<MyValueAnswer[]>(ANSWERS) });

/** Saves one answer (PUT upserts only what it is given) and keeps the list the server sends back. */
export function useSaveValueAnswer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: MyValueAnswer) => api.put<MyValueAnswer[]>(ANSWERS, { json: [answer] }),
    onSuccess: (list) => {
      if (Array.isArray(list)) client.setQueryData(valuesKeys.answers, list);
      else void client.invalidateQueries({ queryKey: valuesKeys.answers });
    },
  });
}

export function useRemoveValueAnswer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (questionId: number) => api.delete<unknown>(`${ANSWERS}/${questionId}`),
    onSuccess: (_res, questionId) => {
      client.setQueryData<MyValueAnswer[]>(valuesKeys.answers, (list) =>
        list?.filter((a) => a.questionId !== questionId),
      );
    },
  });
}
