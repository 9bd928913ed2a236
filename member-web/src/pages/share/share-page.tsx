// '/share/:token': 데이트 공유's public page (docs/privacy.md). Anyone with the link, no account:
// the match's nickname and main photo, where and when. A guessed, expired or revoked link shows
// one "not found" that does not say which. Never indexed (the Worker also sends X-Robots-Tag).
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { usePublicDateShare } from '../../api/privacy';
import { PageLoading } from '../../components/page-loading';
import { PublicFrame } from '../../components/public-frame';
import { ko } from '../../i18n/ko';
import { formatDateTime } from '../../lib/dates';

const t = ko.privacy.page;

function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

export function SharePage() {
  const { token = '' } = useParams();
  const share = usePublicDateShare(token);
  useNoIndex();
  return (
    <PublicFrame>
      <div className="container share-page">
        {share.isPending ? <PageLoading /> : null}
        {share.isError ? (
          <div className="center-state">
            <h1 className="page-title">{t.notFound}</h1>
            <p className="muted">{t.notFoundBody}</p>
          </div>
        ) : null}
        {share.data ? (
          <article className="card share-card">
            <h1 className="page-title">{t.title}</h1>
            <p className="page-lead">{t.lead(share.data.sharedBy)}</p>
            <h2 className="section-title">{t.match}</h2>
            <div className="share-card__match">
              {share.data.mainImageUrl ? (
                <img
                  src={share.data.mainImageUrl}
                  alt={t.photoAlt(share.data.matchName)}
                  className="share-card__photo"
                  width={160}
                  height={200}
                />
              ) : null}
              <p className="share-card__name">{share.data.matchName}</p>
            </div>
            <dl className="share-card__facts">
              <dt>{t.where}</dt>
              <dd>{share.data.place}</dd>
              <dt>{t.when}</dt>
              <dd>{formatDateTime(share.data.meetAt)}</dd>
            </dl>
            <p className="muted">{t.expires(formatDateTime(share.data.expiresAt))}</p>
            <p className="notice">{t.safety}</p>
          </article>
        ) : null}
      </div>
    </PublicFrame>
  );
}
