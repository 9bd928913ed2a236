// 추천 조건 on the matching settings tab (docs/matching.md "Preferences both ways"): age range (만 나이) and the farthest
// distance (5–100 km or 전국), saved with one button.
import './received.css';
import { PROFILE_DETAIL_LIMITS } from '@contract/profile-details-core';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/client';
import type { MatchingPreferences } from '../../api/profile-details';
import { useMatchingPreferences, useSaveMatchingPreferences } from '../../api/profile-details';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { TabFailure, TabLoading } from './tab-state';

const DISTANCE_STEPS = [5, 10, 20, 30, 50, 100].filter(
  (km) => km >= PROFILE_DETAIL_LIMITS.distanceMinKm && km <= PROFILE_DETAIL_LIMITS.distanceMaxKm,
);

export function PreferencesSection() {
  const prefs = useMatchingPreferences();
  if (prefs.isPending) return <TabLoading />;
  if (prefs.isError) return <TabFailure error={prefs.error} onRetry={() => void prefs.refetch()} />;
  return <PreferencesForm key={prefs.dataUpdatedAt} initial={prefs.data} />;
}

function PreferencesForm({ initial }: { initial: MatchingPreferences }) {
  const t = ko.profileDetails.preferences;
  const save = useSaveMatchingPreferences();
  const low = initial.allowedAgeMin ?? 19;
  const high = initial.allowedAgeMax ?? 60;
  const [ageMin, setAgeMin] = useState<number | null>(initial.ageMin);
  const [ageMax, setAgeMax] = useState<number | null>(initial.ageMax);
  const [distance, setDistance] = useState<number | null>(initial.maxDistanceKm);
  const [verifiedOnly, setVerifiedOnly] = useState<boolean>(initial.verifiedOnly ?? false);
  const [error, setError] = useState<string | null>(null);
  const ids = { min: useId(), max: useId(), dist: useId(), head: useId(), verified: useId() };
  const ages: number[] = [];
  for (let a = low; a <= high; a++) ages.push(a);
  const steps =
    distance !== null && !DISTANCE_STEPS.includes(distance)
      ? [...DISTANCE_STEPS, distance].sort((a, b) => a - b)
      : DISTANCE_STEPS;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ageMin !== null && ageMax !== null && ageMin > ageMax) {
      setError(t.ageOrder);
      return;
    }
    setError(null);
    save.mutate(
      { ageMin, ageMax, maxDistanceKm: distance, verifiedOnly },
      {
        onSuccess: () => showToast(t.saved, 'success'),
        onError: (err) => showToast(`${t.failed}: ${errorMessage(err)}`, 'error'),
      },
    );
  };
  const parse = (v: string) => (v === '' ? null : Number(v));

  return (
    <form className="prefs-form" onSubmit={submit} aria-labelledby={ids.head} noValidate>
      <h3 id={ids.head} className="card__title">
        {t.title}
      </h3>
      <p className="muted">{t.lead}</p>
      <div className="prefs-form__row">
        <div className="field">
          <label htmlFor={ids.min} className="field__label">
            {t.ageMin}
          </label>
          <select
            id={ids.min}
            className="input"
            value={ageMin ?? ''}
            onChange={(e) => setAgeMin(parse(e.target.value))}
          >
            <option value="">{t.anyAge}</option>
            {ages.map((a) => (
              <option key={a} value={a}>
                {t.ageValue(a)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.max} className="field__label">
            {t.ageMax}
          </label>
          <select
            id={ids.max}
            className="input"
            value={ageMax ?? ''}
            onChange={(e) => setAgeMax(parse(e.target.value))}
          >
            <option value="">{t.anyAge}</option>
            {ages.map((a) => (
              <option key={a} value={a}>
                {t.ageValue(a)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={ids.dist} className="field__label">
          {t.distance}
        </label>
        <input
          id={ids.dist}
          type="range"
          className="prefs-form__range"
          min={0}
          max={steps.length}
          step={1}
          value={distance === null ? steps.length : steps.indexOf(distance)}
          aria-valuetext={distance === null ? t.nationwide : t.distanceValue(distance)}
          onChange={(e) => {
            const i = Number(e.target.value);
            setDistance(i >= steps.length ? null : (steps[i] ?? null));
          }}
        />
        <p className="field__hint prefs-form__value" aria-hidden="true">
          {distance === null ? t.nationwide : t.distanceValue(distance)}
        </p>
      </div>
      <label className="switch-row" htmlFor={ids.verified}>
        <span className="switch-row__text">
          <span className="switch-row__label">{ko.profileDetails.preferences.verifiedOnly}</span>
          <span className="field__hint">{ko.profileDetails.preferences.verifiedOnlyHint}</span>
        </span>
        <input
          id={ids.verified}
          type="checkbox"
          role="switch"
          className="switch"
          checked={verifiedOnly}
          onChange={(e) => setVerifiedOnly(e.target.checked)}
        />
      </label>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        {t.save}
      </button>
    </form>
  );
}
