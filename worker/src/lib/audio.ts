// Voice uploads (docs/voice.md "Voice notes"): only real audio of the declared container is kept,
// with the duration the container itself says, and without what the recorder or an editor wrote
// about it. Three containers, the ones MediaRecorder makes: Opus in WebM (Matroska/EBML), Opus in
// Ogg, AAC in MP4 (ISO-BMFF, plain or fragmented). Everything else is refused with 400
// AUDIO_INVALID. Pure: bytes in, bytes out, no bindings.
import {
  VOICE_CONTENT_TYPES,
  VOICE_LIMITS,
  VOICE_MESSAGES,
  maxVoiceBytes,
  type VoiceContentType,
} from '../contract/voice';
import { readWaveform } from '../contract/voice-wave';
import { AppError } from './errors';

export const AUDIO_INVALID = 'AUDIO_INVALID';

/** 400 AUDIO_INVALID: not audio of the declared container, a lying duration, too short or long. */
export class AudioInvalid extends AppError {
  constructor(message: string = VOICE_MESSAGES.invalid) {
    super(400, AUDIO_INVALID, message, { audio: message });
  }
}

export type CleanAudio = {
  contentType: VoiceContentType;
  /** The file extension the object is stored under (never the client's file name). */
  ext: 'webm' | 'ogg' | 'm4a';
  /** The container's own duration, in milliseconds. */
  durationMs: number;
  /** The upload's bytes with tags, titles, names and dates neutralised (same container, same audio). */
  bytes: Uint8Array<ArrayBuffer>;
};

const EXT: Record<VoiceContentType, CleanAudio['ext']> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
};

/** The declared type's base (`audio/webm;codecs=opus` → `audio/webm`) when it is one we accept. */
export function declaredVoiceType(type: string): VoiceContentType | null {
  const base = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return (VOICE_CONTENT_TYPES as readonly string[]).includes(base) ? (base as VoiceContentType) : null;
}

/**
 * Checks an upload against its declared duration and the longest allowed (`maxMs`): the size bound
 * first (before a byte is read), then the container by its bytes (it must be the declared type),
 * then the real duration. Answers the cleaned bytes to store.
 */
export async function checkVoiceUpload(
  file: Blob,
  declared: { durationMs: number; maxMs: number; tooLong: string },
): Promise<CleanAudio> {
  const { durationMs, maxMs } = declared;
  if (!Number.isInteger(durationMs) || durationMs < 0) throw new AudioInvalid();
  if (durationMs < VOICE_LIMITS.minMs) throw new AudioInvalid(VOICE_MESSAGES.tooShort);
  if (durationMs > maxMs) throw new AudioInvalid(declared.tooLong);
  const type = declaredVoiceType(file.type);
  if (type === null || file.size === 0 || file.size > maxVoiceBytes(durationMs)) throw new AudioInvalid();
  const audio = sniffAudio(new Uint8Array(await file.arrayBuffer()));
  if (audio === null || audio.contentType !== type) throw new AudioInvalid();
  const real = audio.durationMs;
  if (real > maxMs + VOICE_LIMITS.durationToleranceMs) throw new AudioInvalid(declared.tooLong);
  if (real < VOICE_LIMITS.minMs - VOICE_LIMITS.durationToleranceMs) throw new AudioInvalid(VOICE_MESSAGES.tooShort);
  if (Math.abs(real - durationMs) > VOICE_LIMITS.durationToleranceMs) throw new AudioInvalid();
  return audio;
}

/** The container, duration and cleaned bytes of `bytes`, or null when it is none of ours (or broken). */
export function sniffAudio(input: Uint8Array): CleanAudio | null {
  const bytes = new Uint8Array(input); // a copy we may neutralise in place
  try {
    const found = startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])
      ? readWebm(bytes)
      : startsWith(bytes, [0x4f, 0x67, 0x67, 0x53])
        ? readOgg(bytes)
        : ascii(bytes, 4, 4) === 'ftyp'
          ? readMp4(bytes)
          : null;
    if (!found || !Number.isFinite(found.durationMs) || found.durationMs <= 0) return null;
    return {
      contentType: found.type,
      ext: EXT[found.type],
      durationMs: Math.round(found.durationMs),
      bytes: found.bytes,
    };
  } catch (err) {
    if (err instanceof Broken || err instanceof RangeError) return null;
    throw err;
  }
}

type Found = { type: VoiceContentType; durationMs: number; bytes: Uint8Array<ArrayBuffer> };

/** A structure that does not hold together (truncated, sizes past the end, a missing part). */
class Broken extends Error {}
const broken = (): never => {
  throw new Broken();
};

const startsWith = (b: Uint8Array, sig: number[]): boolean => sig.every((v, i) => b[i] === v);
const ascii = (b: Uint8Array, at: number, n: number): string =>
  at + n > b.length ? '' : String.fromCharCode(...b.subarray(at, at + n));

// ---- WebM / Matroska (EBML) ----

const EBML = {
  header: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  codecId: 0x86,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  cues: 0x1c53bb6b,
  void: 0xec,
} as const;

/**
 * Elements voided (overwritten by an EBML Void of the same length, so no size above them changes):
 * Tags, Attachments, Chapters; the Info's Title, MuxingApp, WritingApp, DateUTC, SegmentUID; a
 * track's Name.
 */
const WEBM_VOIDED = new Set([0x1254c367, 0x1941a469, 0x1043a770, 0x7ba9, 0x4d80, 0x5741, 0x4461, 0x73a4, 0x536e]);
/** Segment-level ids: one of them ends a Cluster of unknown size (MediaRecorder writes those). */
const SEGMENT_CHILDREN = new Set<number>([
  EBML.seekHead,
  EBML.info,
  EBML.tracks,
  EBML.cluster,
  EBML.cues,
  0x1254c367,
  0x1941a469,
  0x1043a770,
]);

type Element = { id: number; start: number; dataStart: number; end: number; unknownSize: boolean };

function readVint(b: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number; allOnes: boolean } {
  const first = b[at] ?? broken();
  let length = 1;
  while (length <= 8 && (first & (0x80 >> (length - 1))) === 0) length++;
  if (length > 8 || at + length > b.length) broken();
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = b[at + i] as number;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, allOnes };
}

function readElement(b: Uint8Array, at: number, parentEnd: number): Element {
  const id = readVint(b, at, true);
  if (id.length > 4) broken();
  const size = readVint(b, at + id.length, false);
  const dataStart = at + id.length + size.length;
  const unknownSize = size.allOnes;
  const end = unknownSize ? parentEnd : dataStart + size.value;
  if (end > parentEnd || end > b.length) broken();
  return { id: id.value, start: at, dataStart, end, unknownSize };
}

const uintOf = (b: Uint8Array, from: number, to: number): number => {
  let v = 0;
  for (let i = from; i < to; i++) v = v * 256 + (b[i] as number);
  return v;
};

function floatOf(b: Uint8Array, from: number, to: number): number {
  const view = new DataView(b.buffer, b.byteOffset + from, to - from);
  if (to - from === 4) return view.getFloat32(0);
  if (to - from === 8) return view.getFloat64(0);
  return broken();
}

/** Overwrites bytes [start, end) with one EBML Void element of the same total length. */
function voidOut(b: Uint8Array, start: number, end: number): void {
  const total = end - start;
  if (total < 2) broken();
  b.fill(0, start, end);
  b[start] = EBML.void;
  if (total - 2 <= 126) {
    b[start + 1] = 0x80 | (total - 2);
  } else {
    if (total < 9) broken();
    b[start + 1] = 0x01; // an 8-byte size
    let rest = total - 9;
    for (let i = 8; i >= 2; i--) {
      b[start + i] = rest % 256;
      rest = Math.floor(rest / 256);
    }
  }
}

function children(
  b: Uint8Array,
  parent: { dataStart: number; end: number },
  visit: (e: Element) => boolean | void,
): number {
  let at = parent.dataStart;
  while (at < parent.end) {
    const e = readElement(b, at, parent.end);
    if (visit(e) === false) return at;
    at = e.end;
  }
  return at;
}

function readWebm(b: Uint8Array<ArrayBuffer>): Found | null {
  const header = readElement(b, 0, b.length);
  let docType = '';
  children(b, header, (e) => {
    if (e.id === EBML.docType) docType = ascii(b, e.dataStart, e.end - e.dataStart).replace(/\0+$/, '');
  });
  if (docType !== 'webm' && docType !== 'matroska') return null;
  const segment = readElement(b, header.end, b.length);
  if (segment.id !== EBML.segment) return null;
  let scale = 1_000_000;
  let declared: number | null = null;
  let opusTracks = 0;
  let otherTracks = 0;
  const audioTrackNumbers = new Set<number>();
  let lastBlockTicks: number | null = null;
  let blocks = 0;

  const readBlock = (e: Element, clusterTicks: number) => {
    const track = readVint(b, e.dataStart, false);
    const rel = e.dataStart + track.length;
    if (rel + 3 > e.end) broken();
    const raw = ((b[rel] as number) << 8) | (b[rel + 1] as number);
    const relative = raw >= 0x8000 ? raw - 0x10000 : raw;
    blocks++;
    const ticks = clusterTicks + relative;
    if (lastBlockTicks === null || ticks > lastBlockTicks) lastBlockTicks = ticks;
  };

  const segmentEnd = children(b, segment, (e) => {
    if (WEBM_VOIDED.has(e.id)) return voidOut(b, e.start, e.end);
    if (e.id === EBML.info) {
      children(b, e, (f) => {
        if (WEBM_VOIDED.has(f.id)) voidOut(b, f.start, f.end);
        else if (f.id === EBML.timecodeScale) scale = uintOf(b, f.dataStart, f.end);
        else if (f.id === EBML.duration) declared = floatOf(b, f.dataStart, f.end);
      });
    } else if (e.id === EBML.tracks) {
      children(b, e, (t) => {
        if (t.id !== EBML.trackEntry) return;
        let codec = '';
        let kind = 0;
        let number = 0;
        children(b, t, (f) => {
          if (WEBM_VOIDED.has(f.id)) voidOut(b, f.start, f.end);
          else if (f.id === EBML.codecId) codec = ascii(b, f.dataStart, f.end - f.dataStart).replace(/\0+$/, '');
          else if (f.id === EBML.trackType) kind = uintOf(b, f.dataStart, f.end);
          else if (f.id === 0xd7) number = uintOf(b, f.dataStart, f.end);
        });
        if (codec === 'A_OPUS' && kind === 2) {
          opusTracks++;
          audioTrackNumbers.add(number);
        } else otherTracks++;
      });
    } else if (e.id === EBML.cluster) {
      let clusterTicks = 0;
      // A Cluster of unknown size runs to the next Segment-level element.
      const end = children(b, e, (f) => {
        if (e.unknownSize && SEGMENT_CHILDREN.has(f.id)) return false;
        if (f.id === EBML.timecode) clusterTicks = uintOf(b, f.dataStart, f.end);
        else if (f.id === EBML.simpleBlock) readBlock(f, clusterTicks);
        else if (f.id === EBML.blockGroup) {
          children(b, f, (g) => {
            if (g.id === EBML.block) readBlock(g, clusterTicks);
          });
        }
      });
      if (e.unknownSize) {
        // Continue the Segment from where the Cluster really ended.
        e.end = end;
      }
    }
  });
  // Bytes after a sized Segment, or a Segment cut short: not ours.
  if (segmentEnd !== b.length || segment.end !== b.length) return null;
  if (opusTracks !== 1 || otherTracks > 0 || blocks === 0 || scale <= 0) return null;
  // The Info's Duration when there is one (MediaRecorder often writes none), but never less than
  // the last block's time: a forged Duration cannot make a long recording look short.
  const ticks = Math.max(declared ?? 0, lastBlockTicks ?? 0);
  return { type: 'audio/webm', durationMs: (ticks * scale) / 1_000_000, bytes: b };
}

// ---- Ogg (Opus) ----

const OGG_CRC = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

/** The Ogg page checksum (CRC-32, polynomial 0x04c11db7, unreflected), with the CRC field taken as zero. */
export function oggCrc(page: Uint8Array): number {
  let crc = 0;
  for (let i = 0; i < page.length; i++) {
    const byte = i >= 22 && i < 26 ? 0 : (page[i] as number);
    crc = ((crc << 8) ^ (OGG_CRC[((crc >>> 24) ^ byte) & 0xff] as number)) >>> 0;
  }
  return crc;
}

type OggPage = {
  flags: number;
  granule: bigint;
  serial: number;
  sequence: number;
  /** Segment lacing values and the page body. */
  lacing: Uint8Array;
  body: Uint8Array;
};

function readOggPages(b: Uint8Array): OggPage[] {
  const pages: OggPage[] = [];
  let at = 0;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  while (at < b.length) {
    if (at + 27 > b.length || ascii(b, at, 4) !== 'OggS' || b[at + 4] !== 0) broken();
    const count = b[at + 26] as number;
    if (at + 27 + count > b.length) broken();
    const lacing = b.subarray(at + 27, at + 27 + count);
    const bodyLength = lacing.reduce((n, v) => n + v, 0);
    const end = at + 27 + count + bodyLength;
    if (end > b.length) broken();
    const page = b.subarray(at, end);
    if (oggCrc(page) !== view.getUint32(at + 22, true)) broken();
    pages.push({
      flags: b[at + 5] as number,
      granule: view.getBigInt64(at + 6, true),
      serial: view.getUint32(at + 14, true),
      sequence: view.getUint32(at + 18, true),
      lacing,
      body: b.subarray(at + 27 + count, end),
    });
    at = end;
  }
  return pages;
}

function writeOggPage(p: OggPage): Uint8Array {
  const out = new Uint8Array(27 + p.lacing.length + p.body.length);
  const view = new DataView(out.buffer);
  out.set([0x4f, 0x67, 0x67, 0x53, 0, p.flags]);
  view.setBigInt64(6, p.granule, true);
  view.setUint32(14, p.serial, true);
  view.setUint32(18, p.sequence, true);
  out[26] = p.lacing.length;
  out.set(p.lacing, 27);
  out.set(p.body, 27 + p.lacing.length);
  view.setUint32(22, oggCrc(out), true);
  return out;
}

/** An OpusTags packet with an empty vendor string and no comments. */
const EMPTY_OPUS_TAGS = Uint8Array.from([...'OpusTags'].map((c) => c.charCodeAt(0)).concat([0, 0, 0, 0, 0, 0, 0, 0]));

function readOgg(b: Uint8Array): Found | null {
  const pages = readOggPages(b);
  const first = pages[0];
  // One logical stream: OpusHead alone on the first (BOS) page, then OpusTags from the second page.
  if (!first || !(first.flags & 0x02) || first.lacing.length !== 1 || ascii(first.body, 0, 8) !== 'OpusHead')
    return null;
  if (first.body.length < 19 || pages.some((p) => p.serial !== first.serial)) return null;
  const last = pages.at(-1) as OggPage;
  // Ends with the stream's last page (EOS): a file cut short has none.
  if (!(last.flags & 0x04) || pages.length < 3) return null;
  const preSkip = (first.body[10] as number) | ((first.body[11] as number) << 8);
  // OpusTags may span pages: it ends on the first page whose last lacing value is below 255.
  let tagsEnd = 1;
  while (tagsEnd < pages.length && (pages[tagsEnd]?.lacing.at(-1) ?? 255) === 255) tagsEnd++;
  const tagsPage = pages[1] as OggPage;
  if (tagsEnd >= pages.length - 1 || ascii(tagsPage.body, 0, 8) !== 'OpusTags') return null;
  // The comments (vendor, title, artist, encoder …) go: one page with an empty OpusTags instead.
  const dropped = tagsEnd - 1;
  const rebuilt = [
    writeOggPage(first),
    writeOggPage({
      ...tagsPage,
      flags: 0,
      granule: 0n,
      lacing: Uint8Array.of(EMPTY_OPUS_TAGS.length),
      body: EMPTY_OPUS_TAGS,
    }),
    ...pages.slice(tagsEnd + 1).map((p) => writeOggPage({ ...p, sequence: p.sequence - dropped })),
  ];
  const granule = Number(last.granule) - preSkip;
  if (granule <= 0) return null;
  const bytes = new Uint8Array(rebuilt.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of rebuilt) {
    bytes.set(p, at);
    at += p.length;
  }
  return { type: 'audio/ogg', durationMs: granule / 48, bytes };
}

// ---- MP4 (ISO-BMFF, AAC) ----

type Box = { type: string; start: number; dataStart: number; end: number };

function boxes(b: Uint8Array, from: number, to: number): Box[] {
  const out: Box[] = [];
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let at = from;
  while (at < to) {
    if (at + 8 > to) broken();
    let size = view.getUint32(at);
    const type = ascii(b, at + 4, 4);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) broken();
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) broken();
    out.push({ type, start: at, dataStart: at + header, end: at + size });
    at += size;
  }
  return out;
}

const child = (b: Uint8Array, parent: Box, type: string): Box | undefined =>
  boxes(b, parent.dataStart, parent.end).find((x) => x.type === type);

/** Boxes renamed `free` (same size, so no offset moves): user data and metadata (iTunes tags, titles). */
const MP4_FREED = new Set(['udta', 'meta']);
/** Players skip a `free` box whatever it holds: the renamed box's contents are zeroed too. */
function freeOut(b: Uint8Array, box: Box): void {
  b.set([0x66, 0x72, 0x65, 0x65], box.start + 4);
  b.fill(0, box.dataStart, box.end);
}

/** mvhd/tkhd/mdhd: creation and modification times zeroed; answers [timescale, duration] for mvhd/mdhd. */
function headerTimes(b: Uint8Array, box: Box, hasScale: boolean): [number, number] {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const version = b[box.dataStart];
  const at = box.dataStart + 4;
  const wide = version === 1;
  const need = wide ? 28 : 16;
  if (box.end - at < need) broken();
  b.fill(0, at, at + (wide ? 16 : 8));
  if (!hasScale) return [0, 0];
  const scaleAt = at + (wide ? 16 : 8);
  const scale = view.getUint32(scaleAt);
  const duration = wide ? Number(view.getBigUint64(scaleAt + 4)) : view.getUint32(scaleAt + 4);
  // All ones: "unknown" (a fragmented file's header).
  const unknown = wide ? duration >= 2 ** 64 - 1 : duration === 0xffffffff;
  return [scale, unknown ? 0 : duration];
}

function readMp4(b: Uint8Array<ArrayBuffer>): Found | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const top = boxes(b, 0, b.length);
  const ftyp = top[0];
  if (!ftyp || ftyp.type !== 'ftyp') return null;
  const moov = top.find((x) => x.type === 'moov');
  if (!moov || !top.some((x) => x.type === 'mdat')) return null;
  for (const box of top) if (MP4_FREED.has(box.type)) freeOut(b, box);
  let movieScale = 0;
  let movieDuration = 0;
  let trackScale = 0;
  let trackDuration = 0;
  let audioTracks = 0;
  let defaultSampleDuration = 0;
  let sampleTicks = 0;
  for (const box of boxes(b, moov.dataStart, moov.end)) {
    if (MP4_FREED.has(box.type)) freeOut(b, box);
    else if (box.type === 'mvhd') [movieScale, movieDuration] = headerTimes(b, box, true);
    else if (box.type === 'mvex') {
      const trex = child(b, box, 'trex');
      if (trex && trex.end - trex.dataStart >= 20) defaultSampleDuration = view.getUint32(trex.dataStart + 12);
    } else if (box.type === 'trak') {
      for (const t of boxes(b, box.dataStart, box.end)) {
        if (MP4_FREED.has(t.type)) freeOut(b, t);
        else if (t.type === 'tkhd') headerTimes(b, t, false);
      }
      const mdia = child(b, box, 'mdia') ?? broken();
      const hdlr = child(b, mdia, 'hdlr') ?? broken();
      const mdhd = child(b, mdia, 'mdhd') ?? broken();
      const stbl = child(b, child(b, mdia, 'minf') ?? broken(), 'stbl') ?? broken();
      const stsd = child(b, stbl, 'stsd') ?? broken();
      const entries = boxes(b, stsd.dataStart + 8, stsd.end);
      // Sound only, and only AAC: a video track (or any other) is not a voice note.
      if (ascii(b, hdlr.dataStart + 8, 4) !== 'soun' || entries.length !== 1 || entries[0]?.type !== 'mp4a')
        return null;
      // The handler's name (often the recording app's) is zeroed.
      if (hdlr.end > hdlr.dataStart + 24) b.fill(0, hdlr.dataStart + 24, hdlr.end);
      audioTracks++;
      [trackScale, trackDuration] = headerTimes(b, mdhd, true);
      // The sample table's own time (a forged mdhd cannot make a long recording look short).
      const stts = child(b, stbl, 'stts');
      if (stts) {
        const count = view.getUint32(stts.dataStart + 4);
        if (stts.dataStart + 8 + count * 8 > stts.end) broken();
        for (let i = 0; i < count; i++) {
          const at = stts.dataStart + 8 + i * 8;
          sampleTicks += view.getUint32(at) * view.getUint32(at + 4);
        }
      }
    }
  }
  if (audioTracks !== 1 || trackScale <= 0) return null;
  // Fragmented (MediaRecorder's MP4): the samples' durations in the fragments' track runs.
  let ticks = sampleTicks;
  for (const moof of top.filter((x) => x.type === 'moof')) {
    for (const traf of boxes(b, moof.dataStart, moof.end).filter((x) => x.type === 'traf')) {
      const tfhd = child(b, traf, 'tfhd') ?? broken();
      const tfFlags = view.getUint32(tfhd.dataStart) & 0xffffff;
      let at = tfhd.dataStart + 8 + (tfFlags & 0x01 ? 8 : 0) + (tfFlags & 0x02 ? 4 : 0);
      const fragmentDefault = tfFlags & 0x08 ? view.getUint32(at) : defaultSampleDuration;
      for (const trun of boxes(b, traf.dataStart, traf.end).filter((x) => x.type === 'trun')) {
        const flags = view.getUint32(trun.dataStart) & 0xffffff;
        const count = view.getUint32(trun.dataStart + 4);
        at = trun.dataStart + 8 + (flags & 0x01 ? 4 : 0) + (flags & 0x04 ? 4 : 0);
        const perSample = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length * 4;
        if (at + count * perSample > trun.end) broken();
        if (!(flags & 0x100)) ticks += count * fragmentDefault;
        else for (let i = 0; i < count; i++) ticks += view.getUint32(at + i * perSample);
      }
    }
  }
  // mdhd's duration ÷ its timescale (mvhd's when the track has none), never less than the samples'.
  const headerMs =
    trackDuration > 0
      ? (trackDuration / trackScale) * 1_000
      : movieDuration > 0 && movieScale > 0
        ? (movieDuration / movieScale) * 1_000
        : 0;
  const durationMs = Math.max(headerMs, (ticks / trackScale) * 1_000);
  return durationMs > 0 ? { type: 'audio/mp4', durationMs, bytes: b } : null;
}

// ---- The upload form ----

export type VoiceForm = {
  audio: Blob;
  durationMs: number;
  /** Null when the form had none (the caller decides the default). */
  waveform: number[] | null;
  /** The other text fields asked for, when present. */
  fields: Record<string, string>;
};

/**
 * A voice upload's multipart form: `audio` (a file), `durationMs` (whole milliseconds), `waveform`
 * (readWaveform), and the text fields in `extra`; any other field is refused (strict, like the
 * JSON bodies). Missing audio: 400 AUDIO_MISSING; a malformed field: 400 INVALID_INPUT.
 */
export async function readVoiceForm(request: Request, extra: readonly string[]): Promise<VoiceForm> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError(400, 'INVALID_FORM', VOICE_MESSAGES.invalid);
  }
  const bad = (field: string) =>
    new AppError(400, 'INVALID_INPUT', '입력한 내용을 다시 확인해 주세요.', { [field]: '형식이 올바르지 않아요.' });
  const allowed = new Set(['audio', 'durationMs', 'waveform', ...extra]);
  for (const name of form.keys()) if (!allowed.has(name)) throw bad(name);
  for (const name of allowed) if (form.getAll(name).length > 1) throw bad(name);
  const audio = form.get('audio');
  if (!audio || typeof audio === 'string' || audio.size === 0) {
    throw new AppError(400, 'AUDIO_MISSING', VOICE_MESSAGES.missing, { audio: VOICE_MESSAGES.missing });
  }
  const duration = form.get('durationMs');
  if (typeof duration !== 'string' || !/^[0-9]{1,7}$/.test(duration)) throw bad('durationMs');
  const rawWave = form.get('waveform');
  let waveform: number[] | null = null;
  if (rawWave !== null) {
    if (typeof rawWave !== 'string') throw bad('waveform');
    waveform = readWaveform(rawWave);
    if (waveform === null) throw bad('waveform');
  }
  const fields: Record<string, string> = {};
  for (const name of extra) {
    const value = form.get(name);
    if (value === null) continue;
    if (typeof value !== 'string') throw bad(name);
    fields[name] = value;
  }
  return { audio, durationMs: Number(duration), waveform, fields };
}
