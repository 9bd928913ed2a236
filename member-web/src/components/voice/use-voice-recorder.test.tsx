// The recorder's state machine with a scripted microphone (test/fake-media.ts): idle → starting →
// recording → processing → ready; the refusals as Korean messages; the max length stops it; a
// slip shorter than a second and a cancel keep nothing; the microphone is always released.
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeRecorder, fakeMic } from '../../test/fake-media';
import { micErrorOf, pickRecordingType, useVoiceRecorder, type RecorderDeps } from './use-voice-recorder';

function setup(maxMs = 60_000, refuse?: string) {
  let now = 1_000;
  const mic = fakeMic(refuse);
  const analyse = vi.fn(() => Promise.resolve({ durationMs: 4_200, waveform: new Array<number>(48).fill(50) }));
  const deps: RecorderDeps = {
    getUserMedia: mic.getUserMedia,
    MediaRecorder: FakeRecorder as unknown as RecorderDeps['MediaRecorder'],
    analyse,
    now: () => now,
  };
  const hook = renderHook(() => useVoiceRecorder(maxMs, deps));
  return { hook, mic, analyse, advance: (ms: number) => (now += ms) };
}

describe('useVoiceRecorder', () => {
  it('records, decodes and offers the recording with the decoded length and waveform', async () => {
    const { hook, mic, analyse, advance } = setup();
    expect(hook.result.current.phase).toBe('idle');
    await act(() => hook.result.current.start());
    expect(hook.result.current.phase).toBe('recording');
    expect(FakeRecorder.last?.mimeType).toBe('audio/webm;codecs=opus');
    advance(4_300);
    act(() => hook.result.current.stop());
    await waitFor(() => expect(hook.result.current.phase).toBe('ready'));
    const rec = hook.result.current.recording;
    expect(rec?.durationMs).toBe(4_200);
    expect(rec?.waveform).toHaveLength(48);
    expect(rec?.type).toBe('audio/webm;codecs=opus');
    expect(analyse).toHaveBeenCalledOnce();
    expect(mic.track.stop).toHaveBeenCalled();
    act(() => hook.result.current.reset());
    expect(hook.result.current.phase).toBe('idle');
    expect(hook.result.current.recording).toBeNull();
  });

  it('stops by itself at the maximum and says so', async () => {
    vi.useFakeTimers();
    try {
      const { hook, advance } = setup(30_000);
      await act(() => hook.result.current.start());
      advance(30_050);
      await act(async () => {
        vi.advanceTimersByTime(200);
        await Promise.resolve();
      });
      expect(hook.result.current.notice).toBe('limit');
      expect(FakeRecorder.last?.state).toBe('inactive');
      expect(hook.result.current.elapsedMs).toBeLessThanOrEqual(30_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops a recording shorter than a second', async () => {
    const { hook, analyse, advance } = setup();
    await act(() => hook.result.current.start());
    advance(400);
    act(() => hook.result.current.stop());
    await waitFor(() => expect(hook.result.current.notice).toBe('tooShort'));
    expect(hook.result.current.phase).toBe('idle');
    expect(analyse).not.toHaveBeenCalled();
  });

  it('cancel keeps nothing and releases the microphone', async () => {
    const { hook, mic, analyse, advance } = setup();
    await act(() => hook.result.current.start());
    advance(5_000);
    act(() => hook.result.current.cancel());
    await waitFor(() => expect(mic.track.stop).toHaveBeenCalled());
    expect(hook.result.current.phase).toBe('idle');
    expect(hook.result.current.recording).toBeNull();
    expect(analyse).not.toHaveBeenCalled();
  });

  it('a refused microphone is an error the page can name', async () => {
    const { hook } = setup(60_000, 'NotAllowedError');
    await act(() => hook.result.current.start());
    expect(hook.result.current.phase).toBe('error');
    expect(hook.result.current.error).toBe('denied');
  });

  it('a browser without MediaRecorder says it cannot record', async () => {
    const hook = renderHook(() => useVoiceRecorder(60_000, { getUserMedia: fakeMic().getUserMedia }));
    vi.stubGlobal('MediaRecorder', undefined);
    await act(() => hook.result.current.start());
    expect(hook.result.current.error).toBe('unsupported');
  });
});

describe('recorder helpers', () => {
  it('prefers Opus in WebM, then AAC in MP4 (Safari)', () => {
    expect(pickRecordingType({ isTypeSupported: () => true })).toBe('audio/webm;codecs=opus');
    expect(pickRecordingType({ isTypeSupported: (t) => t === 'audio/mp4' })).toBe('audio/mp4');
    expect(pickRecordingType({ isTypeSupported: () => false })).toBe('');
  });

  it('names getUserMedia refusals', () => {
    expect(micErrorOf(new DOMException('x', 'NotAllowedError'))).toBe('denied');
    expect(micErrorOf(new DOMException('x', 'NotFoundError'))).toBe('noDevice');
    expect(micErrorOf(new DOMException('x', 'NotReadableError'))).toBe('busy');
    expect(micErrorOf(new Error('?'))).toBe('failed');
  });
});
