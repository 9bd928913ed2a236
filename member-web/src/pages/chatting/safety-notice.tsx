// The receiver's calm notice under a message the detector flagged CONTACT or MONEY, in a room's
// first days (safetyNoticesOf in contract/safety/chat.ts: at most once per kind per room), with
// 신고하기 (the report form, prefilled with the message) and 차단하기 (the block confirmation).
import type { SafetyKind } from '@contract/safety/kinds';
import { ko } from '../../i18n/ko';

export function SafetyNotice(props: {
  kinds: readonly SafetyKind[];
  opponentName: string;
  onReport: () => void;
  onBlock: () => void;
}) {
  const t = ko.chatSafety;
  return (
    <aside className="safety-notice" aria-label={t.noticeLabel}>
      {props.kinds.map((k) => (
        <p key={k} className="safety-notice__text">
          {t.notice[k]}
        </p>
      ))}
      <div className="safety-notice__actions">
        <button
          type="button"
          className="btn btn--secondary btn--small"
          aria-label={t.reportLabel(props.opponentName)}
          onClick={props.onReport}
        >
          {t.report}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          aria-label={t.blockLabel(props.opponentName)}
          onClick={props.onBlock}
        >
          {t.block}
        </button>
      </div>
    </aside>
  );
}
