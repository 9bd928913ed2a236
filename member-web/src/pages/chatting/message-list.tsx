// The conversation: bubbles (mine on the right, theirs on the left) with Korean times and day
// dividers (a run of one sender's messages in one minute shows its time once, on the last),
// my unconfirmed messages at the end, and older history loading upward.
import { Fragment, useLayoutEffect, useRef } from 'react';
import type { ChatMessage } from '@contract/chat';
import type { SafetyKind } from '@contract/safety/kinds';
import { ko } from '../../i18n/ko';
import type { OutboxItem } from '../../lib/chat-outbox';
import { canUnsend } from '../../lib/chat-actions';
import { chatDay, showsTime } from '../../lib/chat-text';
import { VoicePlayer } from '../../components/voice/voice-player';
import { MessageBubble } from './message-bubble';
import { ReplyQuote, replyLabel } from './reply-quote';
import { SafetyNotice } from './safety-notice';
import type { PhotoUpload, VoiceUpload } from './use-upload-outbox';

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
  opponentName?: string;
  /** My messages with a larger id show the "1". */
  opponentLastReadId?: number;
  photos?: readonly PhotoUpload[];
  onRetryPhoto?: (clientMsgId: string) => void;
  onDiscardPhoto?: (clientMsgId: string) => void;
  /** Photos and voice notes on their way up (use-upload-outbox.ts). */
  voices?: readonly VoiceUpload[];
  onRetryVoice?: (clientMsgId: string) => void;
  onDiscardVoice?: (clientMsgId: string) => void;
  onUnsend?: (message: ChatMessage) => void;
  /** 답장 on a message (absent in a closed room). */
  onReply?: (message: ChatMessage) => void;
  onOpenPhoto?: (message: ChatMessage, opener: HTMLElement) => void;
  onPhotoError?: (message: ChatMessage) => void;
  /** Now, for the five-minute unsend window (the view ticks it). */
  now?: number;
  /** The receiver's safety notices: message id → the warned kinds shown under it (safetyNoticesOf). */
  safetyNotices?: ReadonlyMap<number, readonly SafetyKind[]>;
  /** 신고하기 on a notice or a blurred photo: the report form, prefilled with that message. */
  onReportMessage?: (message: ChatMessage) => void;
  /** 차단하기 on a notice: the block confirmation. */
  onBlock?: () => void;
}) {
  const t = ko.chat;
  const box = useRef<HTMLDivElement>(null);
  const firstId = props.messages[0]?.id;
  const photos = props.photos ?? [];
  const voices = props.voices ?? [];
  const lastKey = `${props.messages.at(-1)?.id ?? 0}:${props.outbox.length}:${photos.length}:${voices.length}`;
  const now = props.now ?? Date.now();
  // stuck: the reader is at the newest message; boxHeight: the list's height when last observed.
  const prev = useRef({ firstId, lastKey, height: 0, stuck: true, boxHeight: 0 });

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
    prev.current = { ...before, firstId, lastKey, height: el.scrollHeight };
  }, [firstId, lastKey]);

  // The box shrinks when the on-screen keyboard or the emoji sheet opens: keep the newest in view.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (prev.current.stuck) el.scrollTop = el.scrollHeight;
      prev.current.boxHeight = el.clientHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    // The browser scrolls the list itself as it shrinks (the keyboard, the emoji sheet), and that scroll
    // can arrive before the observer above: it is not the reader leaving the bottom. Only a scroll at
    // the height last observed says where the reader is (with reduced motion the box shrinks in one
    // step, and the newest message was left below the fold).
    if (el.clientHeight === prev.current.boxHeight) {
      prev.current.stuck = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    }
    prev.current.height = el.scrollHeight;
    if (el.scrollTop < NEAR_TOP_PX && props.hasOlder && !props.loadingOlder) props.onLoadOlder();
  };

  let lastDay = '';
  return (
    // Focusable so the conversation scrolls from the keyboard even when no bubble has a button.
    <div
      ref={box}
      className="message-list"
      role="log"
      aria-label={props.label}
      aria-live="polite"
      tabIndex={0}
      onScroll={onScroll}
    >
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
      {props.messages.map((m, i) => {
        const day = chatDay(m.sentAt);
        const divider = day !== lastDay;
        lastDay = day;
        const mine = m.senderId !== props.opponentId;
        const notice = props.safetyNotices?.get(m.id);
        return (
          <Fragment key={m.id}>
            {divider ? (
              <p className="day-divider">
                <span>{day}</span>
              </p>
            ) : null}
            <MessageBubble
              message={m}
              mine={mine}
              showTime={showsTime(props.messages, i)}
              opponentName={props.opponentName ?? ''}
              unread={mine && m.id > (props.opponentLastReadId ?? Number.MAX_SAFE_INTEGER)}
              canUnsend={props.onUnsend !== undefined && canUnsend(m, mine, now)}
              onUnsend={(msg) => props.onUnsend?.(msg)}
              onReply={props.onReply}
              quoteLabel={m.replyTo ? replyLabel(m.replyTo, props.opponentId, props.opponentName ?? '') : undefined}
              onOpenPhoto={(msg, opener) => props.onOpenPhoto?.(msg, opener)}
              onPhotoError={(msg) => props.onPhotoError?.(msg)}
              onReport={props.onReportMessage}
            />
            {notice && notice.length > 0 ? (
              <SafetyNotice
                kinds={notice}
                opponentName={props.opponentName ?? ''}
                onReport={() => props.onReportMessage?.(m)}
                onBlock={() => props.onBlock?.()}
              />
            ) : null}
          </Fragment>
        );
      })}
      {props.outbox.map((item) => (
        <div key={item.clientMsgId} className="bubble-row bubble-row--mine bubble-row--pending">
          {item.replyTo ? (
            <div className="bubble-stack">
              <ReplyQuote
                quote={item.replyTo}
                label={replyLabel(item.replyTo, props.opponentId, props.opponentName ?? '')}
              />
              <p className={`bubble${item.status === 'failed' ? ' bubble--failed' : ''}`}>{item.content}</p>
            </div>
          ) : (
            <p className={`bubble${item.status === 'failed' ? ' bubble--failed' : ''}`}>{item.content}</p>
          )}
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
      {photos.map((item) => (
        <div key={item.clientMsgId} className="bubble-row bubble-row--mine bubble-row--pending">
          <div className="bubble-photo bubble-photo--pending">
            <img src={item.localUrl} alt={t.myPhotoAlt} />
            {item.status === 'uploading' ? (
              <progress
                className="bubble-photo__progress"
                max={100}
                value={Math.round(item.progress * 100)}
                aria-label={t.photoUploading(Math.round(item.progress * 100))}
              />
            ) : null}
          </div>
          {item.status === 'failed' ? (
            <span className="bubble-failure" role="alert">
              {t.photoFailed}
              <button type="button" className="link-button" onClick={() => props.onRetryPhoto?.(item.clientMsgId)}>
                {t.retry}
              </button>
              <button type="button" className="link-button" onClick={() => props.onDiscardPhoto?.(item.clientMsgId)}>
                {t.discard}
              </button>
            </span>
          ) : (
            <span className="bubble-time">{t.sending}</span>
          )}
        </div>
      ))}
      {voices.map((item) => (
        <div key={item.clientMsgId} className="bubble-row bubble-row--mine bubble-row--pending">
          {/* The local recording plays while it uploads, and after a failure (until 지우기). */}
          <div className="bubble-stack">
            {item.replyTo ? (
              <ReplyQuote
                quote={item.replyTo}
                label={replyLabel(item.replyTo, props.opponentId, props.opponentName ?? '')}
              />
            ) : null}
            <VoicePlayer
              src={item.localUrl}
              durationMs={item.durationMs}
              waveform={item.waveform}
              label={ko.voice.chat.myNoteSending}
              tone="mine"
            />
          </div>
          {item.status === 'failed' ? (
            <span className="bubble-failure" role="alert">
              {ko.voice.chat.failed}
              <button type="button" className="link-button" onClick={() => props.onRetryVoice?.(item.clientMsgId)}>
                {t.retry}
              </button>
              <button type="button" className="link-button" onClick={() => props.onDiscardVoice?.(item.clientMsgId)}>
                {t.discard}
              </button>
            </span>
          ) : (
            <span className="bubble-time">
              {t.sending}
              <span className="visually-hidden">
                {' '}
                {ko.voice.chat.sending} {Math.round(item.progress * 100)}%
              </span>
            </span>
          )}
        </div>
      ))}
    </div>
  );
}
