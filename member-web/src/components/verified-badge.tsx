// 인증됨: shown next to a member's name when their photos are verified (docs/trust.md "Verified photos").
import type { Verified } from '@contract/photo-verification';
import { ko } from '../i18n/ko';

export function VerifiedBadge({ verified }: { verified: Verified | undefined }) {
  if (!verified?.photo) return null;
  // The space before it belongs to the badge: a name without one keeps no trailing space.
  return (
    <>
      {' '}
      <span className="verified-badge" role="img" aria-label={ko.verify.badgeLabel}>
        <span aria-hidden="true">✓</span>
        {ko.verify.badge}
      </span>
    </>
  );
}
