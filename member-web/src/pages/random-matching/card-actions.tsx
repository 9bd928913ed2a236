// The matching card's actions: 다음 / 채팅 신청 / 마음 as visible buttons for mouse,
// keyboard and touch alike, with the page's arrow-key shortcuts named on each (aria-keyshortcuts)
// and in a hint the group points to. Swiping stays for touch.
import { ChatIcon, CloseIcon, HeartIcon } from '../../components/icons';
import { ko } from '../../i18n/ko';

/** The page's shortcuts (random-matching-page.tsx listens for them). */
export const CARD_KEYS = { next: 'ArrowLeft', heart: 'ArrowRight', chat: 'ArrowUp' } as const;

export function CardActions(props: {
  name: string;
  hintId: string;
  requested: boolean;
  requesting: boolean;
  busy: boolean;
  onNext: () => void;
  onHeart: () => void;
  onRequestChat: () => void;
}) {
  const t = ko.matching.random;
  return (
    <>
      <div
        className="match-actions"
        role="group"
        aria-label={t.actionsLabel(props.name)}
        aria-describedby={props.hintId}
      >
        <button
          type="button"
          className="match-action match-action--next"
          aria-label={t.next}
          aria-keyshortcuts={CARD_KEYS.next}
          aria-disabled={props.busy}
          onClick={props.onNext}
        >
          <CloseIcon size={22} />
          <span>{t.nextShort}</span>
        </button>
        <button
          type="button"
          className="match-action match-action--chat"
          aria-label={props.requested ? t.requested : t.requestChat}
          aria-busy={props.requesting}
          aria-keyshortcuts={CARD_KEYS.chat}
          disabled={props.requested || props.requesting}
          onClick={props.onRequestChat}
        >
          <ChatIcon size={22} />
          <span>{props.requested ? t.requestedShort : t.requestChatShort}</span>
        </button>
        <button
          type="button"
          className="match-action match-action--heart"
          aria-label={t.heart}
          aria-keyshortcuts={CARD_KEYS.heart}
          aria-disabled={props.busy}
          onClick={props.onHeart}
        >
          <HeartIcon size={22} fill="currentColor" />
          <span>{t.heartShort}</span>
        </button>
      </div>
      <p id={props.hintId} className="field__hint match-card__hint match-card__key-hint">
        {t.keyHint}
      </p>
    </>
  );
}
