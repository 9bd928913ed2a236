// Small but structurally real voice recordings, built byte by byte (no binary fixtures): WebM with
// an Opus track as MediaRecorder writes it (unknown-size Segment and Clusters), Ogg/Opus pages with
// real CRCs, and MP4/AAC both plain and fragmented. Each carries recorder metadata ("secret") that
// the upload check must strip. The audio frames are filler: lib/audio reads containers, not codecs.
import { oggCrc } from '../../src/lib/audio';

const SECRET = 'secret-recorder-tag';
export const FIXTURE_SECRET = SECRET;

const bytesOf = (s: string): number[] => [...new TextEncoder().encode(s)];
const cat = (...parts: (number[] | Uint8Array)[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const be = (value: number, n: number): number[] => {
  const out: number[] = [];
  let v = value;
  for (let i = 0; i < n; i++) {
    out.unshift(v % 256);
    v = Math.floor(v / 256);
  }
  return out;
};
const le = (value: number, n: number): number[] => be(value, n).reverse();

// ---- WebM ----

const idBytes = (id: number): number[] => be(id, id > 0xffffff ? 4 : id > 0xffff ? 3 : id > 0xff ? 2 : 1);
const ebml = (id: number, ...payload: (number[] | Uint8Array)[]): Uint8Array<ArrayBuffer> => {
  const data = cat(...payload);
  return cat(idBytes(id), [0x01, ...be(data.length, 7)], data);
};
const unknownSize = (id: number, ...payload: (number[] | Uint8Array)[]) =>
  cat(idBytes(id), [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], ...payload);
const float64 = (v: number): number[] => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, v);
  return [...b];
};

/**
 * A WebM/Opus recording of `durationMs` (blocks every 100 ms, a Cluster every 10 s). `infoDurationMs`
 * writes an Info Duration (MediaRecorder usually writes none); `codec` forges another codec.
 */
export function webm(
  durationMs: number,
  opts: { infoDurationMs?: number; codec?: string; trackType?: number; docType?: string } = {},
): Uint8Array<ArrayBuffer> {
  const clusters: Uint8Array[] = [];
  for (let start = 0; start <= durationMs; start += 10_000) {
    const blocks: Uint8Array[] = [];
    for (let t = start; t <= Math.min(durationMs, start + 9_900); t += 100) {
      blocks.push(ebml(0xa3, [0x81, ...be(t - start, 2), 0x80, 0xfc, 0xff, 0xfe, 0x11, 0x22]));
    }
    clusters.push(unknownSize(0x1f43b675, ebml(0xe7, be(start, 4)), ...blocks));
  }
  const info = ebml(
    0x1549a966,
    ebml(0x2ad7b1, be(1_000_000, 3)),
    ebml(0x4d80, bytesOf(`Chrome ${SECRET}`)),
    ebml(0x5741, bytesOf(`Chrome ${SECRET}`)),
    ebml(0x7ba9, bytesOf(`title ${SECRET}`)),
    ...(opts.infoDurationMs !== undefined ? [ebml(0x4489, float64(opts.infoDurationMs))] : []),
  );
  const tracks = ebml(
    0x1654ae6b,
    ebml(
      0xae,
      ebml(0xd7, [1]),
      ebml(0x83, [opts.trackType ?? 2]),
      ebml(0x86, bytesOf(opts.codec ?? 'A_OPUS')),
      ebml(0x536e, bytesOf(`mic ${SECRET}`)),
    ),
  );
  const tags = ebml(
    0x1254c367,
    ebml(0x7373, ebml(0x67c8, ebml(0x45a3, bytesOf('ARTIST')), ebml(0x4487, bytesOf(SECRET)))),
  );
  return cat(
    ebml(0x1a45dfa3, ebml(0x4286, [1]), ebml(0x4282, bytesOf(opts.docType ?? 'webm'))),
    unknownSize(0x18538067, info, tracks, tags, ...clusters),
  );
}

// ---- Ogg ----

function oggPage(p: { flags: number; granule: number; serial: number; sequence: number; packets: number[][] }) {
  const lacing: number[] = [];
  for (const packet of p.packets) {
    let n = packet.length;
    while (n >= 255) {
      lacing.push(255);
      n -= 255;
    }
    lacing.push(n);
  }
  const header = cat(
    bytesOf('OggS'),
    [0, p.flags],
    le(p.granule, 8),
    le(p.serial, 4),
    le(p.sequence, 4),
    [0, 0, 0, 0],
    [lacing.length],
    lacing,
  );
  const page = cat(header, ...p.packets);
  new DataView(page.buffer).setUint32(22, oggCrc(page), true);
  return page;
}

const PRE_SKIP = 312;

/** An Ogg/Opus recording of `durationMs`: OpusHead, OpusTags (vendor and a TITLE), a page a second, EOS. */
export function ogg(durationMs: number, opts: { granuleMs?: number; eos?: boolean } = {}): Uint8Array<ArrayBuffer> {
  const serial = 0x1234abcd;
  const head = [...bytesOf('OpusHead'), 1, 1, ...le(PRE_SKIP, 2), ...le(48_000, 4), 0, 0, 0];
  const vendor = bytesOf(`libopus ${SECRET}`);
  const comment = bytesOf(`TITLE=${SECRET}`);
  const tags = [
    ...bytesOf('OpusTags'),
    ...le(vendor.length, 4),
    ...vendor,
    ...le(1, 4),
    ...le(comment.length, 4),
    ...comment,
  ];
  const pages = [
    oggPage({ flags: 0x02, granule: 0, serial, sequence: 0, packets: [head] }),
    oggPage({ flags: 0, granule: 0, serial, sequence: 1, packets: [tags] }),
  ];
  const endMs = opts.granuleMs ?? durationMs;
  const seconds = Math.max(1, Math.ceil(durationMs / 1_000));
  for (let i = 1; i <= seconds; i++) {
    const last = i === seconds;
    const ms = last ? endMs : Math.min(endMs, i * 1_000);
    pages.push(
      oggPage({
        flags: last && opts.eos !== false ? 0x04 : 0,
        granule: ms * 48 + PRE_SKIP,
        serial,
        sequence: i + 1,
        packets: Array.from({ length: 5 }, () => [0xfc, 0xff, 0xfe, 0x01, 0x02, 0x03]),
      }),
    );
  }
  return cat(...pages);
}

// ---- MP4 ----

const box = (type: string, ...payload: (number[] | Uint8Array)[]): Uint8Array<ArrayBuffer> => {
  const data = cat(...payload);
  return cat(be(data.length + 8, 4), bytesOf(type), data);
};
const fullBox = (type: string, version: number, flags: number, ...payload: (number[] | Uint8Array)[]) =>
  box(type, [version, ...be(flags, 3)], ...payload);
const zeros = (n: number): number[] => new Array<number>(n).fill(0);

/**
 * An MP4/AAC recording of `durationMs` (timescale 48 kHz, 1024-sample frames). `fragmented`: as
 * Chrome's MediaRecorder writes it (durations 0 in the headers, samples in moof/trun);
 * `mdhdMs` forges the track header's duration; `handler`/`entry` forge the track kind and codec.
 */
export function mp4(
  durationMs: number,
  opts: { fragmented?: boolean; mdhdMs?: number; handler?: string; entry?: string } = {},
): Uint8Array<ArrayBuffer> {
  const scale = 48_000;
  const frames = Math.round((durationMs * scale) / 1_000 / 1024);
  const ticks = frames * 1024;
  const headerTicks = opts.fragmented ? 0 : opts.mdhdMs !== undefined ? (opts.mdhdMs * scale) / 1_000 : ticks;
  const when = be(3_700_000_000, 4); // creation/modification times: metadata to zero
  const mvhd = fullBox(
    'mvhd',
    0,
    0,
    when,
    when,
    be(1_000, 4),
    be(opts.fragmented ? 0 : Math.round((ticks / scale) * 1_000), 4),
    zeros(80),
  );
  const tkhd = fullBox('tkhd', 0, 3, when, when, be(1, 4), zeros(4), be(0, 4), zeros(60));
  const mdhd = fullBox('mdhd', 0, 0, when, when, be(scale, 4), be(headerTicks, 4), [0x55, 0xc4, 0, 0]);
  const hdlr = fullBox(
    'hdlr',
    0,
    0,
    zeros(4),
    bytesOf(opts.handler ?? 'soun'),
    zeros(12),
    bytesOf(`Sound ${SECRET}`),
    [0],
  );
  const stsd = fullBox('stsd', 0, 0, be(1, 4), box(opts.entry ?? 'mp4a', zeros(28)));
  const stts = opts.fragmented
    ? fullBox('stts', 0, 0, be(0, 4))
    : fullBox('stts', 0, 0, be(1, 4), be(frames, 4), be(1024, 4));
  const stbl = box('stbl', stsd, stts);
  const trak = box('trak', tkhd, box('mdia', mdhd, hdlr, box('minf', stbl)));
  const udta = box('udta', box('meta', zeros(4), box('ilst', box('\u00a9nam', bytesOf(SECRET)))));
  const mvex = box('mvex', fullBox('trex', 0, 0, be(1, 4), be(1, 4), be(1024, 4), zeros(8)));
  const moov = box('moov', mvhd, trak, ...(opts.fragmented ? [mvex] : []), udta);
  const ftyp = box('ftyp', bytesOf('M4A '), be(0, 4), bytesOf('M4A isom'));
  const payload = zeros(frames * 4);
  if (!opts.fragmented) return cat(ftyp, moov, box('mdat', payload));
  const half = Math.floor(frames / 2);
  const fragment = (count: number) =>
    cat(
      box(
        'moof',
        box(
          'traf',
          fullBox('tfhd', 0, 0x08, be(1, 4), be(1024, 4)),
          fullBox('trun', 0, 0x200, be(count, 4), ...Array.from({ length: count }, () => be(4, 4))),
        ),
      ),
      box('mdat', zeros(count * 4)),
    );
  return cat(ftyp, moov, fragment(half), fragment(frames - half));
}

/** A real PNG signature and IHDR: an image, whatever the name or declared type says. */
export const PNG_BYTES = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0,
  0, 0, 0x90, 0x77, 0x53, 0xde,
]);

/** A flat waveform of the contract's bar count. */
export const flatWaveform = (level = 40): number[] => new Array<number>(48).fill(level);
