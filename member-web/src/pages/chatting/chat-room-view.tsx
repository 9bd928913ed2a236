// The selected room: header (avatar opens the profile, leave), connection state, the
// conversation and the composer. A closed room says so and disables the input.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CHAT_LIMITS, mayWrapUp, replyRefOf, type ChatMessage, type ChatRoomItem } from '@contract/chat';
import { safetyNoticesOf } from '@contract/safety/chat';
import { ApiError } from '../../api/client';
import { recordNudge } from '../../api/safety';
import {
  addMessages,
  dropRoom,
  fetchMessages,
  useLeaveRoom,
  useMarkRead,
  useRoomMessages,
  useWrapUpRoom,
} from '../../api/chat';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { markMessageDeleted, unsendMessage } from '../../lib/chat-actions';
import { useVisualViewportBox } from '../../lib/chat-viewport';
import { ChatAvatar } from './chat-avatar';
import { ChatRoomMenu } from './chat-room-menu';
import { DateShareDialog } from './date-share-dialog';
import { Composer } from './composer';
import { ConnectionNotice } from './connection-notice';
import { MessageList } from './message-list';
import { PhotoViewer } from './photo-viewer';
import { replyLabel } from './reply-quote';
import { PHOTO_UPLOADS, VOICE_UPLOADS, useUploadOutbox } from './use-upload-outbox';
import { useBrowserOnline } from './use-browser-online';
import { useRoomConnection } from './use-room-connection';
import { VerifiedBadge } from '../../components/verified-badge';
import type { RoomClient } from '../../lib/chat-room-client';
import { CallButton, CallOverlay, useAnswerFromRing, useCallSession } from './call-screen';

const PHOTO_REFRESH_MS = 30_000;

export function ChatRoomView(props: {
  room: ChatRoomItem;
  onAvatar: () => void;
  onGone: () => void;
  /** Phones: the room is its own full-screen view with a way back to the list. */
  fullScreen?: boolean;
  onBack?: () => void;
  /**
   * The ⋮ menu's 신고하기 / 차단하기 (the page opens the form or the confirmation); also a safety
   * notice's or a blurred photo's 신고하기, with the message to prefill the report with.
   */
  onReport: (message?: ChatMessage) => void;
  onBlock: () => void;
}) {
  const { room, onGone } = props;
  const t = ko.chat;
  const client = useQueryClient();
  const roomId = room.chatRoomId;
  const history = useRoomMessages(roomId);
  // In-app calls (docs/voice.md "Calls"): signalling over this room's socket.
  const socketRef = useRef<RoomClient | null>(null);
  const calls = useCallSession(room.opponentMemberId, {
    sendCall: (frame) => socketRef.current?.sendCall(frame) ?? false,
  });
  const { snapshot, roomClient } = useRoomConnection(room, calls.handlers);
  socketRef.current = roomClient;
  useAnswerFromRing(roomId, calls.session, calls.snap);
  const online = useBrowserOnline();
  const markRead = useMarkRead();
  const leave = useLeaveRoom();
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [asking, setAsking] = useState(false);
  const wrapUp = useWrapUpRoom();
  const [wrappingUp, setWrappingUp] = useState(false);
  const [sharing, setSharing] = useState(false);
  /** 답장: the message the composer quotes (its current copy in the list: unsent reads neutral). */
  const [replyingTo, setReplyingTo] = useState<ChatMessage | null>(null);
  const closedReason = room.closedReason ?? snapshot.closedReason;
  const section = useRef<HTMLElement>(null);
  useVisualViewportBox(section, props.fullScreen === true);
  const photos = useUploadOutbox(roomId, PHOTO_UPLOADS);
  const voices = useUploadOutbox(roomId, VOICE_UPLOADS);
  const [unsending, setUnsending] = useState<ChatMessage | null>(null);
  const [viewing, setViewing] = useState<ChatMessage | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const messages = history.data?.messages ?? [];
  // 대화 마무리하기 once the room has been silent for 14 days (the server checks it again).
  const newest = messages.at(-1)?.sentAt ?? null;
  const lastMessageAt = newest && (!room.lastMessageAt || newest > room.lastMessageAt) ? newest : room.lastMessageAt;
  const quiet = !closedReason && !history.isPending && mayWrapUp({ lastMessageAt, createdAt: room.createdAt }, now);
  const replyTarget = replyingTo ? (messages.find((m) => m.id === replyingTo.id) ?? replyingTo) : null;
  const replyQuote = replyTarget && !closedReason ? replyRefOf(replyTarget) : null;
  // The receiver's notices (contract/safety/chat.ts): first message of each warned kind, first days.
  const safetyNotices = useMemo(
    () => safetyNoticesOf(messages, room.opponentMemberId, room.createdAt),
    [messages, room.opponentMemberId, room.createdAt],
  );

  // The five-minute unsend window closes while the room is open.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);

  // Read receipts: tell the room what I have seen whenever new messages of theirs show while the
  // page is visible (RoomClient sends only forward moves, one frame per new mark).
  const lastTheirs = messages.reduce((id, m) => (m.senderId === room.opponentMemberId ? m.id : id), 0);
  const connected = snapshot.state === 'open';
  useEffect(() => {
    if (!roomClient || !connected || lastTheirs === 0) return;
    const report = () => {
      if (document.visibilityState === 'visible') roomClient.markRead(lastTheirs);
    };
    report();
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  }, [roomClient, connected, lastTheirs]);

  // Photo and voice links expire: one that fails to load asks for the latest page (fresh links), at most
  // once per PHOTO_REFRESH_MS.
  const lastRefresh = useRef(0);
  const refreshLinks = useCallback(() => {
    if (Date.now() - lastRefresh.current < PHOTO_REFRESH_MS) return;
    lastRefresh.current = Date.now();
    fetchMessages(roomId)
      .then((page) => addMessages(client, roomId, page))
      .catch((err: unknown) => console.error('refreshing chat photo links failed', err));
  }, [client, roomId]);

  const confirmUnsend = async () => {
    if (!unsending) return;
    try {
      await unsendMessage(roomId, unsending.id);
      markMessageDeleted(client, roomId, unsending.id);
      showToast(t.unsendDone, 'success');
    } catch (err) {
      console.error('unsending the message failed', err);
      const expired = err instanceof ApiError && err.status === 409;
      showToast(expired ? t.unsendExpired : t.unsendFailed, 'error');
    }
  };

  // Opening a room marks it read (docs/product-spec.md §4).
  const { mutate: markReadNow } = markRead;
  useEffect(() => {
    markReadNow(roomId);
  }, [roomId, markReadNow]);

  // docs/product-spec.md §8: a room whose messages fail to load is only logged, and dropped from the list.
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

  const confirmWrapUp = async () => {
    try {
      await wrapUp.mutateAsync(roomId);
      showToast(t.wrapUp.done, 'success');
    } catch (err) {
      console.error('wrapping up the room failed', err);
      showToast(t.wrapUp.failed, 'error');
      throw err;
    }
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
    <section
      ref={section}
      className={`chat-room${props.fullScreen ? ' chat-room--full' : ''}`}
      aria-label={t.conversationWith(room.opponentNickname)}
      data-connection={snapshot.state}
    >
      <header className="chat-room__header">
        {props.onBack ? (
          <button type="button" className="icon-button chat-room__back" aria-label={t.back} onClick={props.onBack}>
            <span aria-hidden="true">‹</span>
          </button>
        ) : null}
        <button
          type="button"
          className="chat-room__avatar"
          aria-label={t.avatarLabel(room.opponentNickname)}
          onClick={props.onAvatar}
        >
          <ChatAvatar url={room.opponentProfileImageUrl} size={40} />
        </button>
        {/* Full screen the room is the page: its heading is the page's one h1. */}
        {props.fullScreen ? (
          <h1 className="chat-room__name">
            {room.opponentNickname}
            <VerifiedBadge verified={room.verified} />
          </h1>
        ) : (
          <h2 className="chat-room__name">
            {room.opponentNickname}
            <VerifiedBadge verified={room.verified} />
          </h2>
        )}
        <CallButton
          disabled={closedReason !== null || room.opponentWithdrawn === true}
          busy={calls.snap.phase !== 'idle' || snapshot.state !== 'open'}
          onCall={(kind) => void calls.session.start(kind)}
        />
        <ChatRoomMenu
          canReport={!room.opponentWithdrawn}
          canLeave={!closedReason}
          onReport={() => props.onReport()}
          onBlock={props.onBlock}
          onLeave={() => setAsking(true)}
          onShareDate={() => setSharing(true)}
        />
        <DateShareDialog
          open={sharing}
          onOpenChange={setSharing}
          roomId={roomId}
          opponentName={room.opponentNickname}
        />
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
          messages={messages}
          opponentId={room.opponentMemberId}
          opponentName={room.opponentNickname}
          opponentLastReadId={snapshot.opponentLastReadId ?? undefined}
          photos={photos.items}
          onRetryPhoto={photos.retry}
          onDiscardPhoto={photos.discard}
          voices={voices.items}
          onRetryVoice={voices.retry}
          onDiscardVoice={voices.discard}
          onUnsend={closedReason ? undefined : setUnsending}
          onReply={closedReason ? undefined : setReplyingTo}
          onOpenPhoto={(m) => setViewing(m)}
          onPhotoError={refreshLinks}
          now={now}
          safetyNotices={closedReason ? undefined : safetyNotices}
          onReportMessage={room.opponentWithdrawn ? undefined : (m) => props.onReport(m)}
          onBlock={props.onBlock}
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
      <p className="chat-room__typing" aria-live="polite">
        {snapshot.opponentTyping && !closedReason ? (
          <>
            <span aria-hidden="true">{t.typing}</span>
            <span className="visually-hidden">{t.typingLabel(room.opponentNickname)}</span>
          </>
        ) : null}
      </p>
      {quiet ? (
        <div className="chat-room__quiet">
          <p>{t.wrapUp.notice}</p>
          <button type="button" className="btn btn--secondary btn--small" onClick={() => setWrappingUp(true)}>
            {t.wrapUp.button}
          </button>
        </div>
      ) : null}
      {closedReason ? (
        <div className="chat-room__closed" role="status">
          <strong>{t.closed[closedReason]}</strong> {t.closedNote}
        </div>
      ) : null}
      <Composer
        disabled={closedReason !== null}
        onSend={(text) => {
          const sent = roomClient?.send(text, replyQuote ?? undefined) ?? false;
          if (sent) setReplyingTo(null);
          return sent;
        }}
        reply={
          replyQuote
            ? { quote: replyQuote, label: replyLabel(replyQuote, room.opponentMemberId, room.opponentNickname) }
            : null
        }
        onCancelReply={() => setReplyingTo(null)}
        onTyping={() => roomClient?.typing()}
        onPhoto={(file) => photos.send(file)}
        onVoice={(recording) => {
          // A voice note recorded while replying is that reply (답장), as a text would be.
          voices.send(recording, replyQuote ?? undefined);
          setReplyingTo(null);
        }}
        onNudged={(kinds, outcome) => recordNudge({ context: 'MESSAGE', kinds, outcome })}
      />
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t.leaveTitle}
        description={t.leaveBody}
        confirmLabel={t.leaveConfirm}
        onConfirm={confirmLeave}
      />
      <ConfirmDialog
        open={wrappingUp}
        onOpenChange={setWrappingUp}
        title={t.wrapUp.title}
        description={t.wrapUp.body}
        confirmLabel={t.wrapUp.confirm}
        onConfirm={confirmWrapUp}
      />
      <ConfirmDialog
        open={unsending !== null}
        onOpenChange={(open) => {
          if (!open) setUnsending(null);
        }}
        title={t.unsendTitle}
        description={t.unsendBody}
        confirmLabel={t.unsendConfirm}
        onConfirm={confirmUnsend}
      />
      <CallOverlay
        session={calls.session}
        snap={calls.snap}
        opponentName={room.opponentNickname}
        opponentPhotoUrl={room.opponentProfileImageUrl}
        onReport={room.opponentWithdrawn ? undefined : () => props.onReport()}
      />
      <PhotoViewer
        url={viewing ? (messages.find((m) => m.id === viewing.id)?.imageUrl ?? null) : null}
        alt={viewing?.senderId === room.opponentMemberId ? t.photoAlt(room.opponentNickname) : t.myPhotoAlt}
        onClose={() => setViewing(null)}
      />
    </section>
  );
}
