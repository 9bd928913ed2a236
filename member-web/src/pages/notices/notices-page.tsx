// '/notices': notice cards with the Korean long date and time; admins also see edit and delete.
import '../../styles/notices.css';
import { Link } from 'react-router-dom';
import { useNotices } from '../../api/notices';
import { ko } from '../../i18n/ko';
import { formatDateTime } from '../../lib/dates';
import { NoticeAdminActions } from './notice-admin-actions';

export function NoticesPage() {
  const notices = useNotices();
  const t = ko.notices;

  let body;
  if (notices.isPending) {
    body = (
      <p className="muted" role="status">
        {ko.common.loading}
      </p>
    );
  } else if (notices.isError) {
    body = (
      <div className="notice notice--error" role="alert">
        <p>{t.loadFailed}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void notices.refetch()}>
          {t.retry}
        </button>
      </div>
    );
  } else if (notices.data.length === 0) {
    body = <p className="notices-empty">{t.empty}</p>;
  } else {
    body = (
      <ul className="notice-list">
        {notices.data.map((n) => (
          <li key={n.id} className="card notice-card">
            <h2 className="notice-card__title">
              <Link to={`/notices/${n.id}`}>{n.title}</Link>
            </h2>
            <p className="notice-card__meta">
              <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
            </p>
            <NoticeAdminActions id={n.id} title={n.title} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="page notices-page">
      <div className="container container--narrow">
        <h1 className="page-title">{t.title}</h1>
        <p className="page-lead">{t.lead}</p>
        <div className="notices-page__body">{body}</div>
      </div>
    </div>
  );
}
