// Home's top-3 popular profiles: hearts received in the last 7 days (GET /api/on/matching/popular).
// Only when nobody received a heart this week (or the call fails) are the spec's samples shown.
import '../../styles/matching.css';
import type { PopularProfile } from '@contract/matching';
import type { Verified } from '@contract/photo-verification';
import { VerifiedBadge } from '../../components/verified-badge';
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
  memberId: number | null;
  name: string;
  age: number;
  region: string;
  interests: readonly string[];
  hearts: number;
  imageUrl: string | null;
  verified?: Verified;
};

const samples = (): Entry[] =>
  ko.home.popularProfiles.map((p) => ({ key: p.name, memberId: null, imageUrl: null, ...p }));

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

export function PopularProfiles() {
  const popular = usePopular();
  const [openId, setOpenId] = useState<number | null>(null);
  if (popular.isPending) {
    return (
      <div className="popular-pending">
        <p className="muted popular-loading" role="status">
          {ko.matching.popular.loading}
        </p>
        {/* The same cards, unseen: the section keeps its height, so what follows never moves. */}
        <ol className="popular-list popular-list--placeholder" aria-hidden="true">
          {samples().map((entry, i) => (
            <li key={entry.key} className="popular-card">
              <EntryContent entry={entry} rank={i + 1} />
            </li>
          ))}
        </ol>
      </div>
    );
  }
  const real = popular.data && popular.data.length > 0 ? fromServer(popular.data) : null;
  const entries = real ?? samples();
  return (
    <>
      <ol className="popular-list">
        {entries.map((entry, i) => {
          const id = entry.memberId;
          return (
            <li key={entry.key} className="popular-card">
              <EntryContent entry={entry} rank={i + 1} />
              {id === null ? null : (
                <button
                  type="button"
                  className="popular-card__open"
                  aria-label={ko.matching.popular.openProfile(entry.name)}
                  onClick={() => setOpenId(id)}
                />
              )}
            </li>
          );
        })}
      </ol>
      {real ? null : <p className="field__hint popular-note">{ko.matching.popular.sampleNote}</p>}
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
