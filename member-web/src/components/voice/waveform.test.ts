// The waveform the browser sends with a voice (docs/voice.md): VOICE_LIMITS.waveformBars integers
// 0–100, the loudest bar 100, silence all zero, each bar the RMS of its own slice.
import { describe, expect, it } from 'vitest';
import { VOICE_LIMITS } from '@contract/voice';
import { computeWaveform, mixDown } from './waveform';

const tone = (length: number, amplitude: (i: number) => number) =>
  Float32Array.from({ length }, (_, i) => amplitude(i) * Math.sin(i / 3));

describe('computeWaveform', () => {
  it('gives 48 integer bars between 0 and 100 with the loudest at 100', () => {
    const bars = computeWaveform(tone(48_000, (i) => 0.1 + (i / 48_000) * 0.8));
    expect(bars).toHaveLength(VOICE_LIMITS.waveformBars);
    for (const b of bars) {
      expect(Number.isInteger(b)).toBe(true);
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThanOrEqual(100);
    }
    expect(Math.max(...bars)).toBe(100);
    // A rising amplitude draws rising bars.
    expect(bars[0]).toBeLessThan(bars[24] ?? 0);
    expect(bars[24]).toBeLessThan(bars[47] ?? 0);
  });

  it('reads each slice on its own: a burst in the second half leaves the first half low', () => {
    const bars = computeWaveform(tone(9_600, (i) => (i >= 4_800 ? 0.5 : 0.01)));
    expect(Math.max(...bars.slice(0, 24))).toBeLessThanOrEqual(3);
    expect(Math.min(...bars.slice(24))).toBeGreaterThanOrEqual(90);
  });

  it('is all zero for silence and for no samples, and works with fewer samples than bars', () => {
    expect(computeWaveform(new Float32Array(10_000))).toEqual(new Array(48).fill(0));
    expect(computeWaveform(new Float32Array(0))).toEqual(new Array(48).fill(0));
    const short = computeWaveform(Float32Array.from([0.5, -0.5, 0.25]));
    expect(short).toHaveLength(48);
    expect(Math.max(...short)).toBe(100);
  });

  it('mixes channels down to their average', () => {
    const mixed = mixDown([Float32Array.from([1, 0.5]), Float32Array.from([0, 0.5])]);
    expect(Array.from(mixed)).toEqual([0.5, 0.5]);
  });
});
