// Someone's visible details (docs/api-extensions.md "profile-details"), shown in the profile modal and on the profile pages.
import './profile-details.css';
import { mbtiLabel, promptText, type Mbti } from '@contract/profile-details-core';
import type { ProfileDetailsData } from '../../api/profile-details';
import { ko } from '../../i18n/ko';
import {
  DRINKING_LABELS,
  EDUCATION_LABELS,
  JOB_CATEGORY_LABELS,
  RELATIONSHIP_GOAL_LABELS,
  RELIGION_LABELS,
  SMOKING_LABELS,
  labelOf,
} from './detail-options';

export type VisibleDetails = Partial<Omit<ProfileDetailsData, 'prompts'>> & {
  prompts?: { questionId: string; answer: string }[] | null;
};

export function detailRows(d: VisibleDetails): [string, string][] {
  const t = ko.profileDetails.details;
  const job = [labelOf(JOB_CATEGORY_LABELS, d.job?.category), d.job?.title].filter(Boolean).join(' · ');
  const rows: [string, string | null][] = [
    [t.height, d.heightCm ? t.heightValue(d.heightCm) : null],
    [t.jobTitle, job || null],
    [t.education, labelOf(EDUCATION_LABELS, d.education)],
    [t.lookingFor, labelOf(RELATIONSHIP_GOAL_LABELS, d.lookingFor)],
    [t.smoking, labelOf(SMOKING_LABELS, d.smoking)],
    [t.drinking, labelOf(DRINKING_LABELS, d.drinking)],
    [t.mbti, d.mbti ? mbtiLabel(d.mbti as Mbti) : null],
    [t.religion, d.religionVisible === false ? null : labelOf(RELIGION_LABELS, d.religion)],
  ];
  return rows.filter((r): r is [string, string] => Boolean(r[1]));
}

export function DetailsView({ details }: { details: VisibleDetails | null | undefined }) {
  if (!details) return null;
  const rows = detailRows(details);
  const prompts = details.prompts ?? [];
  if (!details.bio && rows.length === 0 && prompts.length === 0) return null;
  return (
    <section className="details-view" aria-label={ko.profileDetails.details.viewTitle}>
      {details.bio ? <p className="details-view__bio">{details.bio}</p> : null}
      {rows.length > 0 ? (
        <dl className="details-view__facts">
          {rows.map(([label, value]) => (
            <div key={label} className="details-view__fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {prompts.length > 0 ? (
        <ul className="details-view__prompts">
          {prompts.map((p) => (
            <li key={p.questionId} className="details-view__prompt">
              <p className="details-view__question">{promptText(p.questionId) ?? p.questionId}</p>
              <p className="details-view__answer">{p.answer}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
