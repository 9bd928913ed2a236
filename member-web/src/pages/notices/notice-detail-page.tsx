// '/notices/:id': title, date and the content with its line breaks; admins also see edit and delete.
import '../../styles/notices.css';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useNotice } from '../../api/notices';
import { ChevronLeftIcon } from '../../components/icons';
import { ko } from '../../i18n/ko';
import { formatDateTime } from '../../lib/dates';
import { NoticeAdminActions } from './notice-admin-actions';

export function NoticeDetailPage() {
  const { id: rawId } = useParams();
  const id = rawId && /^\d+$/.test(rawId) ? Number(rawId) : 0;
  const notice = useNotice(id);
  const navigate = useNavigate();
  const t = ko.notices;

  let body;
  if (id === 0 || (notice.isError && notice.error instanceof ApiError && notice.error.status === 404)) {
    body = <p className="notices-empty">{t.notFound}</p>;
  } else if (notice.isPending) {
    body = (
      <p className="muted" role="status">
        {ko.common.loading}
      </p>
    );
  } else if (notice.isError) {
    body = (
      <div className="notice notice--error" role="alert">
        <p>{t.loadFailed}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void notice.refetch()}>
          {t.retry}
        </button>
      </div>
    );
  } else {
    const n = notice.data;
    body = (
      <article className="card notice-detail">
        <h1 className="page-title notice-detail__title">{n.title}</h1>
        <p className="notice-card__meta">
          <span className="visually-hidden">{t.postedAt} </span>
          <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
        </p>
        <div className="notice-detail__content">{n.content}</div>
        <NoticeAdminActions id={n.id} title={n.title} onDeleted={() => navigate('/notices', { replace: true })} />
      </article>
    );
  }

  return (
    <div className="page notices-page">
      <div className="container container--narrow">
        <Link to="/notices" className="btn btn--ghost notices-page__back">
          <ChevronLeftIcon size={18} />
          {t.backToList}
        </Link>
        {notice.isSuccess ? null : <h1 className="visually-hidden">{t.title}</h1>}
        {body}
      </div>
    </div>
  );
}
