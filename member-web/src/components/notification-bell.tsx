// The bell in the member navigation: opens /notifications; the badge is the unread count, kept
// live by the member's channel (components/live-channel.tsx).
import '../styles/notifications.css';
import { NavLink } from 'react-router-dom';
import { useUnreadNotifications } from '../api/notifications';
import { notificationsKo } from '../i18n/ko-notifications';
import { Icon, type IconProps } from './icons';

export const BellIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </Icon>
);

export function NotificationBell() {
  const unread = useUnreadNotifications().data?.count ?? 0;
  const t = notificationsKo;
  return (
    <NavLink
      to="/notifications"
      className={({ isActive }) => `icon-btn notif-bell site-header__bell${isActive ? ' is-active' : ''}`}
      aria-label={t.bell(unread)}
    >
      <BellIcon size={22} />
      {unread > 0 ? (
        <span className="notif-bell__badge" aria-hidden="true">
          {t.bellBadge(unread)}
        </span>
      ) : null}
    </NavLink>
  );
}
