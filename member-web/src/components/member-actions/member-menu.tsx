// A ⋮ menu with 신고하기 and 차단하기 for another member's post or comment, using
// the profile modal's report form and block flow.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { ko } from '../../i18n/ko';
import { MemberSafetyDialogs, type SafetyAction, type SafetyTarget } from './member-safety-dialogs';

export const MoreIcon = ({ size = 20 }: { size?: number }) => (
  <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" fill="currentColor">
    <circle cx="12" cy="5" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="12" cy="19" r="2" />
  </svg>
);

export function MemberMenu(props: { target: SafetyTarget; label: string; onBlocked?: (memberId: number) => void }) {
  const [open, setOpen] = useState<SafetyAction | null>(null);
  const t = ko.profile.actions;
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="icon-btn member-menu__trigger" aria-label={props.label}>
          <MoreIcon />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu member-menu" sideOffset={4} align="end">
            <DropdownMenu.Item className="menu__item" onSelect={() => setOpen('report')}>
              {t.report}
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu__item" onSelect={() => setOpen('block')}>
              {t.block}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <MemberSafetyDialogs
        open={open ? { action: open, target: props.target } : null}
        onClose={() => setOpen(null)}
        onBlocked={props.onBlocked}
      />
    </>
  );
}
