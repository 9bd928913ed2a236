// My page calls (docs/product-spec.md §7 "My page", docs/api-extensions.md): photos, info, interests, matching
// settings, liked people, matching history, data download and account deletion.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@contract/limits';
import {
  ACCOUNT_DELETE_CONFIRMATION,
  MATCHING_HISTORY_PAGE_SIZE,
  PROFILE_IMAGE_FIELDS,
  type AccountDeleteBody,
  type InterestsResponse,
  type LikedProfile,
  type MatchingHistoryItem,
  type MatchingSettings,
  type MypagePage,
  type MypageProfile,
  type ProfileImage,
} from '@contract/mypage';
import { ApiError, api, refreshAccessToken } from './client';
import { uploadMultipart } from './upload';
import { mypageKeys } from './mypage-keys';
import { withRequestId, type ChatRequestHistoryItem } from './request-id';

export { mypageKeys };

export type { LikedProfile, MatchingHistoryItem, MatchingSettings, ProfileImage };

const IMAGES_PATH = '/api/on/mypage/profile-images';

export const useMyImages = () =>
  useQuery({ queryKey: mypageKeys.images, queryFn: () => api.get<ProfileImage[]>(IMAGES_PATH) });

/** What goes up: a main photo and/or the sub slots (null keeps that slot as it is). */
export interface ImageUpload {
  main?: File;
  subs?: readonly [File | null, File | null] | readonly (File | null)[];
}

export function imageUploadForm({ main, subs = [] }: ImageUpload): FormData {
  const form = new FormData();
  if (main) form.append(PROFILE_IMAGE_FIELDS.main, main, main.name);
  // Exactly LIMITS.subImages parts; an empty part keeps its slot (api-contract.md).
  for (let i = 0; i < LIMITS.subImages; i++) {
    const file = subs[i] ?? null;
    if (file) form.append(PROFILE_IMAGE_FIELDS.sub, file, file.name);
    else form.append(PROFILE_IMAGE_FIELDS.sub, '');
  }
  return form;
}

/** Multipart through XHR for progress; a 401 refreshes the session once, like every member call. */
export async function uploadMyImages(
  upload: ImageUpload,
  onProgress?: (fraction: number) => void,
): Promise<ProfileImage[]> {
  const send = () => uploadMultipart<ProfileImage[]>(IMAGES_PATH, imageUploadForm(upload), { auth: true, onProgress });
  try {
    return await send();
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
    await refreshAccessToken();
    return send();
  }
}

/** Answers my photos after the deletion (a SUB may have become MAIN). */
export const deleteMyImage = (url: string) =>
  api.delete<ProfileImage[]>(`${IMAGES_PATH}?url=${encodeURIComponent(url)}`);

export const useMyProfile = () =>
  useQuery({ queryKey: mypageKeys.profile, queryFn: () => api.get<MypageProfile>('/api/on/mypage/profile') });

export const useMyInterests = () =>
  useQuery({
    queryKey: mypageKeys.interests,
    queryFn: () => api.get<InterestsResponse>('/api/on/mypage/interests').then((r): string[] => r.interests ?? []),
  });

export function useSaveInterests() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (interests: string[]) =>
      api.put<InterestsResponse>('/api/on/mypage/interests', { json: { interests } }),
    onSuccess: (res, sent) => client.setQueryData<string[]>(mypageKeys.interests, res?.interests ?? sent),
  });
}

export const useMatchingSettings = () =>
  useQuery({
    queryKey: mypageKeys.settings,
    queryFn: () => api.get<MatchingSettings>('/api/on/mypage/matching-settings'),
  });

export function useSaveMatchingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: MatchingSettings) =>
      api.put<MatchingSettings>('/api/on/mypage/matching-settings', { json: settings }),
    onSuccess: (res, sent) =>
      client.setQueryData(mypageKeys.settings, typeof res?.romanceMatching === 'boolean' ? res : sent),
  });
}

/** Pages of a my-page list; `map` turns each item as sent into what the app keeps. */
function usePaged<Wire, T = Wire>(
  key: readonly string[],
  path: string,
  size: number,
  map: (item: Wire) => T = (item) => item as unknown as T,
) {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) =>
      api
        .get<MypagePage<Wire>>(`${path}?page=${pageParam}&size=${size}`)
        .then((page): MypagePage<T> => ({ ...page, content: page.content.map(map) })),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.last || last.content.length === 0 ? undefined : pages.length),
  });
}

export const useProfileLikes = () =>
  usePaged<LikedProfile>(mypageKeys.likes, '/api/on/mypage/profile-likes', LIMITS.likedPageSize);

export const useMatchingHistory = () =>
  usePaged<MatchingHistoryItem, ChatRequestHistoryItem>(
    mypageKeys.history,
    '/api/on/mypage/matching-history',
    MATCHING_HISTORY_PAGE_SIZE,
    withRequestId,
  );

/** Everything the service holds about me, as pretty JSON text for a file. */
export const exportMyData = () =>
  api.get<unknown>('/api/on/mypage/export').then((data) => JSON.stringify(data, null, 2));

export { ACCOUNT_DELETE_CONFIRMATION };

export const deleteAccount = () => {
  const body: AccountDeleteBody = { confirm: ACCOUNT_DELETE_CONFIRMATION };
  return api.delete<unknown>('/api/on/mypage/account', { json: body });
};
