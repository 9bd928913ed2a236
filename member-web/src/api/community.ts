// Community calls (api-contract "Community") and their TanStack Query hooks.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  COMMUNITY_LIMITS,
  type CommunityComment,
  type CommunityPost,
  type LikeToggleResponse,
  type PostDraft,
  type ViewResponse,
} from '@contract/community';
import type { PostCategory } from '@contract/enums';
import { ApiError, api, refreshAccessToken } from './client';
import { uploadMultipart } from './upload';

const BASE = '/api/on/community';

export const communityKeys = {
  all: ['community'] as const,
  feed: (category: PostCategory) => ['community', 'feed', category] as const,
  post: (id: number) => ['community', 'post', id] as const,
  liked: (id: number) => ['community', 'liked', id] as const,
  comments: (id: number) => ['community', 'comments', id] as const,
};

export { currentMemberId } from '../lib/current-member';

// Feed paging: a page shorter than the page size is the last; the cursor is the last id shown.
export const FEED_PAGE_SIZE = COMMUNITY_LIMITS.pageSize;
export const nextCursor = (page: readonly CommunityPost[]): number | undefined =>
  page.length < FEED_PAGE_SIZE ? undefined : page.at(-1)?.id;

export function fetchFeedPage(category: PostCategory, cursor: number | undefined, signal?: AbortSignal) {
  const params = new URLSearchParams({ category, size: String(FEED_PAGE_SIZE) });
  if (cursor !== undefined) params.set('cursor', String(cursor));
  return api.get<CommunityPost[]>(`${BASE}/posts?${params.toString()}`, { signal });
}

export function useFeedQuery(category: PostCategory) {
  return useInfiniteQuery({
    queryKey: communityKeys.feed(category),
    queryFn: ({ pageParam, signal }) => fetchFeedPage(category, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextCursor,
  });
}

export const usePost = (id: number | null) =>
  useQuery({
    queryKey: communityKeys.post(id ?? 0),
    queryFn: () => api.get<CommunityPost>(`${BASE}/posts/${id}`),
    enabled: id !== null,
  });

export const useLikeStatus = (id: number | null) =>
  useQuery({
    queryKey: communityKeys.liked(id ?? 0),
    queryFn: () => api.get<boolean>(`${BASE}/${id}/like/status`),
    enabled: id !== null,
  });

export const useComments = (id: number | null) =>
  useQuery({
    queryKey: communityKeys.comments(id ?? 0),
    queryFn: () => api.get<CommunityComment[]>(`${BASE}/posts/${id}/comments`),
    enabled: id !== null,
  });

type FeedData = InfiniteData<CommunityPost[], number | undefined>;

/** Applies a change to one post wherever it is cached (detail and every feed tab). */
function usePatchPost() {
  const client = useQueryClient();
  return (id: number, patch: (post: CommunityPost) => CommunityPost) => {
    client.setQueryData<CommunityPost>(communityKeys.post(id), (p) => (p ? patch(p) : p));
    client.setQueriesData<FeedData>({ queryKey: ['community', 'feed'] }, (data) =>
      data ? { ...data, pages: data.pages.map((page) => page.map((p) => (p.id === id ? patch(p) : p))) } : data,
    );
  };
}

export function useViewPost() {
  const patch = usePatchPost();
  return useMutation({
    mutationFn: (id: number) => api.post<ViewResponse>(`${BASE}/${id}/view`),
    onSuccess: ({ views }, id) => patch(id, (p) => ({ ...p, views })),
  });
}

export function useToggleLike() {
  const client = useQueryClient();
  const patch = usePatchPost();
  return useMutation({
    mutationFn: (id: number) => api.post<LikeToggleResponse>(`${BASE}/${id}/like`),
    onSuccess: ({ liked, likes }, id) => {
      client.setQueryData(communityKeys.liked(id), liked);
      patch(id, (p) => ({ ...p, likes }));
    },
  });
}

export function useAddComment(postId: number) {
  const client = useQueryClient();
  const patch = usePatchPost();
  return useMutation({
    // Plain text, as the spec sends it.
    mutationFn: (content: string) =>
      api.post<CommunityComment>(`${BASE}/posts/${postId}/comments`, {
        body: content,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      }),
    onSuccess: (comment) => {
      client.setQueryData<CommunityComment[]>(communityKeys.comments(postId), (list) => [...(list ?? []), comment]);
      patch(postId, (p) => ({ ...p, commentsCount: p.commentsCount + 1 }));
    },
  });
}

export function useDeleteComment(postId: number) {
  const client = useQueryClient();
  const patch = usePatchPost();
  return useMutation({
    mutationFn: (commentId: number) => api.delete<unknown>(`${BASE}/posts/${postId}/comments/${commentId}`),
    onSuccess: (_, commentId) => {
      client.setQueryData<CommunityComment[]>(communityKeys.comments(postId), (list) =>
        list?.filter((c) => c.id !== commentId),
      );
      patch(postId, (p) => ({ ...p, commentsCount: Math.max(0, p.commentsCount - 1) }));
    },
  });
}

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${BASE}/posts/${id}`),
    onSuccess: (_, id) => {
      client.setQueriesData<FeedData>({ queryKey: ['community', 'feed'] }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => page.filter((p) => p.id !== id)) } : data,
      );
      client.removeQueries({ queryKey: communityKeys.post(id) });
    },
  });
}

export type PostSubmission = {
  draft: PostDraft;
  /** A new picture to upload. */
  image: File | null;
  /** Edit only: drop the current picture. */
  removeImage?: boolean;
};

/**
 * POST (create) or PUT (edit) as multipart `request` JSON + optional `image`, through XHR for
 * upload progress. An expired access token is refreshed once and the upload sent again.
 */
export async function submitPost(
  target: { kind: 'create' } | { kind: 'edit'; id: number },
  { draft, image, removeImage }: PostSubmission,
  onProgress?: (fraction: number) => void,
): Promise<CommunityPost> {
  const send = () => {
    const form = new FormData();
    const request = target.kind === 'edit' && removeImage ? { ...draft, removeImage: true } : draft;
    form.append('request', new Blob([JSON.stringify(request)], { type: 'application/json' }));
    if (image) form.append('image', image, image.name);
    const path = target.kind === 'create' ? `${BASE}/posts` : `${BASE}/posts/${target.id}`;
    const method = target.kind === 'create' ? 'POST' : 'PUT';
    return uploadMultipart<CommunityPost>(path, form, { auth: true, onProgress, method });
  };
  try {
    return await send();
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
    await refreshAccessToken();
    return send();
  }
}

/** After a create or edit: every feed and the post itself are read again. */
export function useInvalidateCommunity() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: communityKeys.all });
}
