// The member's live channel (MemberChannel socket, docs/chat.md "Live channel") for the whole
// signed-in app: one socket opened by the member frame. The bell's unread count follows its
// `notification` frames; pages (the chat page's badges) listen to the same socket through
// `listenLive` instead of opening their own.
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { LiveServerFrame } from '@contract/chat';
import { fetchLiveTicket } from '../api/chat';
import { notificationKeys, setUnreadCount } from '../api/notifications';
import { ReconnectingSocket, socketToken, socketUrl, tokenTarget } from '../lib/chat-socket';
import { whenIdle } from '../lib/idle';

type FrameListener = (frame: LiveServerFrame) => void;
type ReopenListener = () => void;

/** Fans one socket's frames (and "back after a gap") out to whoever listens. */
export class LiveHub {
  private readonly frames = new Set<FrameListener>();
  private readonly reopens = new Set<ReopenListener>();

  listen(onFrame: FrameListener, onReopen?: ReopenListener): () => void {
    this.frames.add(onFrame);
    if (onReopen) this.reopens.add(onReopen);
    return () => {
      this.frames.delete(onFrame);
      if (onReopen) this.reopens.delete(onReopen);
    };
  }

  emit(frame: LiveServerFrame): void {
    for (const listener of this.frames) listener(frame);
  }

  reopened(): void {
    for (const listener of this.reopens) listener();
  }
}

/**
 * Opens the member's live socket and keeps it open (reconnecting, following online/offline)
 * until the returned stop is called. `onReopen` runs when it is back after a gap.
 */
export function openLiveSocket(onFrame: FrameListener, onReopen: ReopenListener): () => void {
  let opened = 0;
  const socket = new ReconnectingSocket<LiveServerFrame>({
    // The access token as a subprotocol (no ticket call); a ticket when it is near its expiry or
    // was just refused, so the API client can refresh it or report a ban.
    url: async ({ tokenRefused }) => {
      const token = tokenRefused ? null : socketToken();
      if (token) return tokenTarget('/api/on/chat-live/ws', token);
      const { ticket } = await fetchLiveTicket();
      return socketUrl(`/api/on/chat-live/ws?ticket=${encodeURIComponent(ticket)}`);
    },
    onFrame,
    onState: (state) => {
      if (state !== 'open') return;
      opened += 1;
      if (opened > 1) onReopen();
    },
  });
  socket.start();
  const online = () => socket.reconnectNow();
  const offline = () => socket.connectionLost();
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    socket.stop();
  };
}

const LiveChannelContext = createContext<LiveHub | null>(null);

export const useLiveHub = () => useContext(LiveChannelContext);

/**
 * Listens to the app-wide channel, or (rendered without the provider, as in a page's own test)
 * opens a socket of its own. Returns the stop.
 */
export function listenLive(hub: LiveHub | null, onFrame: FrameListener, onReopen: ReopenListener): () => void {
  return hub ? hub.listen(onFrame, onReopen) : openLiveSocket(onFrame, onReopen);
}

export function LiveChannelProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [hub] = useState(() => new LiveHub());

  // Opened once the first screen is done (the main thread idle): the socket and its ticket call do not
  // compete with the page's first render and data.
  useEffect(() => {
    let stop: (() => void) | undefined;
    const cancel = whenIdle(() => {
      stop = openLiveSocket(
        (frame) => {
          if (frame.type === 'notification') {
            const before = client.getQueryData<{ count: number }>(notificationKeys.unread)?.count;
            setUnreadCount(client, frame.unread);
            // Something new arrived: an open list shows it (a read elsewhere only lowers the count).
            if (before === undefined || frame.unread > before) {
              void client.invalidateQueries({ queryKey: notificationKeys.list });
            }
          }
          hub.emit(frame);
        },
        () => {
          // Back after a gap: whatever changed meanwhile comes from the server.
          void client.invalidateQueries({ queryKey: notificationKeys.unread });
          void client.invalidateQueries({ queryKey: notificationKeys.list });
          hub.reopened();
        },
      );
    });
    return () => {
      cancel();
      stop?.();
    };
  }, [client, hub]);

  return <LiveChannelContext.Provider value={hub}>{children}</LiveChannelContext.Provider>;
}
