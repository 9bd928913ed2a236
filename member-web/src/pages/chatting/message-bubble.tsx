// One stored message: text, photo (tap to view full screen; a link that stopped loading asks for
// a fresh one) or "삭제된 메시지예요"; on my side the "1" until the other has read it and, for five
// minutes after sending, 삭제 in its small menu; any text message's menu has 복사하기, and any
// message not unsent has 답장 (quoted above the bubble once sent: reply-quote.tsx). A photo the room
// marked `blurred` for me (its sender has not had three replies from me yet) shows blurred with
// '사진 보기' and 신고하기 until I choose to see it. A voice note plays in its bubble (VoicePlayer); a
// link that stopped loading asks for a fresh one, as a photo does.
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import type { ChatMessage } from '@contract/chat';
import { callLineText } from '@contract/calls';
import { showToast } from '../../components/toast/toast-store';
import { VoicePlayer } from '../../components/voice/voice-player';
import { ko } from '../../i18n/ko';
import { formatChatTime } from '../../lib/chat-text';
import { ReplyQuote } from './reply-quote';

export function MessageBubble(props: {
  message: ChatMessage;
  mine: boolean;
  /** The last of a same-minute run carries the time (lib/chat-text.ts showsTime). */
  showTime?: boolean;
  opponentName: string;
  /** My message the other has not read yet. */
  unread: boolean;
  canUnsend: boolean;
  onUnsend: (message: ChatMessage) => void;
  /** 답장 in the menu (absent in a closed room). */
  onReply?: (message: ChatMessage) => void;
  /** For a reply: whose message it quotes ("나에게 답장" / "{name}님에게 답장"). */
  quoteLabel?: string;
  onOpenPhoto: (message: ChatMessage, opener: HTMLElement) => void;
  /** A photo's or a voice note's link stopped loading (fetch fresh links). */
  onPhotoError: (message: ChatMessage) => void;
  /** 신고하기 on a blurred photo (the report form, prefilled with it). */
  onReport?: (message: ChatMessage) => void;
}) {
  const t = ko.chat;
  const { message: m, mine } = props;
  const [loaded, setLoaded] = useState(false);
  const [revealed, setRevealed] = useState(false);
  if (m.call && !m.deleted) {
    // A call line (docs/voice.md "Calls"): centred, in my words ('영상 통화 3분', '부재중 음성 통화').
    return (
      <div className="call-line" data-message-id={m.id} data-call-outcome={m.call.outcome}>
        <span className="call-line__icon" aria-hidden="true">
          {m.call.kind === 'VIDEO' ? '🎥' : '📞'}
        </span>
        <span className="call-line__text">{callLineText(m.call, mine ? m.call.callerId : -1)}</span>
        <time className="bubble-time" dateTime={m.sentAt}>
          {formatChatTime(m.sentAt)}
        </time>
      </div>
    );
  }
  let body;
  if (m.deleted) {
    body = <p className="bubble bubble--deleted">{t.unsent}</p>;
  } else if (m.imageUrl && m.blurred && !mine && !revealed) {
    const s = ko.chatSafety;
    body = (
      <div className="bubble-photo bubble-photo--blurred" role="group" aria-label={s.blurredLabel(props.opponentName)}>
        <img src={m.imageUrl} alt="" onError={() => props.onPhotoError(m)} />
        <div className="bubble-photo__veil">
          <p className="bubble-photo__note">{s.blurredNote}</p>
          <button
            type="button"
            className="btn btn--secondary btn--small"
            aria-label={s.revealLabel(props.opponentName)}
            onClick={() => setRevealed(true)}
          >
            {s.reveal}
          </button>
          {props.onReport ? (
            <button
              type="button"
              className="link-button bubble-photo__report"
              aria-label={s.reportPhotoLabel(props.opponentName)}
              onClick={() => props.onReport?.(m)}
            >
              {s.report}
            </button>
          ) : null}
        </div>
      </div>
    );
  } else if (m.imageUrl) {
    const alt = mine ? t.myPhotoAlt : t.photoAlt(props.opponentName);
    body = (
      <button
        type="button"
        className={`bubble-photo${loaded ? '' : ' bubble-photo--loading'}`}
        aria-label={`${alt}, ${t.photoOpen}`}
        onClick={(e) => props.onOpenPhoto(m, e.currentTarget)}
      >
        <img
          src={m.imageUrl}
          alt=""
          onLoad={() => setLoaded(true)}
          onError={() => {
            setLoaded(false);
            props.onPhotoError(m);
          }}
        />
      </button>
    );
  } else if (m.audioUrl) {
    body = (
      <VoicePlayer
        src={m.audioUrl}
        durationMs={m.durationMs ?? 0}
        waveform={m.waveform ?? []}
        label={mine ? ko.voice.chat.myNote : ko.voice.chat.theirNote(props.opponentName)}
        tone={mine ? 'mine' : 'theirs'}
        onError={() => props.onPhotoError(m)}
      />
    );
  } else {
    body = <p className="bubble">{m.content}</p>;
  }
  if (m.replyTo && !m.deleted) {
    body = (
      <div className="bubble-stack">
        <ReplyQuote quote={m.replyTo} label={props.quoteLabel ?? ''} />
        {body}
      </div>
    );
  }
  const canCopy = !m.deleted && !m.imageUrl && !m.audioUrl && m.content.length > 0;
  const canReply = props.onReply !== undefined && !m.deleted;
  const copy = () =>
    void navigator.clipboard
      .writeText(m.content)
      .then(() => showToast(t.copied, 'success'))
      .catch(() => showToast(t.copyFailed, 'error'));
  return (
    <div className={`bubble-row${mine ? ' bubble-row--mine' : ''}`} data-message-id={m.id}>
      {body}
      <span className="bubble-meta">
        {mine && props.unread && !m.deleted ? (
          <span className="bubble-unread">
            <span aria-hidden="true">1</span>
            <span className="visually-hidden">{t.unreadMark}</span>
          </span>
        ) : null}
        {props.showTime === false ? null : (
          <time className="bubble-time" dateTime={m.sentAt}>
            {formatChatTime(m.sentAt)}
          </time>
        )}
      </span>
      {props.canUnsend || canCopy || canReply ? (
        <Menu.Root modal={false}>
          <Menu.Trigger className="bubble-menu" aria-label={t.messageMenu}>
            <span aria-hidden="true">⋯</span>
          </Menu.Trigger>
          <Menu.Portal>
            <Menu.Content className="bubble-menu__content" align="end" sideOffset={4}>
              {canReply ? (
                <Menu.Item className="bubble-menu__item bubble-menu__item--plain" onSelect={() => props.onReply?.(m)}>
                  {t.reply}
                </Menu.Item>
              ) : null}
              {canCopy ? (
                <Menu.Item className="bubble-menu__item bubble-menu__item--plain" onSelect={copy}>
                  {t.copy}
                </Menu.Item>
              ) : null}
              {props.canUnsend ? (
                <Menu.Item className="bubble-menu__item" onSelect={() => props.onUnsend(m)}>
                  {t.unsend}
                </Menu.Item>
              ) : null}
            </Menu.Content>
          </Menu.Portal>
        </Menu.Root>
      ) : null}
    </div>
  );
}
