// 요청 tab: requests made to me with 수락 / 거절. Failures are only logged (spec §8).
import type { PendingRequestItem } from '@contract/chat';
import { ko } from '../../i18n/ko';
import { formatRelative } from '../../lib/dates';
import { ChatAvatar } from './chat-avatar';

export function RequestList(props: {
  requests: PendingRequestItem[];
  busyId: number | null;
  onAccept: (request: PendingRequestItem) => void;
  onReject: (request: PendingRequestItem) => void;
}) {
  const t = ko.chat;
  if (props.requests.length === 0) return <p className="chat-empty">{t.emptyRequests}</p>;
  return (
    <ul className="request-list" aria-label={t.requestsLabel}>
      {props.requests.map((request) => {
        const busy = props.busyId === request.matchingId;
        return (
          <li key={request.matchingId} className="request-item">
            <ChatAvatar url={request.opponentProfileImageUrl} />
            <div className="request-item__body">
              <span className="request-item__name">{request.opponentNickname}</span>
              <time className="request-item__time" dateTime={request.requestedAt}>
                {t.requestedAt(formatRelative(request.requestedAt))}
              </time>
            </div>
            <div className="request-item__actions">
              <button
                type="button"
                className="btn btn--primary btn--small"
                disabled={busy}
                aria-label={t.acceptLabel(request.opponentNickname)}
                onClick={() => props.onAccept(request)}
              >
                {t.accept}
              </button>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                disabled={busy}
                aria-label={t.rejectLabel(request.opponentNickname)}
                onClick={() => props.onReject(request)}
              >
                {t.reject}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
