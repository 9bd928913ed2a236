// The header's 매칭 drop-down on Radix (focus, arrow keys, Escape). Loaded only when someone reaches
// for it (site-header.tsx), so Radix's menu and floating-ui stay out of every member page's first load.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { ko } from '../i18n/ko';
import { ChevronDownIcon } from './icons';

interface MatchingMenuProps {
  /** Open at once: it was asked for (click, Enter, ↓) while this module was loading. */
  defaultOpen?: boolean;
  /** The stand-in trigger had focus: keep it on the real one. */
  focusTrigger?: boolean;
}

export function MatchingDropdown({ defaultOpen = false, focusTrigger = false }: MatchingMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger && !defaultOpen) trigger.current?.focus();
  }, [focusTrigger, defaultOpen]);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger ref={trigger} className="site-nav__link site-nav__trigger">
        {ko.nav.matching}
        <ChevronDownIcon size={16} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" sideOffset={8} align="start">
          <DropdownMenu.Item asChild className="menu__item">
            <Link to="/random/matching">{ko.nav.randomMatching}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="menu__item">
            <Link to="/location/matching">{ko.nav.locationMatching}</Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
