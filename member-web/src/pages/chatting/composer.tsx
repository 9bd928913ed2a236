// The input row: emoji picker (55 emoji), the message box (Enter sends, never during Hangul
// composition; Shift+Enter is a new line) and the send button. A picked emoji goes in at the
// caret and typing goes on in the box; Escape in the picker returns to the 😊 button. The box grows
// with the text up to five lines, then scrolls. A draft the safety detector flags ABUSE or SEXUAL
// asks '정말 보낼까요?' first (send-nudge-dialog.tsx); the answer is reported through `onNudged`.
// With the box empty a 🎤 button sits beside 📷 (docs/voice.md "In the app"): while it records,
// previews or decodes, the recorder has the row.
import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { CHAT_LIMITS, type ChatReplyRef } from '@contract/chat';
import { countChars } from '@contract/text';
import { safetyKindsOf } from '@contract/safety/detector';
import { senderNudgedKinds } from '@contract/safety/chat';
import type { NudgeOutcome, SafetyKind } from '@contract/safety/kinds';
import { VOICE_LIMITS } from '@contract/voice';
import { ko } from '../../i18n/ko';
import type { Recording } from '../../components/voice/use-voice-recorder';
import { VoiceRecorder } from '../../components/voice/voice-recorder';
import { CHAT_PHOTO_MAX_BYTES, CHAT_PHOTO_TYPES } from '../../lib/chat-actions';
import { prepareImage } from '../../lib/image-prepare';
import { shouldSendOnKey } from '../../lib/chat-text';
import { EmojiPicker, type PickerCloseReason } from './emoji-picker';
import { ReplyQuote } from './reply-quote';
import { SendNudgeDialog } from './send-nudge-dialog';
import { useAutoGrow } from './use-auto-grow';

const COUNTER_FROM = CHAT_LIMITS.messageMaxChars - 100;

export function Composer(props: {
  disabled: boolean;
  onSend: (text: string) => boolean;
  /** The text changed outside an IME composition (or a composition committed text): "입력 중…". */
  onTyping?: () => void;
  /** A checked photo (JPEG/PNG/WebP, ≤ 10 MB) to send; absent: no 📷 button. */
  onPhoto?: (file: File) => void;
  /** A finished voice note (≤ VOICE_LIMITS.noteMaxMs) to send; absent: no 🎤 button. */
  onVoice?: (recording: Recording) => void;
  /** 답장: the message being answered, quoted above the box (답장 취소 drops it). */
  reply?: { quote: ChatReplyRef; label: string } | null;
  onCancelReply?: () => void;
  /** The sender answered '정말 보낼까요?' (수정하기: EDITED, 보내기: SENT). */
  onNudged?: (kinds: SafetyKind[], outcome: NudgeOutcome) => void;
}) {
  const t = ko.chat;
  const [text, setText] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [recording, setRecording] = useState(false);
  // Where the caret goes once the text with a picked emoji has rendered.
  const caretAfterInsert = useRef<number | null>(null);
  // The count the Durable Object will make (text.ts): invisible characters are not text.
  const length = countChars(text);
  const blank = length === 0;
  useAutoGrow(input, text);
  // 답장 chosen in a message's menu: writing goes on in the box.
  const replyId = props.reply?.quote.id;
  useEffect(() => {
    if (replyId !== undefined) input.current?.focus();
  }, [replyId]);

  /** The nudged kinds of the draft being asked about; null: not asking. */
  const [nudge, setNudge] = useState<SafetyKind[] | null>(null);

  const send = (confirmed = false) => {
    if (props.disabled || blank) return;
    if (!confirmed) {
      const kinds = senderNudgedKinds(safetyKindsOf(text));
      if (kinds.length > 0) {
        setNudge(kinds);
        return;
      }
    }
    if (props.onSend(text)) setText('');
    input.current?.focus();
  };

  const answerNudge = (outcome: NudgeOutcome) => {
    if (!nudge) return;
    props.onNudged?.(nudge, outcome);
    setNudge(null);
    if (outcome === 'SENT') send(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter') return;
    if (shouldSendOnKey(event)) {
      event.preventDefault();
      send();
    }
  };

  const insert = (emoji: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    caretAfterInsert.current = start + emoji.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    setEmojiOpen(false);
  };

  useLayoutEffect(() => {
    const caret = caretAfterInsert.current;
    if (caret === null) return;
    caretAfterInsert.current = null;
    input.current?.focus();
    input.current?.setSelectionRange(caret, caret);
  }, [text]);

  const onText = (e: ChangeEvent<HTMLTextAreaElement>) => {
    setText(e.target.value);
    // Keystrokes inside a Hangul composition are not "typing" yet: a cancelled one never counts.
    const composing = (e.nativeEvent as InputEvent).isComposing === true;
    if (!composing && e.target.value !== text) props.onTyping?.();
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!(CHAT_PHOTO_TYPES as readonly string[]).includes(file.type)) return setPhotoError(t.photoTypeError);
    // Upright and at most LIMITS.imageMaxSide px, as the server stores it (it refuses huge originals).
    const prepared = await prepareImage(file);
    if (prepared.size > CHAT_PHOTO_MAX_BYTES) return setPhotoError(t.photoSizeError);
    setPhotoError(null);
    props.onPhoto?.(prepared);
  };

  const closePicker = (reason: PickerCloseReason) => {
    setEmojiOpen(false);
    if (reason === 'escape') emojiButton.current?.focus();
  };

  const voice = props.onVoice ? (
    <VoiceRecorder
      maxMs={VOICE_LIMITS.noteMaxMs}
      holdToRecord
      disabled={props.disabled}
      onActiveChange={setRecording}
      onSend={props.onVoice}
      previewLabel={ko.voice.chat.myNote}
    />
  ) : null;

  return (
    <form
      className={`composer${recording ? ' composer--recording' : ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      {/* A voice note recorded now answers the quote too: it stays while recording (nothing moves under the finger). */}
      {props.reply ? (
        <div className="composer__reply">
          <ReplyQuote quote={props.reply.quote} label={props.reply.label} />
          <button
            type="button"
            className="icon-button composer__reply-cancel"
            aria-label={t.replyCancel}
            onClick={() => {
              props.onCancelReply?.();
              input.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
      {recording ? null : (
        <div className="composer__emoji">
          <button
            ref={emojiButton}
            type="button"
            className="icon-button"
            aria-label={t.emojiPicker}
            aria-haspopup="grid"
            aria-expanded={emojiOpen}
            disabled={props.disabled}
            onClick={() => setEmojiOpen((o) => !o)}
          >
            <span aria-hidden="true">😊</span>
          </button>
          {emojiOpen ? <EmojiPicker onPick={insert} onClose={closePicker} /> : null}
        </div>
      )}
      {props.onPhoto && !recording ? (
        <>
          <button
            type="button"
            className="icon-button"
            aria-label={t.photoButton}
            disabled={props.disabled}
            onClick={() => fileInput.current?.click()}
          >
            <span aria-hidden="true">📷</span>
          </button>
          <input
            ref={fileInput}
            type="file"
            className="visually-hidden"
            tabIndex={-1}
            aria-label={t.photoInput}
            accept={CHAT_PHOTO_TYPES.join(',')}
            disabled={props.disabled}
            onChange={onFile}
          />
        </>
      ) : null}
      {blank || recording ? voice : null}
      {recording ? null : (
        <>
          <label className="visually-hidden" htmlFor="chat-input">
            {t.inputLabel}
          </label>
          <textarea
            id="chat-input"
            ref={input}
            className="composer__input"
            rows={1}
            value={text}
            disabled={props.disabled}
            maxLength={CHAT_LIMITS.messageMaxChars * 16}
            placeholder={props.disabled ? t.closedInputPlaceholder : t.inputPlaceholder}
            onChange={onText}
            onCompositionEnd={(e) => {
              if (e.data) props.onTyping?.();
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && props.reply) {
                e.preventDefault();
                props.onCancelReply?.();
                return;
              }
              onKeyDown(e);
            }}
          />
          {length >= COUNTER_FROM ? (
            <span className={`composer__count${length > CHAT_LIMITS.messageMaxChars ? ' composer__count--over' : ''}`}>
              {t.charCount(length, CHAT_LIMITS.messageMaxChars)}
            </span>
          ) : null}
          <button
            type="submit"
            className="btn btn--primary composer__send"
            disabled={props.disabled || blank || length > CHAT_LIMITS.messageMaxChars}
          >
            {t.send}
          </button>
        </>
      )}
      {photoError ? (
        <p className="composer__error" role="alert">
          {photoError}
        </p>
      ) : null}
      <SendNudgeDialog kinds={nudge} onEdit={() => answerNudge('EDITED')} onSend={() => answerNudge('SENT')} />
    </form>
  );
}
