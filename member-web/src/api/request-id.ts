// A chat request's id. The HTTP contract names it `matchingId` (api-contract "Chat": the pending
// list, POST /api/on/chat-rooms/matchings/{matchingId}/accept and /reject, the answer of
// POST /api/on/matching/request/{memberId}; my page's matching history in docs/api-extensions.md);
// the member app calls it `requestId`, and withRequestId is the one place the wire name is read.
// A room item (`ChatRoomItem`) keeps the contract's `matchingId` (the request the room came from):
// the app never reads it.
import type { PendingRequestItem } from '@contract/chat';
import type { MatchingHistoryItem } from '@contract/mypage';

/** A contract item with its `matchingId` named `requestId`. */
export type WithRequestId<T extends { matchingId: number }> = Omit<T, 'matchingId'> & { requestId: number };

/** The item as the app keeps it: the chat request's id as `requestId`, everything else as sent. */
export function withRequestId<T extends { matchingId: number }>(item: T): WithRequestId<T> {
  const { matchingId, ...rest } = item;
  return { ...rest, requestId: matchingId };
}

/** A request made to me, waiting for 수락 / 거절 (채팅 → 요청). */
export type ChatRequest = WithRequestId<PendingRequestItem>;
/** A request I sent or received, in my page's 매칭 기록. */
export type ChatRequestHistoryItem = WithRequestId<MatchingHistoryItem>;
