// '궁합 82%' on cards and the profile (docs/values.md); nothing when there is no 궁합 yet.
import { ko } from '../../i18n/ko';

export function CompatibilityBadge({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return null;
  return (
    <span className="compatibility-badge" role="img" aria-label={ko.values.compatibilityLabel(value)}>
      {ko.values.compatibility(value)}
    </span>
  );
}
