// '/random/matching': today's reciprocal recommendations, one card at a time (spec §2, §4).
import '../../styles/matching.css';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useRequestChat } from '../../api/matching';
import { PageLoading } from '../../components/page-loading';
import { ProfileModal } from '../../components/profile-modal/profile-modal';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { ProfileCard } from './profile-card';
import { useCardMotion } from './use-card-motion';
import { useDeck } from './use-deck';

/** Keys typed into a field, or meant for an open dialog, are not the page's. */
function keyIsForPage(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return false;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable="true"]')) return false;
  return document.querySelector('[role="dialog"], [role="alertdialog"]') === null;
}

export function RandomMatchingPage() {
  const t = ko.matching.random;
  const deck = useDeck();
  const motion = useCardMotion(deck.advance);
  const request = useRequestChat();
  const [requested, setRequested] = useState<ReadonlySet<number>>(() => new Set());
  const [modalOpen, setModalOpen] = useState(false);
  const current = deck.current;
  const next = motion.go;

  useEffect(() => {
    if (deck.state !== 'card') return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowRight' || !keyIsForPage(event)) return;
      event.preventDefault();
      next();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [deck.state, next]);

  const requestChat = useCallback(() => {
    const memberId = current?.memberId;
    if (!memberId) {
      showToast(t.noOpponent, 'error');
      return;
    }
    request.mutate(memberId, {
      onSuccess: (result) => {
        setRequested((s) => new Set(s).add(memberId));
        const matched = (result as { status?: string } | undefined)?.status === 'MATCHED';
        showToast(matched ? t.matched(current.name) : t.requestSent, 'success');
      },
      onError: (err) => {
        // A duplicate request says so in the server's words; anything else gets the spec's message.
        showToast(err instanceof ApiError && err.status === 409 ? err.message : t.requestFailed, 'error');
      },
    });
  }, [current, request, t]);

  let body;
  if (deck.state === 'card' && current) {
    body = (
      <ProfileCard
        profile={current}
        phase={motion.phase}
        requested={requested.has(current.memberId)}
        requesting={request.isPending && request.variables === current.memberId}
        onViewInfo={() => setModalOpen(true)}
        onRequestChat={requestChat}
        onNext={next}
      />
    );
  } else if (deck.state === 'loading') {
    body = <PageLoading label={t.loading} />;
  } else if (deck.state === 'error') {
    body = (
      <div className="center-state match-empty" role="alert">
        <p>{t.loadFailed}</p>
        <button type="button" className="btn btn--secondary" onClick={deck.retry}>
          {t.retry}
        </button>
      </div>
    );
  } else {
    const off = deck.state === 'off';
    body = (
      <div className="center-state match-empty">
        <h2 className="section-title">{off ? t.offTitle : t.emptyTitle}</h2>
        <p className="muted match-empty__body">{off ? t.offBody : t.emptyBody}</p>
        <div className="match-empty__actions">
          <Link to="/mypage?tab=settings" className="btn btn--primary">
            {t.openSettings}
          </Link>
          {off ? null : (
            <Link to="/location/matching" className="btn btn--ghost">
              {t.goNearby}
            </Link>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="page match-page">
      <div className="container container--narrow">
        <h1 className="page-title">{t.title}</h1>
        <p className="page-lead">{t.lead}</p>
        <div className="match-stage">{body}</div>
      </div>
      <ProfileModal
        memberId={current?.memberId ?? null}
        open={modalOpen && current !== undefined}
        onOpenChange={setModalOpen}
        onBlocked={deck.remove}
      />
    </div>
  );
}
