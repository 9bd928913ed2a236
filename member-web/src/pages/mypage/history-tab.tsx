// 매칭 기록: the chat requests I sent and received, with their state and dates.
import { WITHDRAWN_MEMBER_NAME } from '@contract/mypage';
import { useMatchingHistory } from '../../api/mypage';
import { UserIcon } from '../../components/icons';
import { ko } from '../../i18n/ko';
import { formatDateTime } from '../../lib/dates';
import { TabEmpty, TabFailure, TabLoading } from './tab-state';
import { useLoadMore } from './use-load-more';

export function HistoryTab() {
  const history = useMatchingHistory();
  const t = ko.mypage.history;
  const sentinel = useLoadMore(
    () => {
      if (history.hasNextPage && !history.isFetchingNextPage) void history.fetchNextPage();
    },
    Boolean(history.hasNextPage && !history.isFetchingNextPage && !history.isFetchNextPageError),
  );

  if (history.isPending) return <TabLoading />;
  // A failed next page keeps the pages already shown (the query is in error but still has data).
  if (!history.data) return <TabFailure error={history.error} onRetry={() => void history.refetch()} />;
  const items = history.data.pages.flatMap((p) => p.content);
  if (items.length === 0) return <TabEmpty>{t.empty}</TabEmpty>;

  return (
    <div>
      <p className="muted">{t.lead}</p>
      <ul className="history-list">
        {items.map((item) => (
          <li key={item.requestId} className="history-item">
            {item.opponentProfileImageUrl ? (
              <img src={item.opponentProfileImageUrl} alt="" className="history-item__avatar" loading="lazy" />
            ) : (
              <span className="history-item__avatar history-item__avatar--empty">
                <UserIcon size={20} />
              </span>
            )}
            <div className="history-item__body">
              <p className="history-item__title">
                <span className={`history-item__direction history-item__direction--${item.direction.toLowerCase()}`}>
                  {item.direction === 'SENT' ? t.sent : t.received}
                </span>
                <strong>{item.opponentNickname || WITHDRAWN_MEMBER_NAME}</strong>
              </p>
              {/* The intro sent with the request (docs/chat.md "Requests: intro and expiry"). */}
              {item.intro ? <p className="history-item__intro muted">“{item.intro}”</p> : null}
              <p className="history-item__dates">
                <time dateTime={item.createdAt}>{t.requestedAt(formatDateTime(item.createdAt))}</time>
                {item.answeredAt ? (
                  <>
                    {' · '}
                    <time dateTime={item.answeredAt}>{t.answeredAt(formatDateTime(item.answeredAt))}</time>
                  </>
                ) : null}
              </p>
            </div>
            <span className={`status-badge status-badge--${item.status.toLowerCase()}`}>
              {t.statuses[item.status] ?? item.status}
            </span>
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="load-more" aria-live="polite">
        {history.isFetchingNextPage ? ko.mypage.likes.loadingMore : null}
      </div>
      {history.isFetchNextPageError ? (
        <button type="button" className="btn btn--secondary" onClick={() => void history.fetchNextPage()}>
          {ko.mypage.retry}
        </button>
      ) : null}
    </div>
  );
}
