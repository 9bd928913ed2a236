// Hearts (docs/product-spec.md §7): PUT likes, DELETE unlikes; both idempotent on the server.
import type { HeartResponse } from '@contract/profiles';
import { api } from './client';

/** Answers the state after the call. */
export function setHeart(memberId: number, hearted: boolean): Promise<HeartResponse> {
  const path = `/api/on/heart/${memberId}`;
  return hearted ? api.put<HeartResponse>(path) : api.delete<HeartResponse>(path);
}
