// Why a card was shown (docs/matching.md "Why this card"): up to 3 chips in plain Korean, and the card's short summary
// of visible details (키 · 직업 · MBTI · 찾는 관계).
import './profile-details.css';
import type { CardReason, CardSummary } from '@contract/profile-details';
import {
  JOB_CATEGORY_LABELS,
  PROFILE_DETAIL_LIMITS,
  RELATIONSHIP_GOAL_LABELS,
  mbtiLabel,
} from '@contract/profile-details-core';
import { ko } from '../../i18n/ko';

export function CardReasons({
  reasons,
  inline = false,
}: {
  reasons: readonly CardReason[] | null | undefined;
  /** Inside a button (the nearby card): spans only, read as part of the button's name. */
  inline?: boolean;
}) {
  const shown = (reasons ?? []).filter((r) => r.text).slice(0, PROFILE_DETAIL_LIMITS.reasonsMax);
  if (shown.length === 0) return null;
  if (inline)
    return (
      <span className="card-reasons">
        {shown.map((r) => (
          <span key={r.code} className="card-reasons__chip" data-code={r.code}>
            {r.text}
          </span>
        ))}
      </span>
    );
  return (
    <ul className="card-reasons" aria-label={ko.profileDetails.reasons.label}>
      {shown.map((r) => (
        <li key={r.code} className="card-reasons__chip" data-code={r.code}>
          {r.text}
        </li>
      ))}
    </ul>
  );
}

export function summaryText(summary: CardSummary | null | undefined): string {
  if (!summary) return '';
  const parts = [
    summary.heightCm ? ko.profileDetails.details.heightValue(summary.heightCm) : null,
    summary.jobCategory ? JOB_CATEGORY_LABELS[summary.jobCategory] : null,
    summary.mbti && summary.mbti !== 'UNKNOWN' ? mbtiLabel(summary.mbti) : null,
    summary.lookingFor ? RELATIONSHIP_GOAL_LABELS[summary.lookingFor] : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

export function CardSummaryLine({ summary }: { summary: CardSummary | null | undefined }) {
  const text = summaryText(summary);
  return text ? <p className="card-summary">{text}</p> : null;
}
