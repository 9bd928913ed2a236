// The room header's ⋮ menu (docs/chat.md "The page (`/chatting`)"): 신고하기, 차단하기, 데이트 공유 (docs/privacy.md) and 나가기, as members know it from
// other chat apps. Each opens the same confirmation or form as before.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreIcon } from '../../components/member-actions/member-menu';
import { ko } from '../../i18n/ko';

export function ChatRoomMenu(props: {
  /** 신고/차단 need a member to name (not for one who left the service). */
  canReport: boolean;
  /** 나가기 only while the room is open. */
  canLeave: boolean;
  onReport: () => void;
  onBlock: () => void;
  onLeave: () => void;
  /** 데이트 공유 (docs/privacy.md): only while the room is open. */
  onShareDate?: () => void;
}) {
  const t = ko.chat.menu;
  if (!props.canReport && !props.canLeave) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="icon-button chat-room__menu" aria-label={t.label}>
        <MoreIcon size={22} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu chat-room-menu" sideOffset={6} align="end">
          {props.canReport ? (
            <>
              <DropdownMenu.Item className="menu__item" onSelect={props.onReport}>
                {t.report}
              </DropdownMenu.Item>
              <DropdownMenu.Item className="menu__item" onSelect={props.onBlock}>
                {t.block}
              </DropdownMenu.Item>
            </>
          ) : null}
          {props.canLeave && props.onShareDate ? (
            <DropdownMenu.Item className="menu__item" onSelect={props.onShareDate}>
              {ko.privacy.dialog.menu}
            </DropdownMenu.Item>
          ) : null}
          {props.canLeave ? (
            <DropdownMenu.Item className="menu__item menu__item--danger" onSelect={props.onLeave}>
              {t.leave}
            </DropdownMenu.Item>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
