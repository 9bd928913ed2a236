// The profile's facts and actions, shared by the modal and the profile pages.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { currentMemberId } from '../../lib/current-member';
import { ko } from '../../i18n/ko';
import { HeartToggle } from '../heart-toggle';
import { MapPinIcon } from '../icons';
import { DetailsView } from '../profile-details/details-view';
import type { ProfileView } from './normalize-profile';
import { VerifiedBadge } from '../verified-badge';
import { SharedValues } from '../values/shared-values';
import { VoicePlayer } from '../voice/voice-player';

interface ProfileDetailsProps {
  profile: ProfileView;
  headingId: string;
  /** The heading level: h1 on the profile page, h3 inside the modal (its title is the h2). */
  as?: 'h1' | 'h2' | 'h3';
  onReport: () => void;
  onBlock: () => void;
  /** Extra actions (the modal's 프로필로 이동). */
  children?: ReactNode;
}

export function ProfileDetails({
  profile,
  headingId,
  as: Heading = 'h2',
  onReport,
  onBlock,
  children,
}: ProfileDetailsProps) {
  const t = ko.profile;
  // My own profile: nothing to heart, report or block; it is managed on my page.
  const isMe = currentMemberId() === profile.memberId;
  const SubHeading = Heading === 'h1' ? 'h2' : Heading === 'h2' ? 'h3' : 'h4';
  return (
    <div className="profile-details">
      <div className="profile-details__head">
        <Heading id={headingId} className="profile-details__name">
          {profile.name} <span className="profile-details__age">{t.ageValue(profile.age)}</span>
          <VerifiedBadge verified={profile.verified} />
        </Heading>
        {isMe ? null : <HeartToggle key={profile.memberId} memberId={profile.memberId} hearted={profile.hearted} />}
      </div>
      <p className="profile-details__location">
        <MapPinIcon size={16} />
        {t.location(profile.city, profile.district)}
      </p>
      <ul className="profile-details__tags" aria-label={t.interestsLabel}>
        {profile.interests.map((tag) => (
          <li key={tag} className="tag">
            #{tag}
          </li>
        ))}
      </ul>
      {profile.voice ? (
        <section className="profile-voice" aria-labelledby={`${headingId}-voice`}>
          {/* One level under the name: h2 on the page, h4 in the modal. */}
          <SubHeading id={`${headingId}-voice`} className="profile-voice__title">
            {ko.voice.intro.heading}
          </SubHeading>
          <p className="profile-voice__prompt">{profile.voice.prompt}</p>
          <VoicePlayer
            src={profile.voice.audioUrl}
            durationMs={profile.voice.durationMs}
            waveform={profile.voice.waveform}
            label={ko.voice.intro.theirs(profile.name)}
          />
        </section>
      ) : null}
      <DetailsView details={profile.details} />
      {isMe ? null : (
        <SharedValues compatibility={profile.compatibility} shared={profile.sharedValues} heading={SubHeading} />
      )}
      <div className="profile-details__actions" role="group" aria-label={t.actions.label}>
        {children}
        {isMe ? (
          <Link to="/mypage" className="btn btn--secondary">
            {t.actions.myPage}
          </Link>
        ) : (
          <>
            <button type="button" className="btn btn--secondary" onClick={onReport}>
              {t.actions.report}
            </button>
            <button type="button" className="btn btn--ghost profile-details__block" onClick={onBlock}>
              {t.actions.block}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
