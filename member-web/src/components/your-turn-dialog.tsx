// 답장을 기다리는 대화가 있어요 (docs/chat.md "Your turn and quiet rooms"): a new request or an accept
// was refused because too many rooms wait on the member's reply. Lists them, oldest wait first, each
// with a way into the room to answer (or, silent long enough, to wrap it up there).
import { Link } from 'react-router-dom';
import { ko } from '../i18n/ko';
import { formatRelative } from '../lib/dates';
import { closeYourTurn, useYourTurn } from '../lib/your-turn-store';
import { Modal } from './modal';

export function YourTurnDialog() {
  const refusal = useYourTurn();
  const t = ko.chat.yourTurn;
  const waiting = refusal?.waiting ?? [];
  const more = (refusal?.waitingCount ?? 0) - waiting.length;
  return (
    <Modal
      open={refusal !== null}
      onOpenChange={(open) => {
        if (!open) closeYourTurn();
      }}
      title={t.title}
      description={t.body(refusal?.waitingCount ?? 0)}
    >
      <ul className="your-turn__list" aria-label={t.listLabel}>
        {waiting.map((room) => (
          <li key={room.chatRoomId} className="your-turn__item">
            {room.opponentProfileImageUrl ? (
              <img className="your-turn__avatar" src={room.opponentProfileImageUrl} alt="" />
            ) : (
              <span className="your-turn__avatar your-turn__avatar--empty" aria-hidden="true" />
            )}
            <span className="your-turn__who">
              <strong>{room.opponentNickname}</strong>
              <span className="your-turn__when">{t.waitingSince(formatRelative(room.lastMessageAt))}</span>
            </span>
            <Link
              className="btn btn--secondary your-turn__reply"
              to={`/chatting/${room.chatRoomId}`}
              aria-label={t.replyLabel(room.opponentNickname)}
              onClick={closeYourTurn}
            >
              {t.reply}
            </Link>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="your-turn__more">{t.more(more)}</p> : null}
      <div className="dialog__actions">
        <button type="button" className="btn btn--primary" onClick={closeYourTurn}>
          {t.close}
        </button>
      </div>
    </Modal>
  );
}
