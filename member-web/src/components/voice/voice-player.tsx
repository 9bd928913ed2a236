// A voice note or 목소리 소개 (docs/voice.md "In the app"): play/pause, the waveform as a progress
// scrubber (a slider: ←/→ one second, PageUp/PageDown five, Home/End; a tap or a drag seeks),
// elapsed / total, and 1× / 1.5× / 2×. The total is the measured `durationMs`: a recorder's WebM
// often has no duration of its own. A link that stopped loading calls `onError` (fresh links).
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ko } from '../../i18n/ko';
import { clock } from '../../i18n/ko-voice';
import './voice.css';

export const PLAYBACK_RATES = [1, 1.5, 2] as const;
const STEP_MS = 1_000;
const PAGE_MS = 5_000;

/** The next speed after `rate` (2× goes back to 1×). */
export const nextRate = (rate: number): number =>
  PLAYBACK_RATES[(PLAYBACK_RATES.indexOf(rate as (typeof PLAYBACK_RATES)[number]) + 1) % PLAYBACK_RATES.length] ?? 1;

/** Where a key moves the playhead (ms), or null for a key the slider does not take. */
export function seekByKey(key: string, at: number, total: number): number | null {
  const clamp = (v: number) => Math.max(0, Math.min(total, v));
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(at + STEP_MS);
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(at - STEP_MS);
    case 'PageUp':
      return clamp(at + PAGE_MS);
    case 'PageDown':
      return clamp(at - PAGE_MS);
    case 'Home':
      return 0;
    case 'End':
      return total;
    default:
      return null;
  }
}

export function VoicePlayer(props: {
  src: string;
  durationMs: number;
  waveform: readonly number[];
  /** What is played, for the buttons' names ('내 음성 메시지', '민지님의 목소리 소개'). */
  label: string;
  /** Mine (the coral bubble) or theirs. */
  tone?: 'mine' | 'theirs' | 'plain';
  onError?: () => void;
}) {
  const t = ko.voice.player;
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [atMs, setAtMs] = useState(0);
  const [rate, setRate] = useState<number>(1);
  const [failed, setFailed] = useState(false);
  const total = Math.max(1, props.durationMs);
  const progress = Math.min(1, atMs / total);

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = rate;
  }, [rate]);

  // A fresh link (the same voice) keeps the place; a failure may clear.
  useEffect(() => setFailed(false), [props.src]);

  // timeupdate fires about four times a second: smooth the playhead while playing.
  useEffect(() => {
    if (!playing || typeof requestAnimationFrame === 'undefined') return;
    let frame = requestAnimationFrame(function tick() {
      if (audio.current) setAtMs(Math.min(total, audio.current.currentTime * 1_000));
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, total]);

  const seek = (ms: number) => {
    const clamped = Math.max(0, Math.min(total, ms));
    setAtMs(clamped);
    if (audio.current) audio.current.currentTime = clamped / 1_000;
  };

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (!el.paused) {
      el.pause();
      return;
    }
    if (atMs >= total - 50) seek(0);
    el.playbackRate = rate;
    el.play().catch((err: unknown) => {
      // A pause() before playback started rejects too: only a real failure is shown.
      if (err instanceof DOMException && err.name === 'AbortError') return;
      console.error('playing the voice failed', err);
      setFailed(true);
    });
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const to = seekByKey(e.key, atMs, total);
    if (to === null) return;
    e.preventDefault();
    seek(to);
  };

  const seekFromPointer = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width <= 0) return;
    seek(((e.clientX - box.left) / box.width) * total);
  };

  const bars = props.waveform.length > 0 ? props.waveform : [0];
  const lit = Math.round(progress * bars.length);
  return (
    <div className={`voice-player voice-player--${props.tone ?? 'plain'}`} role="group" aria-label={props.label}>
      <button
        type="button"
        className="voice-player__play"
        aria-label={playing ? t.pause(props.label) : t.play(props.label)}
        onClick={toggle}
      >
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
      </button>
      <div
        className="voice-player__wave"
        role="slider"
        tabIndex={0}
        aria-label={t.position(props.label)}
        aria-valuemin={0}
        aria-valuemax={Math.round(total / 1_000)}
        aria-valuenow={Math.round(atMs / 1_000)}
        aria-valuetext={t.positionText(atMs, total)}
        onKeyDown={onKey}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture?.(e.pointerId);
          seekFromPointer(e);
        }}
        onPointerMove={(e) => {
          if (e.buttons > 0) seekFromPointer(e);
        }}
      >
        {bars.map((v, i) => (
          <span
            key={i}
            className={`voice-player__bar${i < lit ? ' voice-player__bar--played' : ''}`}
            style={{ height: `${Math.max(8, v)}%` }}
          />
        ))}
      </div>
      <span className="voice-player__time" data-testid="voice-time">
        {clock(atMs)} / {clock(total)}
      </span>
      <button
        type="button"
        className="voice-player__speed"
        aria-label={t.speed(rate)}
        onClick={() => setRate((r) => nextRate(r))}
      >
        {rate}×
      </button>
      {failed ? (
        <p className="voice-player__error" role="alert">
          {t.failed}
        </p>
      ) : null}
      <audio
        ref={audio}
        src={props.src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setAtMs(total);
        }}
        onTimeUpdate={(e) => setAtMs(Math.min(total, e.currentTarget.currentTime * 1_000))}
        onError={() => {
          setPlaying(false);
          props.onError?.();
        }}
      />
    </div>
  );
}
