// The recorder (docs/voice.md "In the app"). With a finger (`holdToRecord`, chat on a phone): hold
// the mic to record, let go to send, slide left past SLIDE_CANCEL_PX to cancel ('밀어서 취소').
// With a mouse or the keyboard: click to start, 녹음 끝내기, then listen to the preview before
// 보내기 or 취소. A live timer and level meter while recording; it stops itself at `maxMs`.
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { ko } from '../../i18n/ko';
import { clock } from '../../i18n/ko-voice';
import { useVoiceRecorder, type RecorderDeps, type Recording } from './use-voice-recorder';
import { VoicePlayer } from './voice-player';
import './voice.css';

export const SLIDE_CANCEL_PX = 80;
const CLICK_AFTER_HOLD_MS = 600;

export function VoiceRecorder(props: {
  maxMs: number;
  /**
   * The finished recording (after 보내기, or on letting go of a held mic). A returned promise keeps
   * the preview until it settles, and keeps it on a rejection (try 저장하기 again).
   */
  onSend: (recording: Recording) => void | Promise<unknown>;
  /** A finger held on the mic records and sends on release (the chat); otherwise click and preview. */
  holdToRecord?: boolean;
  /** Recording, deciding or showing an error: the composer gives the row to the recorder. */
  onActiveChange?: (active: boolean) => void;
  disabled?: boolean;
  /** The idle button's text (visible) and name; the mic icon alone when absent. */
  startLabel?: string;
  /** What the preview player calls the recording. */
  previewLabel?: string;
  /** Text of the send button (보내기; my page says 저장하기). */
  sendLabel?: string;
  busy?: boolean;
  deps?: RecorderDeps;
}) {
  const t = ko.voice.recorder;
  const rec = useVoiceRecorder(props.maxMs, props.deps);
  const [held, setHeld] = useState<{ x: number; cancelling: boolean } | null>(null);
  /** When a touch hold ended: the click the browser may fire right after it is not a click-to-record. */
  const holdEndedAt = useRef(-Infinity);
  /** Sending on release waits for the recording to be decoded. */
  const sendWhenReady = useRef(false);
  const micButton = useRef<HTMLButtonElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const { phase, recording } = rec;
  const active = phase === 'starting' || phase === 'recording' || phase === 'processing' || phase === 'ready';

  const { onActiveChange } = props;
  useEffect(() => onActiveChange?.(active), [active, onActiveChange]);

  // Focus follows the flow: 녹음 끝내기 while recording by click, 보내기 on the preview.
  const focusFollows = useRef(false);
  useEffect(() => {
    if (!focusFollows.current) return;
    if (phase === 'recording') stopButton.current?.focus();
    else if (phase === 'ready') sendButton.current?.focus();
    else if (phase === 'idle' || phase === 'error') {
      micButton.current?.focus();
      focusFollows.current = false;
    }
  }, [phase]);

  const { onSend } = props;
  useEffect(() => {
    if (phase !== 'ready' || !recording || !sendWhenReady.current) return;
    sendWhenReady.current = false;
    onSend(recording);
    rec.reset();
  }, [phase, recording, onSend, rec]);
  // A dropped or failed hold does not send a later recording.
  useEffect(() => {
    if (phase === 'idle' || phase === 'error') sendWhenReady.current = false;
  }, [phase]);

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (!props.holdToRecord || e.pointerType === 'mouse' || props.disabled) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    holdEndedAt.current = Infinity;
    setHeld({ x: e.clientX, cancelling: false });
    void rec.start();
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (!held) return;
    const cancelling = held.x - e.clientX > SLIDE_CANCEL_PX;
    if (cancelling !== held.cancelling) setHeld({ ...held, cancelling });
  };
  const onPointerEnd = (e: PointerEvent<HTMLButtonElement>) => {
    if (!held) return;
    const cancelled = held.cancelling || e.type === 'pointercancel';
    holdEndedAt.current = performance.now();
    setHeld(null);
    if (cancelled || rec.phase !== 'recording') {
      rec.cancel();
      return;
    }
    sendWhenReady.current = true;
    rec.stop();
  };

  const onMicClick = () => {
    if (performance.now() - holdEndedAt.current < CLICK_AFTER_HOLD_MS) return;
    focusFollows.current = true;
    void rec.start();
  };

  const send = () => {
    if (!recording) return;
    const sent = onSend(recording);
    if (sent instanceof Promise) {
      sent.then(
        () => {
          focusFollows.current = true;
          rec.reset();
        },
        () => undefined,
      );
      return;
    }
    focusFollows.current = true;
    rec.reset();
  };

  const cancel = () => {
    focusFollows.current = true;
    rec.cancel();
  };

  const holding = held !== null;
  const showMic = !active || holding;
  const message =
    phase === 'error' && rec.error
      ? t.errors[rec.error]
      : rec.notice === 'tooShort' && phase === 'idle'
        ? t.tooShort
        : rec.notice === 'limit' && (phase === 'processing' || phase === 'ready')
          ? t.limitReached(props.maxMs)
          : null;

  return (
    <div className={`voice-recorder${active ? ' voice-recorder--active' : ''}`} data-phase={phase}>
      {phase === 'recording' || phase === 'starting' ? (
        <div className="voice-recorder__live">
          <span className="voice-recorder__dot" aria-hidden="true" />
          <span className="voice-recorder__timer" role="timer" aria-label={t.recording(rec.elapsedMs)}>
            {clock(rec.elapsedMs)} <span className="voice-recorder__max">/ {clock(props.maxMs)}</span>
          </span>
          <span className="voice-recorder__meter" aria-hidden="true">
            <span style={{ transform: `scaleX(${Math.max(0.04, rec.level)})` }} />
          </span>
          {holding ? (
            <span className={`voice-recorder__hint${held.cancelling ? ' voice-recorder__hint--cancel' : ''}`}>
              {held.cancelling ? t.releaseToCancel : `‹ ${t.slideToCancel}`}
            </span>
          ) : (
            <>
              <button type="button" className="btn btn--ghost btn--small" onClick={cancel}>
                {t.cancel}
              </button>
              <button
                ref={stopButton}
                type="button"
                className="btn btn--primary btn--small"
                onClick={() => rec.stop()}
                disabled={phase !== 'recording'}
              >
                {t.stop}
              </button>
            </>
          )}
        </div>
      ) : null}
      {phase === 'processing' ? (
        <p className="voice-recorder__status" role="status">
          {t.processing}
        </p>
      ) : null}
      {phase === 'ready' && recording ? (
        <div className="voice-recorder__preview">
          <VoicePlayer
            src={recording.url}
            durationMs={recording.durationMs}
            waveform={recording.waveform}
            label={props.previewLabel ?? t.preview}
          />
          <div className="voice-recorder__actions">
            <button type="button" className="btn btn--ghost btn--small" onClick={cancel}>
              {t.cancel}
            </button>
            <button
              ref={sendButton}
              type="button"
              className="btn btn--primary btn--small"
              onClick={send}
              disabled={props.busy}
            >
              {props.sendLabel ?? t.send}
            </button>
          </div>
        </div>
      ) : null}
      {showMic ? (
        <button
          ref={micButton}
          type="button"
          className={`${props.startLabel ? 'btn btn--secondary' : 'icon-button'} voice-recorder__mic${
            holding ? ' voice-recorder__mic--held' : ''
          }`}
          aria-label={props.startLabel ? undefined : t.start}
          title={props.holdToRecord ? t.holdHint : undefined}
          disabled={props.disabled}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onContextMenu={(e) => {
            if (props.holdToRecord) e.preventDefault();
          }}
          onClick={onMicClick}
        >
          <span aria-hidden="true">🎤</span>
          {props.startLabel ? ` ${props.startLabel}` : null}
        </button>
      ) : null}
      {message ? (
        <p className="voice-recorder__message" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
