// A voice recording's waveform (docs/voice.md): VOICE_LIMITS.waveformBars integers 0–100 that the
// browser computes from the audio. On the wire (multipart field `waveform`) a JSON array or a comma
// list; stored as a comma list (the room's SQLite, D1's member_voice_intros). Zod-free.
import { VOICE_LIMITS } from './voice';

/** What a member's recording shows when the browser sent no waveform: a flat line. */
export const FLAT_WAVEFORM: readonly number[] = Object.freeze(new Array<number>(VOICE_LIMITS.waveformBars).fill(50));

/**
 * The bars of `raw` (`[3,40,…]` or `3,40,…`) when it is exactly VOICE_LIMITS.waveformBars integers
 * 0–100 written plainly (no signs, fractions, exponents or blanks); null otherwise.
 */
export function readWaveform(raw: string): number[] | null {
  // "100, " per bar at most, with brackets and a little blank around: anything longer is not a waveform.
  if (raw.length > VOICE_LIMITS.waveformBars * 6 + 8) return null;
  const trimmed = raw.trim();
  const list = trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1) : trimmed;
  const parts = list.split(',').map((p) => p.trim());
  if (parts.length !== VOICE_LIMITS.waveformBars) return null;
  const bars: number[] = [];
  for (const part of parts) {
    if (!/^(?:100|[1-9]?[0-9])$/.test(part)) return null;
    bars.push(Number(part));
  }
  return bars;
}

/** The stored form. */
export const waveformText = (bars: readonly number[]): string => bars.join(',');

/** A stored waveform read back (a flat line if it were ever unreadable). */
export const parseWaveform = (text: string): number[] => readWaveform(text) ?? [...FLAT_WAVEFORM];
