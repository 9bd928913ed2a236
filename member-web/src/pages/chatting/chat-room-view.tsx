// The selected room: header (avatar opens the profile, leave), connection state, the
// conversation and the composer. A closed room says so and disables the input.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CHAT_LIMITS, type ChatRoomItem } from '@contract/chat';
import { addMessages, dropRoom, fetchMessages, useLeaveRoom, useMarkRead, useRoomMessages } from '../../api/chat';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { ChatAvatar } from './chat-avatar';
import { Composer } from './composer';
import { ConnectionNotice } from './connection-notice';
import { MessageList } from './message-list';
import { useBrowserOnline } from './use-browser-online';
import { useRoomConnection } from './use-room-connection';

export function ChatRoomView(props: { room: ChatRoomItem; onAvatar: () => void; onGone: () => void }) {
  const { room, onGone } = props;
  const t = ko.chat;
  const client = useQueryClient();
  const roomId = room.chatRoomId;
  const history = useRoomMessages(roomId);
  const { snapshot, roomClient } = useRoomConnection(room);
  const online = useBrowserOnline();
  const markRead = useMarkRead();
  const leave = useLeaveRoom();
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [asking, setAsking] = useState(false);
  const closedReason = room.closedReason ?? snapshot.closedReason;

  // Opening a room marks it read (spec §4).
  const { mutate: markReadNow } = markRead;
  useEffect(() => {
    markReadNow(roomId);
  }, [roomId, markReadNow]);

  // Spec §8: a room whose messages fail to load is only logged, and dropped from the list.
  useEffect(() => {
    if (!history.isError) return;
    console.error('chat messages failed to load', history.error);
    dropRoom(client, roomId);
    onGone();
  }, [history.isError, history.error, client, roomId, onGone]);

  const loadOlder = () => {
    const first = history.data?.messages[0];
    if (!first || loadingOlder) return;
    setLoadingOlder(true);
    fetchMessages(roomId, first.id)
      .then((page) => addMessages(client, roomId, page, page.length >= CHAT_LIMITS.historyPageDefault))
      .catch((err: unknown) => console.error('older chat messages failed to load', err))
      .finally(() => setLoadingOlder(false));
  };

  const confirmLeave = async () => {
    try {
      await leave.mutateAsync(roomId);
      showToast(t.left, 'success');
      onGone();
    } catch (err) {
      console.error('leaving the room failed', err);
      showToast(t.leaveFailed, 'error');
      throw err;
    }
  };

  return (
    <section className="chat-room" aria-label={t.conversationWith(room.opponentNickname)}>
      <header className="chat-room__header">
        <button
          type="button"
          className="chat-room__avatar"
          aria-label={t.avatarLabel(room.opponentNickname)}
          onClick={props.onAvatar}
        >
          <ChatAvatar url={room.opponentProfileImageUrl} size={40} />
        </button>
        <h2 className="chat-room__name">{room.opponentNickname}</h2>
        {closedReason ? null : (
          <button type="button" className="btn btn--ghost btn--small chat-room__leave" onClick={() => setAsking(true)}>
            {t.leave}
          </button>
        )}
      </header>
      {closedReason ? null : (
        <ConnectionNotice
          state={snapshot.state}
          retryInMs={snapshot.retryInMs}
          offline={!online}
          onRetry={() => roomClient?.reconnectNow()}
        />
      )}
      {history.isPending ? (
        <p className="chat-room__loading">{t.loading}</p>
      ) : (
        <MessageList
          label={t.conversationWith(room.opponentNickname)}
          messages={history.data?.messages ?? []}
          opponentId={room.opponentMemberId}
          outbox={snapshot.outbox}
          offline={!online || snapshot.state !== 'open'}
          hasOlder={history.data?.hasOlder ?? false}
          loadingOlder={loadingOlder}
          onLoadOlder={loadOlder}
          onRetry={(id) => roomClient?.retry(id)}
          onDiscard={(id) => roomClient?.discard(id)}
          emptyHint={t.firstMessageHint(room.opponentNickname)}
        />
      )}
      {closedReason ? (
        <div className="chat-room__closed" role="status">
          <strong>{t.closed[closedReason]}</strong> {t.closedNote}
        </div>
      ) : null}
      <Composer disabled={closedReason !== null} onSend={(text) => roomClient?.send(text) ?? false} />
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t.leaveTitle}
        description={t.leaveBody}
        confirmLabel={t.leaveConfirm}
        onConfirm={confirmLeave}
      />
    </section>
  );
}
