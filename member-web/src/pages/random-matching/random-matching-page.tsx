// '/random/matching': today's reciprocal recommendations, one card at a time (docs/product-spec.md §2, §4).
import '../../styles/matching.css';
import './swipe.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { setHeart } from '../../api/hearts';
import { useRequestChat } from '../../api/matching';
import { PageLoading } from '../../components/page-loading';
import { ProfileModal } from '../../components/profile-modal/profile-modal';
import { showToast } from '../../components/toast/toast-store';
import { RequestIntroOnDemand } from '../chatting/request-intro-on-demand';
import { ko } from '../../i18n/ko';
import { usePrefersReducedMotion } from '../../lib/use-media-query';
import { CARD_KEYS } from './card-actions';
import { ProfileCard } from './profile-card';
import { useCardMotion } from './use-card-motion';
import { useDeck } from './use-deck';
import { EarlyPhoto, earlyPhoto, forgetEarlyPhoto } from './early-photo';
import { useSwipe, type SwipeDirection } from './use-swipe';
import { showChatRefusal } from '../../lib/chat-refusals';

/** How long 되돌리기 stays offered after a swipe. */
export const UNDO_MS = 5000;

type LastSwipe = { memberId: number; name: string; heart: Promise<unknown> | null };

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
  const reduced = usePrefersReducedMotion();
  const [last, setLast] = useState<LastSwipe | null>(null);
  const undoTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(undoTimer.current), []);

  const onSwipe = useCallback(
    (dir: SwipeDirection) => {
      // The card is already leaving: a second press is for it, not the next one.
      if (!current || motion.phase === 'out') return;
      let heart: Promise<unknown> | null = null;
      if (dir === 'right') {
        heart = setHeart(current.memberId, true);
        heart.catch(() => showToast(ko.profileDetails.swipe.heartFailed, 'error'));
      }
      setLast({ memberId: current.memberId, name: current.name, heart });
      window.clearTimeout(undoTimer.current);
      undoTimer.current = window.setTimeout(() => setLast(null), UNDO_MS);
      next();
    },
    [current, next, motion.phase],
  );
  const loaded = deck.state !== 'loading';
  useEffect(() => {
    if (loaded) forgetEarlyPhoto();
  }, [loaded]);
  const swipe = useSwipe({ enabled: deck.state === 'card', resetKey: current?.memberId, onSwipe });

  // The offer stays while a pointer or the focus is on it (WCAG 2.2.1), then runs out again.
  const holdUndo = () => window.clearTimeout(undoTimer.current);
  const releaseUndo = () => {
    window.clearTimeout(undoTimer.current);
    undoTimer.current = window.setTimeout(() => setLast(null), UNDO_MS);
  };

  const undo = useCallback(() => {
    const swiped = last;
    if (!swiped) return;
    setLast(null);
    window.clearTimeout(undoTimer.current);
    deck.back();
    if (swiped.heart) {
      // Take the heart back once it has landed (a failed heart needs nothing undone).
      swiped.heart.then(
        () => setHeart(swiped.memberId, false).catch(() => showToast(ko.profileDetails.swipe.heartFailed, 'error')),
        () => undefined,
      );
    }
  }, [last, deck]);

  // 채팅 신청하기 asks first, with room for a short intro (docs/chat.md "Requests: intro and expiry"); the keys rest meanwhile.
  const [asking, setAsking] = useState<{ memberId: number; name: string } | null>(null);
  const askToRequest = useCallback(() => {
    if (!current?.memberId) {
      showToast(t.noOpponent, 'error');
      return;
    }
    setAsking({ memberId: current.memberId, name: current.name });
  }, [current, t]);

  // The card's shortcuts (named on its buttons): → 마음, ← 다음, ↑ 채팅 신청 — the swipe's sides.
  const canRequest = current !== undefined && !requested.has(current.memberId);
  useEffect(() => {
    if (deck.state !== 'card') return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.shiftKey || !keyIsForPage(event)) return;
      if (event.key === CARD_KEYS.heart) onSwipe('right');
      else if (event.key === CARD_KEYS.next) onSwipe('left');
      else if (event.key === CARD_KEYS.chat && canRequest) askToRequest();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [deck.state, onSwipe, askToRequest, canRequest]);

  const sendRequest = useCallback(
    async (to: { memberId: number; name: string }, intro: string | undefined) => {
      try {
        const result = await request.mutateAsync({ memberId: to.memberId, intro });
        setRequested((s) => new Set(s).add(to.memberId));
        const matched = (result as { status?: string } | undefined)?.status === 'MATCHED';
        showToast(matched ? t.matched(to.name) : t.requestSent, 'success');
      } catch (err) {
        // A duplicate request or a limit (a new account's daily cap says why and until when) in the
        // server's words; anything else gets the spec's message.
        showChatRefusal(err, t.requestFailed);
      }
    },
    [request, t],
  );
  const requestingId =
    request.isPending && typeof request.variables === 'object' ? request.variables.memberId : undefined;

  let body;
  if (deck.state === 'card' && current) {
    body = (
      <ProfileCard
        profile={current}
        phase={motion.phase}
        requested={requested.has(current.memberId)}
        requesting={requestingId === current.memberId}
        onViewInfo={() => setModalOpen(true)}
        onRequestChat={askToRequest}
        onNext={() => onSwipe('left')}
        onHeart={() => onSwipe('right')}
        swipe={swipe}
        reducedMotion={reduced}
      />
    );
  } else if (deck.state === 'loading') {
    const early = earlyPhoto();
    body = early ? <EarlyPhoto url={early} label={t.loading} /> : <PageLoading label={t.loading} />;
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
        <div className="match-stage">
          {body}
          {last ? (
            <div
              className="swipe-undo"
              role="status"
              onPointerEnter={holdUndo}
              onPointerLeave={releaseUndo}
              onFocus={holdUndo}
              onBlur={releaseUndo}
            >
              <span className="swipe-undo__text">
                {last.heart ? ko.profileDetails.swipe.hearted(last.name) : ko.profileDetails.swipe.skipped(last.name)}
              </span>
              <button
                type="button"
                className="swipe-undo__btn"
                aria-label={ko.profileDetails.swipe.undoLabel}
                onClick={undo}
              >
                {ko.profileDetails.swipe.undo}
              </button>
            </div>
          ) : null}
        </div>
      </div>
      <RequestIntroOnDemand
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={asking ? ko.profileDetails.received.confirmTitle(asking.name) : ''}
        description={ko.profileDetails.received.confirmBody}
        confirmLabel={ko.profileDetails.received.confirmLabel}
        onConfirm={(intro) => (asking ? sendRequest(asking, intro) : undefined)}
      />
      <ProfileModal
        memberId={current?.memberId ?? null}
        open={modalOpen && current !== undefined}
        onOpenChange={setModalOpen}
        onBlocked={deck.remove}
      />
    </div>
  );
}
