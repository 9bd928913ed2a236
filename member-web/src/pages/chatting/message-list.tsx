// The conversation: bubbles (mine on the right, theirs on the left) with Korean times and day
// dividers, my unconfirmed messages at the end, and older history loading upward.
import { Fragment, useLayoutEffect, useRef } from 'react';
import type { ChatMessage } from '@contract/chat';
import { ko } from '../../i18n/ko';
import type { OutboxItem } from '../../lib/chat-outbox';
import { chatDay, formatChatTime } from '../../lib/chat-text';

const NEAR_BOTTOM_PX = 120;
const NEAR_TOP_PX = 40;

export function MessageList(props: {
  label: string;
  messages: ChatMessage[];
  opponentId: number;
  outbox: readonly OutboxItem[];
  offline: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (clientMsgId: string) => void;
  onDiscard: (clientMsgId: string) => void;
  emptyHint: string;
}) {
  const t = ko.chat;
  const box = useRef<HTMLDivElement>(null);
  const firstId = props.messages[0]?.id;
  const lastKey = `${props.messages.at(-1)?.id ?? 0}:${props.outbox.length}`;
  const prev = useRef({ firstId, lastKey, height: 0, stuck: true });

  // Keep the view where the reader is: older pages don't move it, new messages follow the bottom.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = prev.current;
    if (before.firstId !== undefined && firstId !== undefined && firstId < before.firstId) {
      el.scrollTop += el.scrollHeight - before.height;
    } else if (before.lastKey !== lastKey && before.stuck) {
      el.scrollTop = el.scrollHeight;
    }
    prev.current = { firstId, lastKey, height: el.scrollHeight, stuck: before.stuck };
  }, [firstId, lastKey]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    prev.current.stuck = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    prev.current.height = el.scrollHeight;
    if (el.scrollTop < NEAR_TOP_PX && props.hasOlder && !props.loadingOlder) props.onLoadOlder();
  };

  let lastDay = '';
  return (
    <div ref={box} className="message-list" role="log" aria-label={props.label} aria-live="polite" onScroll={onScroll}>
      <div className="message-list__top">
        {props.loadingOlder ? (
          <span>{t.loadingOlder}</span>
        ) : props.hasOlder ? (
          <button type="button" className="btn btn--ghost btn--small" onClick={props.onLoadOlder}>
            {t.loadOlder}
          </button>
        ) : props.messages.length > 0 ? (
          <span>{t.beginning}</span>
        ) : null}
      </div>
      {props.messages.length === 0 && props.outbox.length === 0 ? (
        <p className="message-list__hint">{props.emptyHint}</p>
      ) : null}
      {props.messages.map((m) => {
        const day = chatDay(m.sentAt);
        const divider = day !== lastDay;
        lastDay = day;
        const mine = m.senderId !== props.opponentId;
        return (
          <Fragment key={m.id}>
            {divider ? (
              <p className="day-divider">
                <span>{day}</span>
              </p>
            ) : null}
            <div className={`bubble-row${mine ? ' bubble-row--mine' : ''}`}>
              <p className="bubble">{m.content}</p>
              <time className="bubble-time" dateTime={m.sentAt}>
                {formatChatTime(m.sentAt)}
              </time>
            </div>
          </Fragment>
        );
      })}
      {props.outbox.map((item) => (
        <div key={item.clientMsgId} className="bubble-row bubble-row--mine bubble-row--pending">
          <p className={`bubble${item.status === 'failed' ? ' bubble--failed' : ''}`}>{item.content}</p>
          {item.status === 'sending' ? (
            <span className="bubble-time">{props.offline ? t.waitingToSend : t.sending}</span>
          ) : (
            <span className="bubble-failure" role="alert">
              {t.failed}
              {item.errorCode ? ` · ${t.failReasons[item.errorCode]}` : ''}
              {item.errorCode !== 'ROOM_CLOSED' ? (
                <button type="button" className="link-button" onClick={() => props.onRetry(item.clientMsgId)}>
                  {t.retry}
                </button>
              ) : null}
              <button type="button" className="link-button" onClick={() => props.onDiscard(item.clientMsgId)}>
                {t.discard}
              </button>
            </span>
          )}
        </div>
      ))}
    </div>
  );
}
