// '/location/matching': members near me by distance within a chosen radius, in whole km only.
// A member without a location is sent to /location first.
import '../../styles/matching.css';
import type { NearbyProfile } from '@contract/matching';
import { MATCHING_LIMITS, type NearbyRadiusKm } from '@contract/matching-core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useMatchingStatus, useNearby } from '../../api/matching';
import { PageLoading } from '../../components/page-loading';
import { CardReasons } from '../../components/profile-details/card-reasons';
import { ProfileModal } from '../../components/profile-modal/profile-modal';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { VerifiedBadge } from '../../components/verified-badge';
import { CompatibilityBadge } from '../../components/values/compatibility-badge';

const t = ko.matching.nearby;

function NearbyCard({ person, onOpen }: { person: NearbyProfile; onOpen: () => void }) {
  return (
    <li>
      {/* Named by what it shows (name, age, place, interests, distance): WCAG 2.5.3 label in name. */}
      <button type="button" className="nearby-card" onClick={onOpen}>
        {person.mainImageUrl ? (
          <img className="nearby-card__avatar" src={person.mainImageUrl} alt="" />
        ) : (
          <span className="nearby-card__avatar" aria-hidden="true">
            {person.name.slice(0, 1)}
          </span>
        )}
        <span>
          <span className="nearby-card__name">
            {person.name} <span className="nearby-card__meta">{ko.matching.random.age(person.age)}</span>
            <VerifiedBadge verified={person.verified} />
            <CompatibilityBadge value={person.compatibility} />
          </span>
          <span className="nearby-card__meta nearby-card__line">
            {person.location || ko.matching.random.noLocation}
          </span>
          <span className="nearby-card__tags">
            {person.interests.map((tag) => (
              <span key={tag} className="tag">
                #{tag}
              </span>
            ))}
          </span>
          <CardReasons reasons={person.reasons} inline />
        </span>
        <span className="nearby-card__distance">{t.distance(person.distanceKm)}</span>
      </button>
    </li>
  );
}

export function LocationMatchingPage() {
  const navigate = useNavigate();
  const status = useMatchingStatus();
  const [radius, setRadius] = useState<NearbyRadiusKm>(10);
  const [openId, setOpenId] = useState<number | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set());
  const ready = status.data?.hasLocation === true;
  const list = useNearby(radius, ready);

  const noLocation =
    (status.data !== undefined && !status.data.hasLocation) ||
    (list.error instanceof ApiError && list.error.code === 'LOCATION_REQUIRED');
  useEffect(() => {
    if (!noLocation) return;
    showToast(t.needLocation, 'info');
    navigate('/location', { replace: true });
  }, [noLocation, navigate]);

  const people = (list.data?.pages ?? []).flatMap((p) => p.content).filter((p) => !hidden.has(p.memberId));

  let body;
  if (status.isPending || noLocation || (ready && list.isPending)) body = <PageLoading label={t.loading} />;
  else if (status.isError || list.isError) {
    body = (
      <div className="center-state match-empty" role="alert">
        <p>{t.loadFailed}</p>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => void (status.isError ? status.refetch() : list.refetch())}
        >
          {ko.matching.random.retry}
        </button>
      </div>
    );
  } else if (people.length === 0) {
    body = (
      <div className="center-state match-empty">
        <p className="muted">{t.empty}</p>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="nearby-list">
          {people.map((p) => (
            <NearbyCard key={p.memberId} person={p} onOpen={() => setOpenId(p.memberId)} />
          ))}
        </ul>
        {list.hasNextPage ? (
          <div className="nearby-more">
            <button
              type="button"
              className="btn btn--secondary"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? t.loadingMore : t.more}
            </button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="page match-page">
      <div className="container">
        <h1 className="page-title">{t.title}</h1>
        <p className="page-lead">{t.lead}</p>
        <fieldset className="nearby-radius">
          <legend>{t.radiusLabel}</legend>
          <div className="segmented">
            {MATCHING_LIMITS.nearbyRadiiKm.map((km) => (
              <label key={km} className="segmented__option">
                <input
                  type="radio"
                  name="nearby-radius"
                  value={km}
                  checked={radius === km}
                  onChange={() => setRadius(km)}
                />
                <span>{t.within(km)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {body}
      </div>
      <ProfileModal
        memberId={openId}
        open={openId !== null}
        onOpenChange={(open) => {
          if (!open) setOpenId(null);
        }}
        onBlocked={(id) => setHidden((s) => new Set(s).add(id))}
      />
    </div>
  );
}
