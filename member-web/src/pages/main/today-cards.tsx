// 오늘의 인연 (docs/today.md): the small set prepared at 12:30 KST, first on the home page. Each card
// shows 궁합 and why it was chosen, and takes 좋아요 (the heart call), 넘기기 and 대화 신청 (the chat
// request with its intro and nudges). Loaded after the first paint (docs/first-paint.md): the
// prerendered /main holds the section's height with blank cards.
import './today-cards.css';
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TodayAction, TodayCard } from '@contract/today';
import { setHeart } from '../../api/hearts';
import { useRequestChat } from '../../api/matching';
import { markTodayAction, passToday, useToday } from '../../api/today';
import { ChatIcon, HeartIcon, MapPinIcon } from '../../components/icons';
import { ProfileModal } from '../../components/profile-modal/profile-modal';
import { CardReasons, CardSummaryLine } from '../../components/profile-details/card-reasons';
import { VerifiedBadge } from '../../components/verified-badge';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { showChatRefusal } from '../../lib/chat-refusals';
import { RequestIntroOnDemand } from '../chatting/request-intro-on-demand';

/** YYYY-MM-DD on the Korean calendar, to tell today's set from yesterday's. */
const koreanToday = (): string => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

const DONE: Record<TodayAction, string> = {
  LIKED: ko.today.liked,
  PASSED: ko.today.passed,
  REQUESTED: ko.today.requested,
};

function Card(props: {
  card: TodayCard;
  busy: boolean;
  onOpen: () => void;
  onLike: () => void;
  onPass: () => void;
  onRequest: () => void;
}) {
  const { card, busy } = props;
  const t = ko.today;
  const headingId = `today-card-${card.memberId}`;
  const settled = card.action === 'REQUESTED' || card.action === 'PASSED';
  return (
    <li className={`today-card${card.action ? ` today-card--${card.action.toLowerCase()}` : ''}`}>
      <div className="today-card__top">
        {card.mainImageUrl ? (
          <img className="today-card__photo" src={card.mainImageUrl} alt="" />
        ) : (
          <span className="today-card__photo today-card__photo--empty" aria-hidden="true">
            {card.name.slice(0, 1)}
          </span>
        )}
        <div className="today-card__who">
          <h3 id={headingId} className="today-card__name">
            <button
              type="button"
              className="today-card__open"
              aria-label={t.openProfile(card.name)}
              onClick={props.onOpen}
            >
              {card.name}
            </button>{' '}
            <span className="today-card__age">{t.ageSuffix(card.age)}</span>
            <VerifiedBadge verified={card.verified} />
          </h3>
          {card.location ? (
            <p className="today-card__meta">
              <MapPinIcon size={14} />
              {card.location}
            </p>
          ) : null}
          <CardSummaryLine summary={card.summary} />
        </div>
        {card.compatibility !== null ? (
          <p className="today-card__compat">{t.compatibility(card.compatibility)}</p>
        ) : null}
      </div>
      {card.compatibility === null ? <p className="today-card__hint">{t.noCompatibility}</p> : null}
      <CardReasons reasons={card.reasons} />
      {card.action ? (
        <p className="today-card__done" role="status">
          {DONE[card.action]}
        </p>
      ) : null}
      <div className="today-card__actions">
        <button
          type="button"
          className="btn btn--ghost btn--small"
          aria-label={t.passLabel(card.name)}
          disabled={busy || card.action !== null}
          onClick={props.onPass}
        >
          {t.pass}
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          aria-label={t.likeLabel(card.name)}
          aria-pressed={card.action === 'LIKED'}
          disabled={busy || card.action !== null}
          onClick={props.onLike}
        >
          <HeartIcon size={16} fill={card.action === 'LIKED' ? 'currentColor' : 'none'} />
          {t.like}
        </button>
        <button
          type="button"
          className="btn btn--primary btn--small"
          aria-label={t.requestLabel(card.name)}
          disabled={busy || settled}
          onClick={props.onRequest}
        >
          <ChatIcon size={16} />
          {t.request}
        </button>
      </div>
    </li>
  );
}

/** Blank cards of the set's shape, unseen: the section keeps its height while it loads. */
function Placeholder() {
  return (
    <ol className="today-list today-list--placeholder" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="today-card">
          <div className="today-card__top">
            <span className="today-card__photo today-card__photo--empty" />
            <div className="today-card__who">
              <p className="today-card__name">&nbsp;</p>
              <p className="today-card__meta">&nbsp;</p>
            </div>
          </div>
          <div className="today-card__actions">
            <span className="btn btn--small">&nbsp;</span>
          </div>
        </li>
      ))}
    </ol>
  );
}

/**
 * A short answer (none today, or not loaded) in the place the loading set held: the sections below
 * stay where the first screen showed them (no layout shift on /main).
 */
function HeldPlace({ children }: { children: ReactNode }) {
  return (
    <div className="today-pending today-held">
      {children}
      <Placeholder />
    </div>
  );
}

export function TodayCards() {
  const today = useToday();
  const queryClient = useQueryClient();
  const request = useRequestChat();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [asking, setAsking] = useState<{ memberId: number; name: string } | null>(null);
  const t = ko.today;

  const act = async (memberId: number, action: TodayAction, call: () => Promise<unknown>, failed: string) => {
    setBusyId(memberId);
    try {
      await call();
      markTodayAction(queryClient, memberId, action);
    } catch {
      showToast(failed, 'error');
    } finally {
      setBusyId(null);
    }
  };

  const sendRequest = async (to: { memberId: number; name: string }, intro: string | undefined) => {
    setBusyId(to.memberId);
    try {
      const result = await request.mutateAsync({ memberId: to.memberId, intro });
      markTodayAction(queryClient, to.memberId, 'REQUESTED');
      showToast(result?.status === 'MATCHED' ? t.matched(to.name) : t.requestSent, 'success');
    } catch (err) {
      showChatRefusal(err, t.requestFailed);
    } finally {
      setBusyId(null);
    }
  };

  let body;
  if (today.isPending) {
    body = (
      <div className="today-pending">
        <p className="muted today-loading" role="status">
          {t.loading}
        </p>
        <Placeholder />
      </div>
    );
  } else if (!today.data) {
    body = (
      <HeldPlace>
        <div className="popular-state" role="status">
          <p>{t.failed}</p>
          <button type="button" className="btn btn--secondary btn--small" onClick={() => void today.refetch()}>
            {t.retry}
          </button>
        </div>
      </HeldPlace>
    );
  } else if (today.data.cards.length === 0) {
    body = (
      <HeldPlace>
        <p className="popular-state" role="status">
          {today.data.date === null ? t.empty : t.emptyNoCards}
        </p>
      </HeldPlace>
    );
  } else {
    body = (
      <>
        {today.data.date !== koreanToday() ? <p className="today-earlier">{t.earlier}</p> : null}
        <ol className="today-list" aria-label={t.cardsLabel}>
          {today.data.cards.map((card) => (
            <Card
              key={card.memberId}
              card={card}
              busy={busyId === card.memberId}
              onOpen={() => setOpenId(card.memberId)}
              onLike={() => void act(card.memberId, 'LIKED', () => setHeart(card.memberId, true), t.likeFailed)}
              onPass={() => void act(card.memberId, 'PASSED', () => passToday(card.memberId), t.passFailed)}
              onRequest={() => setAsking({ memberId: card.memberId, name: card.name })}
            />
          ))}
        </ol>
      </>
    );
  }

  return (
    <section aria-labelledby="today-title" className="home-section today-section">
      <h2 id="today-title" className="section-title">
        {t.title}
      </h2>
      <p className="section-lead">{t.lead}</p>
      {body}
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
      <ProfileModal
        memberId={openId}
        open={openId !== null}
        onOpenChange={(open) => {
          if (!open) setOpenId(null);
        }}
        onBlocked={() => void today.refetch()}
      />
    </section>
  );
}
