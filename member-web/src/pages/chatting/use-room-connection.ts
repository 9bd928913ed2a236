// The selected room's live connection: a RoomClient whose messages land in the query cache
// (so history, live frames and report samples share one list) and whose state drives the view.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { CallServerFrame } from '@contract/calls';
import type { ChatRoomItem } from '@contract/chat';
import { ApiError } from '../../api/client';
import { addMessages, fetchMessages, fetchRoomTicket, patchRoom, type RoomMessages } from '../../api/chat';
import { markMessageDeleted } from '../../lib/chat-actions';
import { RoomClient, type RoomClientSnapshot } from '../../lib/chat-room-client';
import { socketToken, socketUrl, tokenTarget } from '../../lib/chat-socket';
import { messageText } from '../../lib/chat-text';

const idle: RoomClientSnapshot = {
  state: 'connecting',
  retryInMs: null,
  outbox: [],
  closedReason: null,
  opponentLastReadId: null,
  opponentTyping: false,
};
const noop = () => () => undefined;

/** Ticket refusals that will not change by retrying: the room is gone or not mine. */
const isFinalTicketError = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 403);

/** Where the room's call frames go (the page's CallSession; docs/voice.md "Calls"). */
export type CallHandlers = { onCall: (frame: CallServerFrame) => void; onReady: () => void; onClosed: () => void };

export function useRoomConnection(room: ChatRoomItem, calls?: { current: CallHandlers | null }) {
  const client = useQueryClient();
  const roomId = room.chatRoomId;
  const opponentId = room.opponentMemberId;
  const [roomClient, setRoomClient] = useState<RoomClient | null>(null);

  useEffect(() => {
    const next = new RoomClient({
      // The access token as a subprotocol (no ticket call); a ticket when it is near its expiry or
      // was just refused, so the API client can refresh it or report a ban.
      url: async ({ tokenRefused }) => {
        const token = tokenRefused ? null : socketToken();
        if (token) return tokenTarget(`/api/on/chat-rooms/${roomId}/ws`, token);
        const { ticket } = await fetchRoomTicket(roomId);
        return socketUrl(`/api/on/chat-rooms/${roomId}/ws?ticket=${encodeURIComponent(ticket)}`);
      },
      isFinalError: isFinalTicketError,
      opponentId,
      onUnsent: (id) => markMessageDeleted(client, roomId, id),
      onMessage: (message) => {
        addMessages(client, roomId, [message]);
        patchRoom(client, roomId, (r) => ({
          ...r,
          lastMessage: messageText(message),
          lastMessageAt: message.sentAt,
          messageCount: Math.max(r.messageCount, message.id),
        }));
      },
      // Messages that arrived while we were away: fetch the latest page and merge by id.
      onResume: () => {
        fetchMessages(roomId)
          .then((page) => addMessages(client, roomId, page))
          .catch((err: unknown) => console.error('chat catch-up failed', err));
      },
      onClosed: (reason) => {
        calls?.current?.onClosed();
        patchRoom(client, roomId, (r) => ({ ...r, closedReason: r.closedReason ?? reason }));
      },
      onCall: (frame) => calls?.current?.onCall(frame),
      onReady: () => calls?.current?.onReady(),
    });
    setRoomClient(next);
    next.start();
    // The browser knows about a lost network long before a heartbeat would: drop the socket at
    // once (messages typed meanwhile wait in the outbox) and reconnect as soon as it is back.
    const online = () => next.reconnectNow();
    const offline = () => next.connectionLost();
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      next.stop();
    };
  }, [client, roomId, opponentId, calls]);

  const snapshot = useSyncExternalStore(roomClient?.subscribe ?? noop, roomClient?.getSnapshot ?? (() => idle));
  return { snapshot, roomClient };
}

/** The last messages of a room as report samples (docs/product-spec.md §9: the last 10). */
export function messageSamples(
  data: RoomMessages | undefined,
  opponentId: number,
  count: number,
): { from: 'me' | 'other'; text: string; time: string }[] {
  return (data?.messages ?? []).slice(-count).map((m) => ({
    from: m.senderId === opponentId ? 'other' : 'me',
    text: messageText(m),
    time: m.sentAt,
  }));
}
