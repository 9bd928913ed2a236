// The member's live channel while the chat page is open: badges, last messages and requests move
// for every room, not just the selected one (docs/chat.md "Live channel"). The socket is the
// member frame's app-wide one (components/live-channel.tsx); without it the page opens its own.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { LiveServerFrame } from '@contract/chat';
import { chatKeys, patchRoom } from '../../api/chat';
import { withRequestId, type ChatRequest } from '../../api/request-id';
import { listenLive, useLiveHub } from '../../components/live-channel';

export function useLiveChannel(selectedRoomId: number | null, markRead: (roomId: number) => void) {
  const client = useQueryClient();
  const hub = useLiveHub();
  // The handler reads the latest selection without reconnecting when it changes.
  const latest = useRef({ selectedRoomId, markRead });
  latest.current = { selectedRoomId, markRead };

  useEffect(() => {
    const onFrame = (frame: LiveServerFrame) => {
      switch (frame.type) {
        case 'room': {
          const viewing = latest.current.selectedRoomId === frame.chatRoomId;
          const known = client
            .getQueryData<{ chatRoomId: number }[]>(chatKeys.rooms)
            ?.some((r) => r.chatRoomId === frame.chatRoomId);
          if (!known) {
            void client.invalidateQueries({ queryKey: chatKeys.rooms });
            return;
          }
          patchRoom(client, frame.chatRoomId, (r) =>
            frame.messageCount < r.messageCount
              ? r
              : {
                  ...r,
                  lastMessage: frame.lastMessage,
                  lastMessageAt: frame.lastMessageAt,
                  messageCount: frame.messageCount,
                  unreadMessageCount: viewing ? 0 : frame.unreadMessageCount,
                },
          );
          // Counted while our room socket was (re)connecting: we are looking at it, so it is read.
          if (viewing && frame.unreadMessageCount > 0) latest.current.markRead(frame.chatRoomId);
          return;
        }
        case 'request': {
          const request = withRequestId(frame.request);
          client.setQueryData<ChatRequest[]>(chatKeys.pending, (list) => [
            request,
            ...(list ?? []).filter((p) => p.requestId !== request.requestId),
          ]);
          return;
        }
        case 'room-opened':
        case 'room-closed':
          void client.invalidateQueries({ queryKey: chatKeys.rooms });
          return;
        case 'read':
          patchRoom(client, frame.chatRoomId, (r) => ({ ...r, unreadMessageCount: 0 }));
          return;
        case 'notification': // the bell's (components/live-channel.tsx)
        case 'pong':
          return;
      }
    };
    // Back after a gap: whatever changed meanwhile comes from the lists.
    return listenLive(hub, onFrame, () => {
      void client.invalidateQueries({ queryKey: chatKeys.rooms });
      void client.invalidateQueries({ queryKey: chatKeys.pending });
    });
  }, [client, hub]);
}
