// Home's top-3 popular profiles: hearts received in the last 7 days (GET /api/on/matching/popular).
// Only real members are ever shown: an empty week, a failed call or no connection says so (a made-up
// member shown as real is what regulators fine dating apps for).
import '../../styles/matching.css';
import type { PopularProfile } from '@contract/matching';
import type { Verified } from '@contract/photo-verification';
import { VerifiedBadge } from '../../components/verified-badge';
import { CompatibilityBadge } from '../../components/values/compatibility-badge';
import { useState } from 'react';
import { usePopular } from '../../api/matching';
import { HeartIcon, MapPinIcon } from '../../components/icons';
import { ProfileModal } from '../../components/profile-modal/profile-modal';
import { ko } from '../../i18n/ko';

const AVATARS = [
  'linear-gradient(135deg, #ffb38a, #ff6b57)',
  'linear-gradient(135deg, #ffd59e, #f08a5d)',
  'linear-gradient(135deg, #f7c6c7, #d97a8b)',
];

type Entry = {
  key: string;
  memberId: number;
  name: string;
  age: number;
  region: string;
  interests: readonly string[];
  hearts: number;
  imageUrl: string | null;
  verified?: Verified;
  compatibility?: number | null;
};

const fromServer = (list: PopularProfile[]): Entry[] =>
  list.map((p) => ({
    key: String(p.memberId),
    memberId: p.memberId,
    name: p.name,
    age: p.age,
    region: p.location,
    interests: p.interests,
    hearts: p.hearts,
    imageUrl: p.mainImageUrl,
    verified: p.verified,
    compatibility: p.compatibility,
  }));

function EntryContent({ entry, rank }: { entry: Entry; rank: number }) {
  return (
    <>
      <span className={`popular-card__rank popular-card__rank--${rank}`}>{ko.home.rank(rank)}</span>
      {entry.imageUrl ? (
        <img className="popular-card__photo" src={entry.imageUrl} alt="" />
      ) : (
        <span
          className="popular-card__avatar"
          style={{ background: AVATARS[(rank - 1) % AVATARS.length] }}
          aria-hidden="true"
        >
          {entry.name.slice(0, 1)}
        </span>
      )}
      <div className="popular-card__info">
        <h3 className="popular-card__name">
          {entry.name} <span className="popular-card__age">{ko.home.ageSuffix(entry.age)}</span>
          <VerifiedBadge verified={entry.verified} />
          <CompatibilityBadge value={entry.compatibility} />
        </h3>
        {entry.region ? (
          <p className="popular-card__region">
            <MapPinIcon size={14} />
            {entry.region}
          </p>
        ) : null}
        <p className="popular-card__tags">
          {entry.interests.map((t) => (
            <span key={t} className="tag">
              #{t}
            </span>
          ))}
        </p>
      </div>
      <p className="popular-card__hearts">
        <HeartIcon size={16} fill="currentColor" />
        {ko.home.hearts(entry.hearts)}
      </p>
    </>
  );
}

/** A card's shape with nothing in it: holds the list's height while it loads. */
function SkeletonContent({ rank }: { rank: number }) {
  return (
    <>
      <span className={`popular-card__rank popular-card__rank--${rank}`}>{ko.home.rank(rank)}</span>
      <span className="popular-card__avatar" />
      <div className="popular-card__info">
        <h3 className="popular-card__name">&nbsp;</h3>
        <p className="popular-card__region">&nbsp;</p>
        <p className="popular-card__tags">
          <span className="tag">&nbsp;</span>
        </p>
      </div>
      <p className="popular-card__hearts">&nbsp;</p>
    </>
  );
}

export function PopularProfiles() {
  const popular = usePopular();
  const [openId, setOpenId] = useState<number | null>(null);
  const t = ko.matching.popular;
  if (popular.isPending) {
    return (
      <div className="popular-pending">
        <p className="muted popular-loading" role="status">
          {t.loading}
        </p>
        {/* Blank cards of the same shape, unseen: the section keeps its height, so what follows never moves. */}
        <ol className="popular-list popular-list--placeholder" aria-hidden="true">
          {[1, 2, 3].map((rank) => (
            <li key={rank} className="popular-card">
              <SkeletonContent rank={rank} />
            </li>
          ))}
        </ol>
      </div>
    );
  }
  if (!popular.data) {
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    return (
      <div className="popular-state" role="status">
        <p>{offline ? t.offline : t.failed}</p>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void popular.refetch()}>
          {t.retry}
        </button>
      </div>
    );
  }
  if (popular.data.length === 0) {
    return (
      <p className="popular-state" role="status">
        {t.empty}
      </p>
    );
  }
  const entries = fromServer(popular.data);
  return (
    <>
      <ol className="popular-list">
        {entries.map((entry, i) => {
          const id = entry.memberId;
          return (
            <li key={entry.key} className="popular-card">
              <EntryContent entry={entry} rank={i + 1} />
              <button
                type="button"
                className="popular-card__open"
                aria-label={t.openProfile(entry.name)}
                onClick={() => setOpenId(id)}
              />
            </li>
          );
        })}
      </ol>
      <ProfileModal
        memberId={openId}
        open={openId !== null}
        onOpenChange={(open) => {
          if (!open) setOpenId(null);
        }}
      />
    </>
  );
}
