// Profile details calls: profile details and prompts, matching preferences and the hearts I received
// (docs/api-extensions.md "profile-details").
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MatchingPreferences,
  MatchingPreferencesBody,
  MyProfileDetails,
  ProfileDetails,
  ProfilePrompt,
  ReceivedHeartsPage,
  UnseenCount,
} from '@contract/profile-details';
import { PROFILE_DETAIL_LIMITS } from '@contract/profile-details-core';
import { api } from './client';
import { mypageKeys } from './mypage-keys';

export type {
  CardReason,
  CardSummary,
  MatchingPreferences,
  MyProfileDetails,
  ProfileDetails,
  ProfilePrompt,
  PublicProfileDetails,
  ReceivedHeart,
  ReceivedHeartsPage,
} from '@contract/profile-details';
/** What the details form sends (the contract's body, every field present). */
export type ProfileDetailsData = ProfileDetails;
export type DetailPrompt = { questionId: string; answer: string };
export type PromptQuestion = ProfilePrompt;

export const RECEIVED_HEARTS_PAGE_SIZE = PROFILE_DETAIL_LIMITS.receivedPageSize;

export const profileDetailsKeys = {
  details: ['mypage', 'profile-details'] as const,
  prompts: ['profile', 'prompts'] as const,
  preferences: ['mypage', 'matching-preferences'] as const,
  received: ['hearts', 'received'] as const,
  unseen: ['hearts', 'received', 'unseen'] as const,
};

const DETAILS_PATH = '/api/on/mypage/profile-details';
const PREFERENCES_PATH = '/api/on/mypage/matching-preferences';
const RECEIVED_PATH = '/api/on/hearts/received';

export const useProfileDetailsData = () =>
  useQuery({ queryKey: profileDetailsKeys.details, queryFn: () => api.get<MyProfileDetails>(DETAILS_PATH) });

export function useSaveProfileDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileDetailsData) => api.put<MyProfileDetails>(DETAILS_PATH, { json: body }),
    onSuccess: (res) => {
      if (res && typeof res === 'object') client.setQueryData(profileDetailsKeys.details, res);
      else void client.invalidateQueries({ queryKey: profileDetailsKeys.details });
      // A saved lookingFor moves the 연애/친구 matching switches (docs/matching.md).
      void client.invalidateQueries({ queryKey: mypageKeys.settings });
    },
  });
}

export const usePromptQuestions = () =>
  useQuery({
    queryKey: profileDetailsKeys.prompts,
    queryFn: () => api.get<ProfilePrompt[]>('/api/on/profile/prompts'),
    staleTime: Infinity,
  });

export const useMatchingPreferences = () =>
  useQuery({ queryKey: profileDetailsKeys.preferences, queryFn: () => api.get<MatchingPreferences>(PREFERENCES_PATH) });

export function useSaveMatchingPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MatchingPreferencesBody) => api.put<MatchingPreferences>(PREFERENCES_PATH, { json: body }),
    onSuccess: (res) => {
      if (res && typeof res === 'object' && 'ageMin' in res) client.setQueryData(profileDetailsKeys.preferences, res);
      else void client.invalidateQueries({ queryKey: profileDetailsKeys.preferences });
    },
  });
}

export const useReceivedHearts = () =>
  useInfiniteQuery({
    queryKey: profileDetailsKeys.received,
    queryFn: ({ pageParam }) =>
      api.get<ReceivedHeartsPage>(`${RECEIVED_PATH}?page=${pageParam}&size=${RECEIVED_HEARTS_PAGE_SIZE}`),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.last || last.content.length === 0 ? undefined : pages.length),
  });

/** How many hearts arrived since I last opened 받은 마음 (the badge). */
export const useUnseenHearts = (enabled = true) =>
  useQuery({
    queryKey: profileDetailsKeys.unseen,
    queryFn: () => api.get<UnseenCount>(`${RECEIVED_PATH}/unseen-count`).then((r) => r.count ?? 0),
    enabled,
    refetchInterval: 60_000,
  });

/** Opening 받은 마음 marks everything seen: the badge goes back to 0. */
export function useMarkHeartsSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<UnseenCount>(`${RECEIVED_PATH}/seen`),
    onSuccess: () => client.setQueryData(profileDetailsKeys.unseen, 0),
  });
}
