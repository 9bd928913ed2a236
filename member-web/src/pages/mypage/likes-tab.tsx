// 내가 좋아한 사람: cards of the people I hearted, 24 per page, more as the list scrolls into view.
import { Link } from 'react-router-dom';
import { useProfileLikes } from '../../api/mypage';
import { UserIcon } from '../../components/icons';
import { ko } from '../../i18n/ko';
import { TabEmpty, TabFailure, TabLoading } from './tab-state';
import { useLoadMore } from './use-load-more';

export function LikesTab() {
  const likes = useProfileLikes();
  const t = ko.mypage.likes;
  // After a failed page, only the retry button asks again (no loop of failing requests).
  const canLoadMore = likes.hasNextPage && !likes.isFetchingNextPage && !likes.isFetchNextPageError;
  const sentinel = useLoadMore(() => {
    if (likes.hasNextPage && !likes.isFetchingNextPage) void likes.fetchNextPage();
  }, Boolean(canLoadMore));

  if (likes.isPending) return <TabLoading />;
  // A failed next page keeps the pages already shown (the query is in error but still has data).
  if (!likes.data) return <TabFailure error={likes.error} onRetry={() => void likes.refetch()} />;
  const people = likes.data.pages.flatMap((p) => p.content);
  if (people.length === 0) return <TabEmpty>{t.empty}</TabEmpty>;

  return (
    <div>
      <p className="muted">{t.lead}</p>
      <ul className="liked-grid">
        {people.map((person) => {
          const id = person.memberId ?? (person as { id?: number }).id;
          return (
            <li key={id} className="liked-card">
              <Link to={`/profile/${id}`} className="liked-card__link">
                {person.mainImageUrl ? (
                  <img src={person.mainImageUrl} alt="" className="liked-card__img" loading="lazy" />
                ) : (
                  <span className="liked-card__img liked-card__img--empty">
                    <UserIcon size={36} />
                  </span>
                )}
                <span className="liked-card__body">
                  <span className="liked-card__name">{person.name}</span>{' '}
                  <span className="liked-card__meta">
                    {t.age(person.age)} · {t.genders[person.gender] ?? ''}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <div ref={sentinel} className="load-more" aria-live="polite">
        {likes.isFetchingNextPage ? t.loadingMore : likes.hasNextPage ? null : t.end}
      </div>
      {likes.isFetchNextPageError ? (
        <button type="button" className="btn btn--secondary" onClick={() => void likes.fetchNextPage()}>
          {ko.mypage.retry}
        </button>
      ) : null}
    </div>
  );
}
