// lib/audio: the voice upload check (docs/voice.md "Voice notes"): real containers only, the real
// duration, the size bound, and no recorder metadata kept. Fixtures are built byte by byte.
import { describe, expect, it } from 'vitest';
import { AUDIO_INVALID, checkVoiceUpload, declaredVoiceType, sniffAudio } from '../src/lib/audio';
import { VOICE_LIMITS, VOICE_MESSAGES, maxVoiceBytes } from '../src/contract/voice';
import { readWaveform } from '../src/contract/voice-wave';
import { FIXTURE_SECRET, PNG_BYTES, mp4, ogg, webm } from '../test/helpers/audio-fixtures';

const note = { maxMs: VOICE_LIMITS.noteMaxMs, tooLong: VOICE_MESSAGES.noteTooLong };
const blob = (bytes: Uint8Array, type: string) => new Blob([bytes.slice().buffer], { type });
const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

async function refused(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    expect((err as { code?: string }).code).toBe(AUDIO_INVALID);
    expect((err as { status?: number }).status).toBe(400);
    return (err as Error).message;
  }
  throw new Error('accepted');
}

describe('sniffAudio', () => {
  it('reads WebM/Opus without an Info Duration from its last block, and voids the tags', () => {
    const raw = webm(12_300);
    expect(text(raw)).toContain(FIXTURE_SECRET);
    const found = sniffAudio(raw);
    expect(found).toMatchObject({ contentType: 'audio/webm', ext: 'webm', durationMs: 12_300 });
    expect(found?.bytes.length).toBe(raw.length);
    expect(text(found!.bytes)).not.toContain(FIXTURE_SECRET);
    // Still a readable WebM with the same duration after the voiding.
    expect(sniffAudio(found!.bytes)?.durationMs).toBe(12_300);
  });

  it('takes a WebM Info Duration, but never shorter than the blocks', () => {
    expect(sniffAudio(webm(5_000, { infoDurationMs: 5_400 }))?.durationMs).toBe(5_400);
    expect(sniffAudio(webm(40_000, { infoDurationMs: 2_000 }))?.durationMs).toBe(40_000);
  });

  it('reads Ogg/Opus from the last granule minus pre-skip and rewrites OpusTags empty', () => {
    const raw = ogg(7_250);
    const found = sniffAudio(raw);
    expect(found).toMatchObject({ contentType: 'audio/ogg', ext: 'ogg', durationMs: 7_250 });
    expect(text(found!.bytes)).not.toContain(FIXTURE_SECRET);
    expect(text(found!.bytes)).toContain('OpusTags');
    // Page checksums were recomputed: the cleaned file reads again.
    expect(sniffAudio(found!.bytes)?.durationMs).toBe(7_250);
  });

  it('reads MP4/AAC from mdhd, plain and fragmented, and frees udta/meta', () => {
    const plain = sniffAudio(mp4(9_000));
    expect(plain).toMatchObject({ contentType: 'audio/mp4', ext: 'm4a' });
    expect(Math.abs(plain!.durationMs - 9_000)).toBeLessThan(30);
    expect(text(plain!.bytes)).not.toContain(FIXTURE_SECRET);
    const fragmented = sniffAudio(mp4(20_000, { fragmented: true }));
    expect(Math.abs(fragmented!.durationMs - 20_000)).toBeLessThan(30);
    // A forged mdhd cannot shorten what the sample table holds.
    expect(sniffAudio(mp4(30_000, { mdhdMs: 2_000 }))!.durationMs).toBeGreaterThan(29_000);
  });

  it('refuses other bytes, forged headers and truncated files', () => {
    expect(sniffAudio(PNG_BYTES)).toBeNull();
    expect(sniffAudio(new TextEncoder().encode('OggS but not really'))).toBeNull();
    expect(sniffAudio(webm(3_000, { codec: 'V_VP8', trackType: 1 }))).toBeNull();
    expect(sniffAudio(webm(3_000, { codec: 'A_VORBIS' }))).toBeNull();
    expect(sniffAudio(webm(3_000, { docType: 'mkv-ish' }))).toBeNull();
    expect(sniffAudio(mp4(3_000, { handler: 'vide', entry: 'avc1' }))).toBeNull();
    expect(sniffAudio(mp4(3_000, { entry: 'alac' }))).toBeNull();
    const o = ogg(3_000);
    expect(sniffAudio(o.slice(0, o.length - 7))).toBeNull(); // cut inside the last page
    expect(sniffAudio(ogg(3_000, { eos: false }))).toBeNull(); // cut at a page boundary
    const corrupt = o.slice();
    corrupt[corrupt.length - 3] = (corrupt[corrupt.length - 3] ?? 0) ^ 0xff; // the CRC no longer matches
    expect(sniffAudio(corrupt)).toBeNull();
    const w = webm(3_000);
    expect(sniffAudio(w.slice(0, w.length - 3))).toBeNull();
    const m = mp4(3_000);
    expect(sniffAudio(m.slice(0, m.length - 10))).toBeNull();
  });
});

describe('checkVoiceUpload', () => {
  it('accepts a recording whose declared duration is within a second, for each container', async () => {
    await expect(
      checkVoiceUpload(blob(webm(10_000), 'audio/webm;codecs=opus'), { ...note, durationMs: 10_600 }),
    ).resolves.toMatchObject({ durationMs: 10_000 });
    await expect(
      checkVoiceUpload(blob(ogg(5_000), 'audio/ogg'), { ...note, durationMs: 4_200 }),
    ).resolves.toMatchObject({ contentType: 'audio/ogg' });
    await expect(
      checkVoiceUpload(blob(mp4(59_500), 'audio/mp4'), { ...note, durationMs: 60_000 }),
    ).resolves.toMatchObject({ contentType: 'audio/mp4' });
  });

  it('refuses a PNG renamed .webm, a type that does not match, a lying duration, too short or too long', async () => {
    await refused(
      checkVoiceUpload(new File([PNG_BYTES], 'voice.webm', { type: 'audio/webm' }), { ...note, durationMs: 2_000 }),
    );
    await refused(checkVoiceUpload(blob(webm(3_000), 'audio/ogg'), { ...note, durationMs: 3_000 }));
    await refused(checkVoiceUpload(blob(webm(3_000), 'video/webm'), { ...note, durationMs: 3_000 }));
    await refused(checkVoiceUpload(blob(webm(3_000), 'audio/webm'), { ...note, durationMs: 4_500 }));
    await refused(checkVoiceUpload(blob(ogg(20_000), 'audio/ogg'), { ...note, durationMs: 5_000 }));
    expect(await refused(checkVoiceUpload(blob(webm(500), 'audio/webm'), { ...note, durationMs: 500 }))).toBe(
      VOICE_MESSAGES.tooShort,
    );
    expect(await refused(checkVoiceUpload(blob(webm(61_000), 'audio/webm'), { ...note, durationMs: 61_000 }))).toBe(
      VOICE_MESSAGES.noteTooLong,
    );
    // Declares 59 s but holds more: the container's own time decides.
    await refused(checkVoiceUpload(blob(webm(62_500), 'audio/webm'), { ...note, durationMs: 59_000 }));
    const intro = { maxMs: VOICE_LIMITS.introMaxMs, tooLong: VOICE_MESSAGES.introTooLong, durationMs: 45_000 };
    expect(await refused(checkVoiceUpload(blob(webm(45_000), 'audio/webm'), intro))).toBe(VOICE_MESSAGES.introTooLong);
  });

  it('refuses a file larger than the duration allows before reading it', async () => {
    const huge = new Blob([new Uint8Array(maxVoiceBytes(2_000) + 1)], { type: 'audio/webm' });
    let read = false;
    const spy = Object.assign(huge, { arrayBuffer: () => ((read = true), Promise.resolve(new ArrayBuffer(0))) });
    await refused(checkVoiceUpload(spy, { ...note, durationMs: 2_000 }));
    expect(read).toBe(false);
  });

  it('reads the base type of a declared MIME type', () => {
    expect(declaredVoiceType('audio/webm;codecs=opus')).toBe('audio/webm');
    expect(declaredVoiceType('Audio/MP4')).toBe('audio/mp4');
    expect(declaredVoiceType('audio/mpeg')).toBeNull();
  });
});

describe('readWaveform', () => {
  it('takes 48 plain integers 0–100 as a JSON array (spaces allowed) or a comma list', () => {
    const bars = Array.from({ length: 48 }, (_, i) => (i * 13) % 101);
    expect(readWaveform(JSON.stringify(bars))).toEqual(bars);
    expect(readWaveform(`[${bars.join(', ')}]`)).toEqual(bars);
    expect(readWaveform(bars.join(','))).toEqual(bars);
    expect(readWaveform(new Array(48).fill(100).join(', '))).toHaveLength(48);
    for (const bad of [
      bars.slice(1).join(','),
      [...bars, 1].join(','),
      bars.join(',').replace('13', '-1'),
      bars.join(',').replace('13', '1.5'),
      bars.join(',').replace('13', '101'),
      bars.join(',').replace('13', '1e1'),
      bars.join(',').replace('13', ''),
      '',
    ]) {
      expect(readWaveform(bad)).toBeNull();
    }
  });
});
