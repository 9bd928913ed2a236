// '궁합 82%' on cards and the profile (docs/values.md); nothing when there is no 궁합 yet. Screen
// readers hear '가치관 궁합 82%': the visible text stays inside the accessible name (WCAG 2.5.3).
import './values.css';
import { ko } from '../../i18n/ko';

export function CompatibilityBadge({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return null;
  // The space before it belongs to the badge, as with VerifiedBadge.
  return (
    <>
      {' '}
      <span className="compatibility-badge" data-testid="compatibility">
        <span className="visually-hidden">{ko.values.compatibilityPrefix}</span>
        {ko.values.compatibility(value)}
      </span>
    </>
  );
}
