// The voice's small waveform (docs/voice.md): VOICE_LIMITS.waveformBars bars, each an integer 0–100,
// computed here from the recorded audio (the server only checks its shape). Each bar is the RMS of
// its slice of samples, scaled so the loudest bar is 100: a quiet microphone still draws a shape.
import { VOICE_LIMITS } from '@contract/voice';

/** RMS per bar over mono samples, scaled to 0–100 (all zero for silence). */
export function computeWaveform(samples: Float32Array, bars: number = VOICE_LIMITS.waveformBars): number[] {
  const rms = new Array<number>(bars).fill(0);
  if (samples.length === 0) return rms;
  for (let b = 0; b < bars; b++) {
    const from = Math.floor((b * samples.length) / bars);
    const to = Math.max(from + 1, Math.floor(((b + 1) * samples.length) / bars));
    let sum = 0;
    for (let i = from; i < to && i < samples.length; i++) sum += (samples[i] ?? 0) ** 2;
    rms[b] = Math.sqrt(sum / (to - from));
  }
  const peak = Math.max(...rms);
  if (peak < 1e-4) return rms.map(() => 0);
  return rms.map((v) => Math.min(100, Math.max(0, Math.round((v / peak) * 100))));
}

/** The channels averaged into one. */
export function mixDown(channels: readonly Float32Array[]): Float32Array {
  const [first] = channels;
  if (channels.length === 1 && first) return first;
  const length = channels.length === 0 ? 0 : Math.min(...channels.map((c) => c.length));
  const out = new Float32Array(length);
  for (const c of channels) for (let i = 0; i < length; i++) out[i] = (out[i] ?? 0) + (c[i] ?? 0) / channels.length;
  return out;
}

/** Decodes the recording: its real length (ms) and its waveform; null when the browser cannot decode it. */
export async function analyseRecording(blob: Blob): Promise<{ durationMs: number; waveform: number[] } | null> {
  const Ctx =
    globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return null;
  const ctx = new Ctx();
  try {
    const buffer = await ctx.decodeAudioData(await blob.arrayBuffer());
    const channels = Array.from({ length: buffer.numberOfChannels }, (_, i) => buffer.getChannelData(i));
    return { durationMs: Math.round(buffer.duration * 1_000), waveform: computeWaveform(mixDown(channels)) };
  } catch {
    return null;
  } finally {
    void ctx.close().catch(() => undefined);
  }
}
