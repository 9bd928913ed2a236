// The phone's bottom tab bar, as the apps members know: 홈, 추천, 채팅 (unread
// messages), 받은 마음 (hearts not seen yet), 마이. Under 768 px only; an open chat room is its own
// full screen and hides it.
import './tab-bar.css';
import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { useMediaQuery } from '../../lib/use-media-query';
import { ChatIcon, HeartIcon, Icon, SparkleIcon, UserIcon, type IconProps } from '../icons';
import { useTabCounts } from './use-tab-counts';

export const TAB_BAR_QUERY = '(max-width: 767px)';

const HomeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V21h14V9.5" />
  </Icon>
);

function Tab(props: {
  to: string;
  icon: ReactNode;
  label: string;
  count?: number;
  countLabel?: string;
  end?: boolean;
}) {
  const t = ko.tabBar;
  const n = props.count ?? 0;
  return (
    <li>
      <NavLink
        to={props.to}
        end={props.end}
        className={({ isActive }) => `tab-bar__link${isActive ? ' is-active' : ''}`}
      >
        <span className="tab-bar__icon">
          {props.icon}
          {n > 0 ? (
            <span className="tab-bar__badge" aria-hidden="true">
              {t.badge(n)}
            </span>
          ) : null}
        </span>
        <span className="tab-bar__label">{props.label}</span>
        {n > 0 && props.countLabel ? <span className="visually-hidden">, {props.countLabel}</span> : null}
      </NavLink>
    </li>
  );
}

export function TabBar() {
  const phone = useMediaQuery(TAB_BAR_QUERY);
  const { pathname } = useLocation();
  const inRoom = /^\/chatting\/\d+/.test(pathname);
  const counts = useTabCounts(phone);
  if (!phone || inRoom) return null;
  const t = ko.tabBar;
  return (
    <nav className="tab-bar" aria-label={t.label}>
      <ul className="tab-bar__list">
        <Tab to="/main" icon={<HomeIcon size={22} />} label={t.home} end />
        <Tab to="/random/matching" icon={<SparkleIcon size={22} />} label={t.recommend} />
        <Tab
          to="/chatting"
          icon={<ChatIcon size={22} />}
          label={t.chat}
          count={counts.chat}
          countLabel={t.chatUnread(counts.chat)}
        />
        <Tab
          to="/received"
          icon={<HeartIcon size={22} />}
          label={t.received}
          count={counts.hearts}
          countLabel={t.receivedUnseen(counts.hearts)}
        />
        <Tab to="/mypage" icon={<UserIcon size={22} />} label={t.my} />
      </ul>
    </nav>
  );
}
