// '/chatting' (docs/product-spec.md §2 Chat): sidebar with 채팅 / 요청 tabs, the selected room in the main area,
// live badges and requests for every room through the member's channel.
import '../../styles/chat.css';
import * as Tabs from '@radix-ui/react-tabs';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { LIMITS } from '@contract/limits';
import type { ChatMessage, ChatRoomItem, PendingRequestItem } from '@contract/chat';
import type { ReportReason } from '@contract/enums';
import { receiverWarnedKinds } from '@contract/safety/chat';
import { quoteLine } from '@contract/text';
import {
  chatKeys,
  latestPageKeepingLive,
  useAcceptRequest,
  useChatRooms,
  useMarkRead,
  usePendingRequests,
  useRejectRequest,
  type RoomMessages,
} from '../../api/chat';
import type { ChatRequest } from '../../api/request-id';
import { MemberSafetyDialogs, type SafetyAction } from '../../components/member-actions/member-safety-dialogs';
import { ProfileModal } from '../../components/profile-modal/profile-modal';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { useMediaQuery } from '../../lib/use-media-query';
import { ChatRoomView } from './chat-room-view';
import { RequestList } from './request-list';
import { RoomList } from './room-list';
import { messageSamples } from './use-room-connection';
import { useLiveChannel } from './use-live-channel';
import { showChatRefusal } from '../../lib/chat-refusals';

type SidebarTab = 'chat' | 'requests';

/** Below this the list and a room are separate full-screen views (chat.css uses the same width). */
export const CHAT_PHONE_QUERY = '(max-width: 859px)';

export function ChattingPage() {
  const t = ko.chat;
  const client = useQueryClient();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const phone = useMediaQuery(CHAT_PHONE_QUERY);
  // /chatting/{chatRoomId} (a shared link opens the room); the old ?room= still works.
  const routeId = useParams().chatRoomId;
  const legacyId = params.get('room');
  const selectedId = Number(routeId) || Number(legacyId) || null;
  useEffect(() => {
    if (legacyId && !routeId) void navigate(`/chatting/${Number(legacyId) || ''}`, { replace: true });
  }, [legacyId, routeId, navigate]);
  // `?tab=requests` (the 채팅 요청 notification's link) opens on the 요청 tab.
  const [tab, setTab] = useState<SidebarTab>(() => (params.get('tab') === 'requests' ? 'requests' : 'chat'));
  // The link can also arrive while the page is open (the notification bell).
  const wantsRequests = params.get('tab') === 'requests';
  useEffect(() => {
    if (wantsRequests) setTab('requests');
  }, [wantsRequests]);
  const [profileOf, setProfileOf] = useState<ChatRoomItem | null>(null);
  // The room menu's 신고하기 / 차단하기, for the open room.
  /** 신고하기 / 차단하기 for a room; `message`: opened from that message (a safety notice, a blurred photo). */
  const [safety, setSafety] = useState<{ action: SafetyAction; room: ChatRoomItem; message?: ChatMessage } | null>(
    null,
  );
  const [busyRequest, setBusyRequest] = useState<number | null>(null);
  const rooms = useChatRooms();
  const pending = usePendingRequests();
  const accept = useAcceptRequest();
  const reject = useRejectRequest();
  const { mutate: markRead } = useMarkRead();
  useLiveChannel(selectedId, markRead);

  const roomList = rooms.data ?? [];
  const requests = pending.data ?? [];
  const selected = roomList.find((r) => r.chatRoomId === selectedId) ?? null;
  const unreadTotal = roomList.reduce((n, r) => n + r.unreadMessageCount, 0);

  // Opening a room is a step in history: the back button (and the browser's) returns to the list.
  const select = useCallback(
    (roomId: number) => void navigate(`/chatting/${roomId}`, { state: { fromList: true } }),
    [navigate],
  );
  const clearSelection = useCallback(() => void navigate('/chatting', { replace: true }), [navigate]);
  const fromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  const back = useCallback(() => {
    if (fromList) void navigate(-1);
    else void navigate('/chatting', { replace: true });
  }, [fromList, navigate]);
  const notFound = selectedId !== null && rooms.isSuccess && !selected;

  const openProfile = (room: ChatRoomItem) => {
    setProfileOf(room);
    // Report samples come from the room's messages: have them ready even for a room not open.
    void client.prefetchQuery({
      queryKey: chatKeys.messages(room.chatRoomId),
      queryFn: () => latestPageKeepingLive(client, room.chatRoomId),
    });
  };

  const onAccept = (request: ChatRequest) => {
    setBusyRequest(request.requestId);
    accept.mutate(request.requestId, {
      onSuccess: (room) => {
        showToast(t.accepted, 'success');
        setTab('chat');
        void navigate(`/chatting/${room.chatRoomId}`, { state: { fromList: true }, replace: !phone });
      },
      onError: (err) => {
        // A refusal the member can act on (a new account's daily room cap says why and until when)
        // is shown; anything else is logged.
        if (!showChatRefusal(err, null)) console.error('accepting the chat request failed', err);
        void client.invalidateQueries({ queryKey: chatKeys.pending });
      },
      onSettled: () => setBusyRequest(null),
    });
  };

  const onReject = (request: ChatRequest) => {
    setBusyRequest(request.requestId);
    reject.mutate(request.requestId, {
      onSuccess: () => showToast(t.rejected, 'info'),
      onError: (err) => {
        console.error('rejecting the chat request failed', err);
        void client.invalidateQueries({ queryKey: chatKeys.pending });
      },
      onSettled: () => setBusyRequest(null),
    });
  };

  /** The room's last messages as report samples; from a message, the ones up to it (it is the last). */
  const samplesOf = (room: ChatRoomItem | null | undefined, upToId?: number) => () => {
    if (!room) return [];
    const data = client.getQueryData<RoomMessages>(chatKeys.messages(room.chatRoomId));
    const upTo =
      data && upToId !== undefined ? { ...data, messages: data.messages.filter((m) => m.id <= upToId) } : data;
    return messageSamples(upTo, room.opponentMemberId, LIMITS.reportMessageSamples);
  };
  const samples = samplesOf(profileOf);

  return (
    <div className={`page chatting${selectedId !== null ? ' chatting--room-open' : ''}`}>
      <div className="chatting__layout">
        <aside className="chatting__sidebar">
          <h1 className="chatting__title">{t.title}</h1>
          <Tabs.Root value={tab} onValueChange={(v) => setTab(v === 'requests' ? 'requests' : 'chat')}>
            <Tabs.List className="chatting__tabs" aria-label={t.tabsLabel}>
              <Tabs.Trigger value="chat" className="chatting__tab">
                {t.tabs.chat}
                {unreadTotal > 0 ? (
                  <span className="tab-count">
                    <span aria-hidden="true">{unreadTotal}</span>
                    <span className="visually-hidden">{t.unread(unreadTotal)}</span>
                  </span>
                ) : null}
              </Tabs.Trigger>
              <Tabs.Trigger value="requests" className="chatting__tab">
                {t.tabs.requests}
                {requests.length > 0 ? (
                  <span className="tab-count">
                    <span aria-hidden="true">{requests.length}</span>
                    <span className="visually-hidden">{t.pendingCount(requests.length)}</span>
                  </span>
                ) : null}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="chat" className="chatting__panel">
              {rooms.isPending ? (
                <p className="chat-empty">{t.loading}</p>
              ) : (
                <RoomList
                  rooms={roomList}
                  selectedId={selectedId}
                  onSelect={(r) => select(r.chatRoomId)}
                  onAvatar={openProfile}
                />
              )}
            </Tabs.Content>
            <Tabs.Content value="requests" className="chatting__panel">
              {pending.isPending ? (
                <p className="chat-empty">{t.loading}</p>
              ) : (
                <RequestList requests={requests} busyId={busyRequest} onAccept={onAccept} onReject={onReject} />
              )}
            </Tabs.Content>
          </Tabs.Root>
        </aside>
        <div className="chatting__main">
          {selected ? (
            <ChatRoomView
              key={selected.chatRoomId}
              room={selected}
              onAvatar={() => openProfile(selected)}
              onGone={clearSelection}
              fullScreen={phone}
              onBack={phone ? back : undefined}
              onReport={(message) => setSafety({ action: 'report', room: selected, message })}
              onBlock={() => setSafety({ action: 'block', room: selected })}
            />
          ) : notFound ? (
            <div className={`chat-missing${phone ? ' chat-missing--full' : ''}`}>
              {phone ? (
                <h1 className="chat-missing__title">{t.roomNotFoundTitle}</h1>
              ) : (
                <h2 className="chat-missing__title">{t.roomNotFoundTitle}</h2>
              )}
              <p>{t.roomNotFoundBody}</p>
              <Link className="btn btn--primary" to="/chatting" replace>
                {t.toList}
              </Link>
            </div>
          ) : (
            <p className="chatting__placeholder">{t.placeholder}</p>
          )}
        </div>
      </div>
      <ProfileModal
        memberId={profileOf?.opponentWithdrawn ? null : (profileOf?.opponentMemberId ?? null)}
        open={profileOf !== null}
        onOpenChange={(open) => {
          if (!open) setProfileOf(null);
        }}
        chatRoomId={profileOf?.chatRoomId}
        getMessageSamples={samples}
        onBlocked={() => void client.invalidateQueries({ queryKey: chatKeys.rooms })}
      />
      <MemberSafetyDialogs
        open={
          safety
            ? {
                action: safety.action,
                target: {
                  memberId: safety.room.opponentMemberId,
                  name: safety.room.opponentNickname,
                  imageUrl: safety.room.opponentProfileImageUrl,
                },
              }
            : null
        }
        onClose={() => setSafety(null)}
        chatRoomId={safety?.room.chatRoomId}
        getMessageSamples={samplesOf(safety?.room, safety?.message?.id)}
        reportPrefill={safety?.message ? reportPrefillOf(safety.message) : undefined}
        onBlocked={() => void client.invalidateQueries({ queryKey: chatKeys.rooms })}
      />
    </div>
  );
}

/** The report form opened from a message: a photo is 부적절한 내용, a warned text 사기, quoted. */
function reportPrefillOf(m: ChatMessage): { reasonType?: ReportReason; content: string } {
  const s = ko.chatSafety;
  if (m.imageUrl) return { reasonType: 'INAPPROPRIATE', content: s.reportPhotoPrefill };
  const scam = receiverWarnedKinds(m.safety?.kinds ?? []).length > 0;
  return { ...(scam ? { reasonType: 'FRAUD' as const } : {}), content: s.reportPrefill(quoteLine(m.content, 100)) };
}
