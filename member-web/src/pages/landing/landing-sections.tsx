import type { ReactNode } from 'react';
import { ChatIcon, HeartIcon, ShieldIcon, SparkleIcon, SunIcon, TagIcon, UserIcon } from '../../components/icons';
import { ko } from '../../i18n/ko';

const FEATURE_ICONS: ReactNode[] = [<ShieldIcon size={28} />, <HeartIcon size={28} />, <SunIcon size={28} />];
const STEP_ICONS: ReactNode[] = [
  <UserIcon size={24} />,
  <TagIcon size={24} />,
  <SparkleIcon size={24} />,
  <ChatIcon size={24} />,
];

export function FeatureList() {
  return (
    <ul className="feature-list">
      {ko.landing.features.map((f, i) => (
        <li key={f.title} className="feature-card">
          <span className="feature-card__icon">{FEATURE_ICONS[i]}</span>
          <h3 className="feature-card__title">{f.title}</h3>
          <p className="feature-card__body">{f.body}</p>
        </li>
      ))}
    </ul>
  );
}

export function StepList() {
  return (
    <ol className="step-list">
      {ko.landing.steps.map((s, i) => (
        <li key={s.title} className="step-card">
          <span className="step-card__badge">{ko.landing.step(i + 1)}</span>
          <span className="step-card__icon">{STEP_ICONS[i]}</span>
          <h3 className="step-card__title">{s.title}</h3>
          <p className="step-card__body">{s.body}</p>
        </li>
      ))}
    </ol>
  );
}
