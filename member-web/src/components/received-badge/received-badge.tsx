// The count of hearts I have not seen yet, beside the header's 받은 마음 (docs/api-extensions.md "profile-details"). Nothing when 0.
import './received-badge.css';
import { useUnseenHearts } from '../../api/profile-details';
import { ko } from '../../i18n/ko';

export function ReceivedBadge() {
  const unseen = useUnseenHearts();
  const n = unseen.data ?? 0;
  if (n <= 0) return null;
  return (
    <span className="count-badge">
      <span aria-hidden="true">{n > 99 ? '99+' : n}</span>
      <span className="visually-hidden">{ko.profileDetails.received.badge(n)}</span>
    </span>
  );
}
