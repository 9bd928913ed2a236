// The microphone as a small state machine (docs/voice.md "In the app"): idle → starting (asking for
// the microphone) → recording (timer, level) → processing (decode: real length and waveform) →
// ready (a recording to preview and send), or error (permission refused, no microphone, no
// MediaRecorder). Recording stops itself at `maxMs`; shorter than VOICE_LIMITS.minMs is dropped.
// Opus in WebM where the browser records it, else AAC in MP4 (Safari), else Opus in Ogg.
import { useCallback, useEffect, useRef, useState } from 'react';
import { VOICE_LIMITS } from '@contract/voice';
import { analyseRecording } from './waveform';

export type Recording = {
  blob: Blob;
  /** The container's MIME type as recorded (e.g. 'audio/webm;codecs=opus'). */
  type: string;
  durationMs: number;
  waveform: number[];
  /** An object URL for the preview; revoked by reset(), cancel() and unmount. */
  url: string;
};

export type MicError = 'denied' | 'noDevice' | 'busy' | 'unsupported' | 'failed';

export type RecorderPhase = 'idle' | 'starting' | 'recording' | 'processing' | 'ready' | 'error';

/** Why the last recording ended on its own or was dropped. */
export type RecorderNotice = 'limit' | 'tooShort' | null;

export const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/mp4', 'audio/ogg;codecs=opus'] as const;

type RecorderClass = {
  new (stream: MediaStream, options?: MediaRecorderOptions): MediaRecorder;
  isTypeSupported(type: string): boolean;
};

export type RecorderDeps = {
  getUserMedia?: (c: MediaStreamConstraints) => Promise<MediaStream>;
  MediaRecorder?: RecorderClass;
  analyse?: typeof analyseRecording;
  now?: () => number;
};

/** The first container this browser records, '' when it names none (it picks its own). */
export function pickRecordingType(Recorder: Pick<RecorderClass, 'isTypeSupported'>): string {
  return RECORDING_TYPES.find((t) => Recorder.isTypeSupported(t)) ?? '';
}

/** getUserMedia's refusals, as the message the member reads. */
export function micErrorOf(err: unknown): MicError {
  const name = err instanceof Error || (typeof err === 'object' && err !== null) ? (err as { name?: string }).name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noDevice';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}

const TICK_MS = 100;

export function useVoiceRecorder(maxMs: number, deps: RecorderDeps = {}) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [level, setLevel] = useState(0);
  const [error, setError] = useState<MicError | null>(null);
  const [notice, setNotice] = useState<RecorderNotice>(null);
  const [recording, setRecording] = useState<Recording | null>(null);
  const live = useRef<{
    recorder: MediaRecorder;
    stream: MediaStream;
    startedAt: number;
    keep: boolean;
    timer: ReturnType<typeof setInterval>;
    audio: { ctx: AudioContext; frame: number } | null;
  } | null>(null);
  /** A start still waiting for the microphone is abandoned by cancel()/unmount. */
  const attempt = useRef(0);
  const alive = useRef(true);
  const urlRef = useRef<string | null>(null);
  const depsRef = useRef(deps);
  depsRef.current = deps;
  const now = useCallback(() => (depsRef.current.now ?? Date.now)(), []);

  const release = useCallback(() => {
    const l = live.current;
    if (!l) return;
    live.current = null;
    clearInterval(l.timer);
    l.stream.getTracks().forEach((t) => t.stop());
    if (l.audio) {
      cancelAnimationFrame(l.audio.frame);
      void l.audio.ctx.close().catch(() => undefined);
    }
  }, []);

  const dropUrl = () => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  };

  const finish = useCallback(
    (keep: boolean) => {
      const l = live.current;
      if (!l) return;
      l.keep = keep;
      clearInterval(l.timer);
      if (l.recorder.state !== 'inactive') l.recorder.stop();
      else release();
    },
    [release],
  );

  const start = useCallback(async () => {
    if (live.current) return;
    const d = depsRef.current;
    const Recorder = d.MediaRecorder ?? (globalThis.MediaRecorder as RecorderClass | undefined);
    const getUserMedia =
      d.getUserMedia ??
      (navigator.mediaDevices?.getUserMedia
        ? (c: MediaStreamConstraints) => navigator.mediaDevices.getUserMedia(c)
        : undefined);
    dropUrl();
    setRecording(null);
    setNotice(null);
    setError(null);
    if (!Recorder || !getUserMedia) {
      setError('unsupported');
      setPhase('error');
      return;
    }
    const mine = ++attempt.current;
    setPhase('starting');
    let stream: MediaStream;
    try {
      stream = await getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch (err) {
      if (!alive.current || mine !== attempt.current) return;
      setError(micErrorOf(err));
      setPhase('error');
      return;
    }
    if (!alive.current || mine !== attempt.current) {
      stream.getTracks().forEach((t) => t.stop());
      return;
    }
    const type = pickRecordingType(Recorder);
    let recorder: MediaRecorder;
    try {
      recorder = new Recorder(stream, type ? { mimeType: type, audioBitsPerSecond: 32_000 } : undefined);
    } catch (err) {
      console.error('starting the recorder failed', err);
      stream.getTracks().forEach((t) => t.stop());
      setError('unsupported');
      setPhase('error');
      return;
    }
    const chunks: Blob[] = [];
    const startedAt = now();
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    recorder.onstop = () => {
      const l = live.current;
      const keep = l?.keep ?? false;
      const measured = now() - startedAt;
      release();
      if (!alive.current) return;
      setLevel(0);
      if (!keep) {
        setPhase('idle');
        setElapsedMs(0);
        return;
      }
      if (measured < VOICE_LIMITS.minMs) {
        setNotice('tooShort');
        setPhase('idle');
        setElapsedMs(0);
        return;
      }
      const blobType = recorder.mimeType || type || chunks[0]?.type || 'audio/webm';
      const blob = new Blob(chunks, { type: blobType });
      setPhase('processing');
      void (d.analyse ?? analyseRecording)(blob).then((analysed) => {
        if (!alive.current) return;
        // The decoded length is the container's; the timer is the fallback (and the bound).
        const durationMs = Math.min(maxMs, analysed?.durationMs || measured);
        if (durationMs < VOICE_LIMITS.minMs) {
          setNotice('tooShort');
          setPhase('idle');
          setElapsedMs(0);
          return;
        }
        const url = URL.createObjectURL(blob);
        urlRef.current = url;
        setRecording({
          blob,
          type: blobType,
          durationMs,
          waveform: analysed?.waveform ?? new Array<number>(VOICE_LIMITS.waveformBars).fill(0),
          url,
        });
        setElapsedMs(durationMs);
        setPhase('ready');
      });
    };
    const timer = setInterval(() => {
      const at = now() - startedAt;
      setElapsedMs(Math.min(at, maxMs));
      if (at >= maxMs) {
        setNotice('limit');
        finish(true);
      }
    }, TICK_MS);
    live.current = { recorder, stream, startedAt, keep: true, timer, audio: meter(stream, setLevel) };
    setElapsedMs(0);
    recorder.start();
    setPhase('recording');
  }, [finish, maxMs, now, release]);

  const stop = useCallback(() => finish(true), [finish]);
  const cancel = useCallback(() => {
    attempt.current++;
    if (live.current) finish(false);
    else {
      dropUrl();
      setRecording(null);
      setPhase('idle');
      setElapsedMs(0);
    }
  }, [finish]);
  const reset = cancel;

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      attempt.current++;
      const l = live.current;
      if (l) {
        l.keep = false;
        if (l.recorder.state !== 'inactive') l.recorder.stop();
      }
      release();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    };
  }, [release]);

  return { phase, elapsedMs, level, error, notice, recording, start, stop, cancel, reset, maxMs };
}

export type VoiceRecorderApi = ReturnType<typeof useVoiceRecorder>;

/** The live level (0–1) from an AnalyserNode; nothing where the browser has no Web Audio. */
function meter(stream: MediaStream, onLevel: (v: number) => void): { ctx: AudioContext; frame: number } | null {
  const Ctx = globalThis.AudioContext;
  if (!Ctx || typeof requestAnimationFrame === 'undefined') return null;
  try {
    const ctx = new Ctx();
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 512;
    ctx.createMediaStreamSource(stream).connect(analyser);
    const data = new Uint8Array(analyser.fftSize);
    const handle = { ctx, frame: 0 };
    let last = 0;
    const tick = (t: number) => {
      handle.frame = requestAnimationFrame(tick);
      if (t - last < 80) return;
      last = t;
      analyser.getByteTimeDomainData(data);
      let sum = 0;
      for (const v of data) sum += ((v - 128) / 128) ** 2;
      // Speech sits around 0.05–0.3 RMS: stretch it so the meter moves visibly.
      onLevel(Math.min(1, Math.sqrt(sum / data.length) * 4));
    };
    handle.frame = requestAnimationFrame(tick);
    return handle;
  } catch {
    return null;
  }
}
