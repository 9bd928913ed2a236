// 요청 tab: requests made to me with 수락 / 거절. Failures are only logged (docs/product-spec.md §8).
import type { ChatRequest } from '../../api/request-id';
import { ko } from '../../i18n/ko';
import { formatRelative } from '../../lib/dates';
import { useOfferPushOptIn } from '../../lib/push-opt-in';
import { ChatAvatar } from './chat-avatar';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left before `expiresAt` (at least 1 while it has not passed), or null once passed. */
export function daysLeft(expiresAt: string | undefined, now: number): number | null {
  if (!expiresAt) return null;
  const left = Date.parse(expiresAt) - now;
  if (!(left > 0)) return null;
  return Math.max(1, Math.ceil(left / DAY_MS));
}

export function RequestList(props: {
  requests: ChatRequest[];
  busyId: number | null;
  onAccept: (request: ChatRequest) => void;
  onReject: (request: ChatRequest) => void;
}) {
  const t = ko.chat;
  // A received request on screen is the moment to offer push (lib/push-opt-in.ts).
  useOfferPushOptIn(props.requests.length > 0);
  if (props.requests.length === 0) return <p className="chat-empty">{t.emptyRequests}</p>;
  return (
    <ul className="request-list" aria-label={t.requestsLabel}>
      {props.requests.map((request) => {
        const busy = props.busyId === request.requestId;
        const days = daysLeft(request.expiresAt, Date.now());
        return (
          <li key={request.requestId} className="request-item">
            <ChatAvatar url={request.opponentProfileImageUrl} />
            <div className="request-item__body">
              <span className="request-item__name">{request.opponentNickname}</span>
              {request.intro ? (
                <p className="request-item__intro">
                  <span className="visually-hidden">{t.introLabel}: </span>
                  {request.intro}
                </p>
              ) : null}
              <span className="request-item__time">
                <time dateTime={request.requestedAt}>{t.requestedAt(formatRelative(request.requestedAt))}</time>
                {days !== null && request.expiresAt ? (
                  <>
                    {' · '}
                    <time dateTime={request.expiresAt}>{t.expiresIn(days)}</time>
                  </>
                ) : null}
              </span>
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
