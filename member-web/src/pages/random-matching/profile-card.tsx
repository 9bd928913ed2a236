// One recommended profile (docs/product-spec.md §2 "Random matching"): photos, name, age with 세, location, #tags
// and its actions (정보 보기; 다음 / 채팅 신청 / 마음, card-actions.tsx). Card and actions fit one
// screen (swipe.css). The swipe badge sits over the stage, not on the moving card, so it stays in view.
import './card.css';
import { LIMITS } from '@contract/limits';
import type { RecommendedProfile } from '@contract/matching';
import { useId, type CSSProperties } from 'react';
import { ChevronRightIcon, HeartIcon, MapPinIcon, UserIcon } from '../../components/icons';
import { CardReasons, CardSummaryLine } from '../../components/profile-details/card-reasons';
import { ko } from '../../i18n/ko';
import { CardActions } from './card-actions';
import type { CardPhase } from './use-card-motion';
import type { useSwipe } from './use-swipe';
import { PhotoCarousel } from './photo-carousel';
import { VerifiedBadge } from '../../components/verified-badge';
import { CompatibilityBadge } from '../../components/values/compatibility-badge';

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
  onHeart: () => void;
  /** Touch swiping; without it the card only has its buttons. */
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
  const hintId = useId();
  const reduced = props.reducedMotion === true;
  const moving = swipe && (swipe.dragging || swipe.flying) ? ' match-card--dragging' : '';
  const flying = swipe?.flying ? ' match-card--flying' : '';
  const urls = [profile.mainImageUrl, ...profile.subImageUrls].filter((u): u is string => Boolean(u));
  return (
    <div className="match-card-stage">
      {swipe?.hint ? (
        <span className={`swipe-hint swipe-hint--${swipe.hint}`} aria-hidden="true">
          {swipe.hint === 'right' ? <HeartIcon size={20} /> : <ChevronRightIcon size={20} />}
          {swipe.hint === 'right' ? ko.profileDetails.swipe.heart : ko.profileDetails.swipe.next}
        </span>
      ) : null}
      <article
        className={`match-card match-card--${phase}${moving}${flying}`}
        aria-label={t.cardLabel(profile.name)}
        data-member-id={profile.memberId}
        style={dragStyle(swipe, reduced)}
        {...swipe?.handlers}
      >
        <PhotoCarousel key={profile.memberId} name={profile.name} urls={urls} />
        <div className="match-card__body">
          <div className="match-card__head">
            <h2 className="match-card__name">
              {profile.name} <span className="match-card__age">{t.age(profile.age)}</span>
              <VerifiedBadge verified={profile.verified} />
              <CompatibilityBadge value={profile.compatibility} />
            </h2>
            <button
              type="button"
              className="btn btn--ghost btn--small match-card__info"
              aria-label={t.viewInfo}
              onClick={onViewInfo}
            >
              <UserIcon size={16} />
              {t.viewInfoShort}
            </button>
          </div>
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
          <CardActions
            name={profile.name}
            hintId={hintId}
            requested={requested}
            requesting={requesting}
            busy={phase === 'out'}
            onNext={onNext}
            onHeart={props.onHeart}
            onRequestChat={onRequestChat}
          />
          {swipe ? (
            <p className="field__hint match-card__hint match-card__swipe-hint">{ko.profileDetails.swipe.hint}</p>
          ) : null}
        </div>
      </article>
    </div>
  );
}
