// 받은 마음 (docs/api-extensions.md "profile-details"): who hearted me, newest first, 24 a page with more as the list scrolls;
// 서로 마음 when I hearted them too; a one-tap chat request (after a confirmation) and the profile
// modal. Opening the tab marks the hearts seen, so the badge goes back to 0.
import './received.css';
import { useEffect, useState } from 'react';
import { useRequestChat } from '../../api/matching';
import { useMarkHeartsSeen, useReceivedHearts, type ReceivedHeart } from '../../api/profile-details';
import { ChatIcon, HeartIcon, UserIcon } from '../../components/icons';
import { ProfileModal } from '../../components/profile-modal/profile-modal';
import { RequestIntroOnDemand } from '../chatting/request-intro-on-demand';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { TabEmpty, TabFailure, TabLoading } from './tab-state';
import { useLoadMore } from './use-load-more';
import { VerifiedBadge } from '../../components/verified-badge';
import { showChatRefusal } from '../../lib/chat-refusals';

const dateText = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${d.getMonth() + 1}월 ${d.getDate()}일`;
};

export function ReceivedTab() {
  const hearts = useReceivedHearts();
  const seen = useMarkHeartsSeen();
  const request = useRequestChat();
  const [requested, setRequested] = useState<ReadonlySet<number>>(() => new Set());
  const [asking, setAsking] = useState<ReceivedHeart | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const t = ko.profileDetails.received;
  const canLoadMore = hearts.hasNextPage && !hearts.isFetchingNextPage && !hearts.isFetchNextPageError;
  const sentinel = useLoadMore(() => {
    if (hearts.hasNextPage && !hearts.isFetchingNextPage) void hearts.fetchNextPage();
  }, Boolean(canLoadMore));
  const markSeen = seen.mutate;
  useEffect(() => {
    if (hearts.isSuccess) markSeen();
  }, [hearts.isSuccess, markSeen]);

  if (hearts.isPending) return <TabLoading />;
  if (!hearts.data) return <TabFailure error={hearts.error} onRetry={() => void hearts.refetch()} />;
  const people = hearts.data.pages.flatMap((p) => p.content);

  const sendRequest = async (person: ReceivedHeart, intro?: string) => {
    try {
      await request.mutateAsync({ memberId: person.memberId, intro });
      setRequested((s) => new Set(s).add(person.memberId));
      showToast(t.sent, 'success');
    } catch (err) {
      showChatRefusal(err, t.failed);
    }
  };

  return (
    <div>
      {people.length === 0 ? (
        <TabEmpty>{t.empty}</TabEmpty>
      ) : (
        <>
          <p className="muted">{t.lead}</p>
          <ul className="liked-grid received-grid">
            {people.map((person) => (
              <li key={person.memberId} className="liked-card received-card" data-member-id={person.memberId}>
                <button
                  type="button"
                  className="liked-card__link received-card__open"
                  onClick={() => setViewing(person.memberId)}
                >
                  {person.mainImageUrl ? (
                    <img src={person.mainImageUrl} alt="" className="liked-card__img" loading="lazy" />
                  ) : (
                    <span className="liked-card__img liked-card__img--empty">
                      <UserIcon size={36} />
                    </span>
                  )}
                  <span className="liked-card__body">
                    <span className="liked-card__name">{person.name}</span>
                    <VerifiedBadge verified={person.verified} />{' '}
                    <span className="liked-card__meta">{t.age(person.age)}</span>
                    <span className="received-card__at">{t.at(dateText(person.heartedAt))}</span>
                  </span>
                </button>
                {person.mutual ? (
                  <span className="received-card__mutual">
                    <HeartIcon size={14} />
                    {t.mutual}
                  </span>
                ) : null}
                <button
                  type="button"
                  className="btn btn--secondary received-card__chat"
                  aria-label={
                    requested.has(person.memberId) ? t.requestedLabel(person.name) : t.requestChatLabel(person.name)
                  }
                  disabled={requested.has(person.memberId)}
                  onClick={() => setAsking(person)}
                >
                  <ChatIcon size={16} />
                  {requested.has(person.memberId) ? t.requested : t.requestChat}
                </button>
              </li>
            ))}
          </ul>
          <div ref={sentinel} className="load-more" aria-live="polite">
            {hearts.isFetchingNextPage ? t.loadingMore : hearts.hasNextPage ? null : t.end}
          </div>
          {hearts.isFetchNextPageError ? (
            <button type="button" className="btn btn--secondary" onClick={() => void hearts.fetchNextPage()}>
              {ko.mypage.retry}
            </button>
          ) : null}
        </>
      )}
      <RequestIntroOnDemand
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={asking ? t.confirmTitle(asking.name) : ''}
        description={t.confirmBody}
        confirmLabel={t.confirmLabel}
        onConfirm={(intro) => (asking ? sendRequest(asking, intro) : undefined)}
      />
      <ProfileModal memberId={viewing} open={viewing !== null} onOpenChange={(open) => !open && setViewing(null)} />
    </div>
  );
}
