// How complete my details are, with a friendly nudge for what is still missing (docs/api-extensions.md "profile-details").
import type { ProfileDetailsData } from '../../api/profile-details';
import { ko } from '../../i18n/ko';

/** The parts that count, in the order the nudge names them. */
export function missingParts(d: ProfileDetailsData): string[] {
  const t = ko.profileDetails.details;
  const parts: [boolean, string][] = [
    [d.heightCm !== null && d.heightCm !== undefined, '키'],
    [Boolean(d.job?.category || d.job?.title), '직업'],
    [Boolean(d.bio), t.bio],
    [(d.prompts ?? []).length > 0, t.prompts],
    [Boolean(d.education), t.education],
    [Boolean(d.lookingFor), t.lookingFor],
    [Boolean(d.smoking), t.smoking],
    [Boolean(d.drinking), t.drinking],
    [Boolean(d.mbti), t.mbti],
  ];
  return parts.filter(([done]) => !done).map(([, name]) => name);
}

export const COMPLETENESS_PARTS = 9;

export function completeness(d: ProfileDetailsData): number {
  return Math.round(((COMPLETENESS_PARTS - missingParts(d).length) / COMPLETENESS_PARTS) * 100);
}

export function CompletenessMeter({ details }: { details: ProfileDetailsData }) {
  const t = ko.profileDetails.details;
  const pct = completeness(details);
  return (
    <div className="completeness">
      <div className="completeness__head">
        <span id="completeness-label" className="completeness__label">
          {t.meterLabel}
        </span>
        <span className="completeness__value">{t.meterValue(pct)}</span>
      </div>
      <div
        className="completeness__track"
        role="meter"
        aria-labelledby="completeness-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={t.meterValue(pct)}
      >
        <span className="completeness__bar" style={{ width: `${pct}%` }} />
      </div>
      <p className="completeness__nudge">{t.nudge(missingParts(details))}</p>
    </div>
  );
}
