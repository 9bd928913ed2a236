// Chat calls (api-contract "Chat", docs/chat.md) and the query cache they fill: the room list,
// pending requests, and each room's messages (history pages plus live frames, in one list).
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  CHAT_LIMITS,
  type ChatMessage,
  type ChatRoomItem,
  type PendingRequestItem,
  type RoomCloseReasonCode,
  type WsTicket,
} from '@contract/chat';
import { api } from './client';
import type { IceServersResult } from '@contract/calls';
import { withRequestId, type ChatRequest } from './request-id';

export const chatKeys = {
  rooms: ['chat', 'rooms'] as const,
  pending: ['chat', 'pending'] as const,
  messages: (roomId: number) => ['chat', 'messages', roomId] as const,
};

export type RoomMessages = { messages: ChatMessage[]; hasOlder: boolean };

export const fetchRooms = () => api.get<ChatRoomItem[]>('/api/on/chat-rooms');
export const fetchPending = (): Promise<ChatRequest[]> =>
  api.get<PendingRequestItem[]>('/api/on/chat-rooms/pending').then((list) => list.map(withRequestId));

export function fetchMessages(roomId: number, before?: number): Promise<ChatMessage[]> {
  const query = new URLSearchParams({ limit: String(CHAT_LIMITS.historyPageDefault) });
  if (before !== undefined) query.set('before', String(before));
  return api.get<ChatMessage[]>(`/api/on/chat-rooms/${roomId}/messages?${query}`);
}

export const fetchRoomTicket = (roomId: number) => api.post<WsTicket>(`/api/on/chat-rooms/${roomId}/ws-ticket`);
/** ICE servers for an in-app call (TURN credentials in production; docs/voice.md "Calls"). */
export const fetchIceServers = () => api.get<IceServersResult>('/api/on/calls/ice-servers');
/** 거절 on the ringing sheet of a screen without the room open (docs/voice.md "Ringing on any screen"). */
export const declineRingingCall = (roomId: number, callId: string) =>
  api.post<unknown>(`/api/on/chat-rooms/${roomId}/calls/${callId}/decline`);
export const fetchLiveTicket = () => api.post<WsTicket>('/api/on/chat-live/ws-ticket');

/** Rooms newest conversation first (the server sorts too; live updates keep it true locally). */
export function sortRooms(rooms: readonly ChatRoomItem[]): ChatRoomItem[] {
  const at = (r: ChatRoomItem) => r.lastMessageAt ?? r.createdAt;
  return [...rooms].sort((x, y) => (at(y) > at(x) ? 1 : at(y) < at(x) ? -1 : y.chatRoomId - x.chatRoomId));
}

// docs/product-spec.md §8: list and message load failures are only logged.
export const useChatRooms = (enabled = true) =>
  useQuery({
    queryKey: chatKeys.rooms,
    enabled,
    queryFn: () =>
      fetchRooms().catch((err: unknown) => {
        console.error('chat rooms failed to load', err);
        throw err;
      }),
    select: sortRooms,
    staleTime: 0,
  });

export const usePendingRequests = () =>
  useQuery({
    queryKey: chatKeys.pending,
    queryFn: () =>
      fetchPending().catch((err: unknown) => {
        console.error('chat requests failed to load', err);
        throw err;
      }),
    staleTime: 0,
  });

export const latestPage = (roomId: number): Promise<RoomMessages> =>
  fetchMessages(roomId).then((messages) => ({
    messages,
    hasOlder: messages.length >= CHAT_LIMITS.historyPageDefault,
  }));

/**
 * The latest page merged into what the cache already holds: live frames (my own sent message
 * among them) can land while the page is in flight, and the page, read before them, must not
 * wipe them out. What arrived live wins over the page's copy of the same id.
 */
export async function latestPageKeepingLive(client: QueryClient, roomId: number): Promise<RoomMessages> {
  const page = await latestPage(roomId);
  const live = client.getQueryData<RoomMessages>(chatKeys.messages(roomId));
  if (!live) return page;
  return { messages: mergeMessages(page.messages, live.messages), hasOlder: page.hasOlder && live.hasOlder };
}

export const useRoomMessages = (roomId: number) => {
  const client = useQueryClient();
  return useQuery({
    queryKey: chatKeys.messages(roomId),
    queryFn: () => latestPageKeepingLive(client, roomId),
    staleTime: Infinity,
    retry: false,
  });
};

/** Merges messages into the room's list by id (live frames, older pages, catch-up pages). */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function addMessages(client: QueryClient, roomId: number, incoming: readonly ChatMessage[], hasOlder?: boolean) {
  client.setQueryData<RoomMessages>(chatKeys.messages(roomId), (old) =>
    old
      ? { messages: mergeMessages(old.messages, incoming), hasOlder: hasOlder ?? old.hasOlder }
      : { messages: mergeMessages([], incoming), hasOlder: hasOlder ?? true },
  );
}

export function patchRoom(client: QueryClient, roomId: number, patch: (room: ChatRoomItem) => ChatRoomItem) {
  client.setQueryData<ChatRoomItem[]>(chatKeys.rooms, (rooms) =>
    rooms?.map((r) => (r.chatRoomId === roomId ? patch(r) : r)),
  );
}

export function dropRoom(client: QueryClient, roomId: number) {
  client.setQueryData<ChatRoomItem[]>(chatKeys.rooms, (rooms) => rooms?.filter((r) => r.chatRoomId !== roomId));
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (roomId: number) => api.post<unknown>(`/api/on/chat-rooms/${roomId}/read`),
    onMutate: (roomId) => patchRoom(client, roomId, (r) => ({ ...r, unreadMessageCount: 0 })),
    onError: (err) => console.error('marking the room read failed', err),
  });
}

export function useAcceptRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number) => api.post<ChatRoomItem>(`/api/on/chat-rooms/matchings/${requestId}/accept`),
    onSuccess: (room, requestId) => {
      client.setQueryData<ChatRequest[]>(chatKeys.pending, (list) => list?.filter((p) => p.requestId !== requestId));
      client.setQueryData<ChatRoomItem[]>(chatKeys.rooms, (rooms) => [
        room,
        ...(rooms ?? []).filter((r) => r.chatRoomId !== room.chatRoomId),
      ]);
    },
  });
}

export function useRejectRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number) => api.post<unknown>(`/api/on/chat-rooms/matchings/${requestId}/reject`),
    onSuccess: (_data, requestId) =>
      client.setQueryData<ChatRequest[]>(chatKeys.pending, (list) => list?.filter((p) => p.requestId !== requestId)),
  });
}

export function useLeaveRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (roomId: number) => api.post<unknown>(`/api/on/chat-rooms/${roomId}/leave`),
    onSuccess: (_data, roomId) => dropRoom(client, roomId),
  });
}

/** 대화 마무리하기 (docs/chat.md "Your turn and quiet rooms"): the room ends for both, kept in both lists. */
export function useWrapUpRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (roomId: number) =>
      api.post<{ closedReason: RoomCloseReasonCode }>(`/api/on/chat-rooms/${roomId}/wrap-up`),
    onSuccess: (data, roomId) => patchRoom(client, roomId, (room) => ({ ...room, closedReason: data.closedReason })),
  });
}
