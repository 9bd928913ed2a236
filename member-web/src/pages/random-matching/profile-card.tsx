// One recommended profile (spec §2 "Random matching"): photos, name, age with 세, location, #tags
// and the three actions.
import { LIMITS } from '@contract/limits';
import type { RecommendedProfile } from '@contract/matching';
import type { CSSProperties } from 'react';
import { ChatIcon, ChevronRightIcon, MapPinIcon, UserIcon } from '../../components/icons';
import { ko } from '../../i18n/ko';
import type { CardPhase } from './use-card-motion';
import { PhotoCarousel } from './photo-carousel';

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
}

export function ProfileCard(props: ProfileCardProps) {
  const { profile, phase, requested, requesting, onViewInfo, onRequestChat, onNext } = props;
  const t = ko.matching.random;
  const urls = [profile.mainImageUrl, ...profile.subImageUrls].filter((u): u is string => Boolean(u));
  return (
    <article
      className={`match-card match-card--${phase}`}
      aria-label={t.cardLabel(profile.name)}
      data-member-id={profile.memberId}
      style={motionStyle}
    >
      <PhotoCarousel key={profile.memberId} name={profile.name} urls={urls} />
      <div className="match-card__body">
        <h2 className="match-card__name">
          {profile.name} <span className="match-card__age">{t.age(profile.age)}</span>
        </h2>
        <p className="match-card__location">
          <MapPinIcon size={16} />
          {profile.location || t.noLocation}
        </p>
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
      </div>
    </article>
  );
}
