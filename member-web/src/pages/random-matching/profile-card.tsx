// One recommended profile (spec §2 "Random matching"): photos, name, age with 세, location, #tags
// and the three actions.
import { LIMITS } from '@contract/limits';
import type { RecommendedProfile } from '@contract/matching';
import type { CSSProperties } from 'react';
import { ChatIcon, ChevronRightIcon, HeartIcon, MapPinIcon, UserIcon } from '../../components/icons';
import { CardReasons, CardSummaryLine } from '../../components/profile-extras/card-reasons';
import { ko } from '../../i18n/ko';
import type { CardPhase } from './use-card-motion';
import type { useSwipe } from './use-swipe';
import { PhotoCarousel } from './photo-carousel';
import { VerifiedBadge } from '../../components/verified-badge';

const motionStyle = {
  '--card-out-ms': `${LIMITS.cardSlideOutMs}ms`,
  '--card-in-ms': `${LIMITS.cardSlideInMs}ms`,
} as CSSProperties;

interface ProfileCardProps {
  profile: RecommendedProfile;
  phase: CardPhase;
  requested: boolean;
  requesting: boolean;
  onViewInfo: () => void;
  onRequestChat: () => void;
  onNext: () => void;
  /** Touch swiping (issue 13 §5); without it the card only has its buttons. */
  swipe?: ReturnType<typeof useSwipe>;
  /** prefers-reduced-motion: the card does not move with the finger. */
  reducedMotion?: boolean;
}

function dragStyle(swipe: ProfileCardProps['swipe'], reduced: boolean): CSSProperties {
  if (!swipe || reduced) return motionStyle;
  if (swipe.flying) {
    const sign = swipe.flying === 'right' ? 1 : -1;
    return { ...motionStyle, transform: `translateX(${sign * 120}%) rotate(${sign * 18}deg)` };
  }
  if (swipe.dx === 0) return motionStyle;
  return {
    ...motionStyle,
    transform: `translateX(${swipe.dx}px) rotate(${Math.max(-15, Math.min(15, swipe.dx / 20))}deg)`,
  };
}

export function ProfileCard(props: ProfileCardProps) {
  const { profile, phase, requested, requesting, onViewInfo, onRequestChat, onNext, swipe } = props;
  const t = ko.matching.random;
  const reduced = props.reducedMotion === true;
  const moving = swipe && (swipe.dragging || swipe.flying) ? ' match-card--dragging' : '';
  const flying = swipe?.flying ? ' match-card--flying' : '';
  const urls = [profile.mainImageUrl, ...profile.subImageUrls].filter((u): u is string => Boolean(u));
  return (
    <article
      className={`match-card match-card--${phase}${moving}${flying}`}
      aria-label={t.cardLabel(profile.name)}
      data-member-id={profile.memberId}
      style={dragStyle(swipe, reduced)}
      {...swipe?.handlers}
    >
      {swipe?.hint ? (
        <span className={`swipe-hint swipe-hint--${swipe.hint}`} aria-hidden="true">
          {swipe.hint === 'right' ? <HeartIcon size={20} /> : <ChevronRightIcon size={20} />}
          {swipe.hint === 'right' ? ko.extras.swipe.heart : ko.extras.swipe.next}
        </span>
      ) : null}
      <PhotoCarousel key={profile.memberId} name={profile.name} urls={urls} />
      <div className="match-card__body">
        <h2 className="match-card__name">
          {profile.name} <span className="match-card__age">{t.age(profile.age)}</span>{' '}
          <VerifiedBadge verified={profile.verified} />
        </h2>
        <p className="match-card__location">
          <MapPinIcon size={16} />
          {profile.location || t.noLocation}
        </p>
        <CardSummaryLine summary={profile.summary} />
        <CardReasons reasons={profile.reasons} />
        {profile.interests.length > 0 ? (
          <ul className="match-card__tags" aria-label={ko.signup.interestsTitle}>
            {profile.interests.map((tag) => (
              <li key={tag} className="tag">
                #{tag}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="match-card__actions">
          <button type="button" className="btn btn--ghost" onClick={onViewInfo}>
            <UserIcon size={18} />
            {t.viewInfo}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={onRequestChat}
            disabled={requested || requesting}
          >
            <ChatIcon size={18} />
            {requested ? t.requested : requesting ? t.requesting : t.requestChat}
          </button>
          <button type="button" className="btn btn--primary" onClick={onNext} aria-disabled={phase === 'out'}>
            {t.next}
            <ChevronRightIcon size={18} />
          </button>
        </div>
        <p className="field__hint match-card__hint">{t.keyHint}</p>
        {swipe ? <p className="field__hint match-card__hint match-card__swipe-hint">{ko.extras.swipe.hint}</p> : null}
      </div>
    </article>
  );
}
