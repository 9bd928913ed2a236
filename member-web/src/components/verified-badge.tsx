// 인증됨: shown next to a member's name when their photos are verified (issue 20 §3).
import type { Verified } from '@contract/photo-verification';
import { ko } from '../i18n/ko';

export function VerifiedBadge({ verified }: { verified: Verified | undefined }) {
  if (!verified?.photo) return null;
  return (
    <span className="verified-badge" role="img" aria-label={ko.verify.badgeLabel}>
      <span aria-hidden="true">✓</span>
      {ko.verify.badge}
    </span>
  );
}
