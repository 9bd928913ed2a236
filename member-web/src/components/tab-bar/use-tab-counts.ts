// The tab bar's two counts: unread chat messages (the room list's sum, refreshed when the live
// channel says a room changed, unless the chat page is open and keeps the list itself) and hearts
// not seen yet (the same query as my page's badge).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { chatKeys, useChatRooms } from '../../api/chat';
import { useUnseenHearts } from '../../api/profile-details';
import { listenLive, useLiveHub } from '../live-channel';

/** Unread messages over every room. */
export const unreadTotal = (rooms: readonly { unreadMessageCount: number }[] | undefined) =>
  (rooms ?? []).reduce((n, r) => n + Math.max(0, r.unreadMessageCount), 0);

export function useTabCounts(enabled: boolean) {
  const client = useQueryClient();
  const hub = useLiveHub();
  const { pathname } = useLocation();
  const onChatPage = useRef(false);
  onChatPage.current = pathname.startsWith('/chatting');
  const rooms = useChatRooms(enabled);
  const hearts = useUnseenHearts(enabled);

  useEffect(() => {
    if (!enabled || !hub) return undefined;
    const refresh = () => {
      if (!onChatPage.current) void client.invalidateQueries({ queryKey: chatKeys.rooms });
    };
    return listenLive(
      hub,
      (frame) => {
        if (
          frame.type === 'room' ||
          frame.type === 'read' ||
          frame.type === 'room-opened' ||
          frame.type === 'room-closed'
        )
          refresh();
      },
      refresh,
    );
  }, [enabled, hub, client]);

  return { chat: unreadTotal(rooms.data), hearts: hearts.data ?? 0 };
}
