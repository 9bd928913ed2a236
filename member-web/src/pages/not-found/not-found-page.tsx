// Any unknown route: a real 404 page with a way home.
import { Link } from 'react-router-dom';
import { PublicFrame } from '../../components/public-frame';
import { ko } from '../../i18n/ko';
import { hasAccessToken } from '../../lib/storage';

export function NotFoundPage() {
  return (
    <PublicFrame>
      <div className="center-state not-found">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="page-title">{ko.notFound.title}</h1>
        <p className="muted">{ko.notFound.body}</p>
        <Link to={hasAccessToken() ? '/main' : '/'} className="btn btn--primary btn--lg">
          {ko.common.goHome}
        </Link>
      </div>
    </PublicFrame>
  );
}
