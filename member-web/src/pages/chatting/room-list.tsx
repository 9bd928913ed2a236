// 채팅 tab: rooms newest conversation first, with avatar (opens the profile), name, unread badge
// and the last message cut to 5 characters.
import type { ChatRoomItem } from '@contract/chat';
import { ko } from '../../i18n/ko';
import { previewOf } from '../../lib/chat-text';
import { ChatAvatar } from './chat-avatar';

export function RoomList(props: {
  rooms: ChatRoomItem[];
  selectedId: number | null;
  onSelect: (room: ChatRoomItem) => void;
  onAvatar: (room: ChatRoomItem) => void;
}) {
  const t = ko.chat;
  if (props.rooms.length === 0) return <p className="chat-empty">{t.emptyRooms}</p>;
  return (
    <ul className="room-list" aria-label={t.roomsLabel}>
      {props.rooms.map((room) => {
        const selected = room.chatRoomId === props.selectedId;
        const preview = room.lastMessage ? previewOf(room.lastMessage) : t.noMessagesYet;
        return (
          <li key={room.chatRoomId} className={`room-item${selected ? ' room-item--selected' : ''}`}>
            <button
              type="button"
              className="room-item__avatar"
              aria-label={t.avatarLabel(room.opponentNickname)}
              onClick={() => props.onAvatar(room)}
            >
              <ChatAvatar url={room.opponentProfileImageUrl} />
            </button>
            <button
              type="button"
              className="room-item__open"
              aria-current={selected ? 'true' : undefined}
              onClick={() => props.onSelect(room)}
            >
              {/* Named by its content, starting with the visible name (WCAG 2.5.3), then badge and preview. */}
              <span className="room-item__top">
                <span className="room-item__name">
                  <span aria-hidden="true">{room.opponentNickname}</span>
                  <span className="visually-hidden">{t.openRoom(room.opponentNickname)}</span>
                </span>
                {room.unreadMessageCount > 0 ? (
                  <span className="unread-badge" aria-label={t.unread(room.unreadMessageCount)} role="status">
                    {room.unreadMessageCount > 99 ? '99+' : room.unreadMessageCount}
                  </span>
                ) : null}
              </span>
              <span className="room-item__preview">
                {room.closedReason ? <span className="room-item__ended">{t.closedShort}</span> : null}
                {preview}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
