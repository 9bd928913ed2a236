// Tiny JPEG/PNG/WebP files built byte by byte (JPEG pixels by jpeg-js), with the metadata a phone
// would add (EXIF with GPS, XMP, comments, text chunks) and the bytes an attacker would hide
// (HTML, ZIP), so tests can prove none of it is stored.
import { encode as encodeJpeg } from 'jpeg-js';
import { concatBytes } from '../../src/lib/bytes';
import { PNG_SIGNATURE, pngChunk } from '../../src/lib/png-encode';

export { PNG_SIGNATURE, pngChunk };

const enc = new TextEncoder();
export const text = (s: string): Uint8Array => enc.encode(s);

export const concat = concatBytes;

export function indexOfBytes(hay: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];

/** GPS position as EXIF stores it: 37° 33' 59.40" N, 126° 58' 40.80" E (three rationals each). */
export const GPS_LATITUDE_RATIONALS = Uint8Array.from([
  ...be32(37),
  ...be32(1),
  ...be32(33),
  ...be32(1),
  ...be32(5940),
  ...be32(100),
]);
export const GPS_LONGITUDE_RATIONALS = Uint8Array.from([
  ...be32(126),
  ...be32(1),
  ...be32(58),
  ...be32(1),
  ...be32(4080),
  ...be32(100),
]);
export const CAMERA_MAKE = 'OngiPhone 15 Pro';
export const XMP_PACKET =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="37,33.99N" ' +
  'exif:GPSLongitude="126,58.68E"/></rdf:RDF></x:xmpmeta>';
export const COMMENT = 'taken at 서울 중구 세종대로 110';

/** A big-endian TIFF block: IFD0 with Make and a GPS IFD pointer, GPS IFD with latitude/longitude. */
export function exifTiff(): Uint8Array {
  const make = text(CAMERA_MAKE + '\0');
  const entry = (tag: number, type: number, count: number, value: number[]) => [
    ...be16(tag),
    ...be16(type),
    ...be32(count),
    ...value,
  ];
  const ifd0At = 8;
  const ifd0Size = 2 + 2 * 12 + 4;
  const gpsAt = ifd0At + ifd0Size;
  const gpsSize = 2 + 4 * 12 + 4;
  const makeAt = gpsAt + gpsSize;
  const latAt = makeAt + make.length;
  const lngAt = latAt + 24;
  const ifd0 = [
    ...be16(2),
    ...entry(0x010f, 2, make.length, be32(makeAt)),
    ...entry(0x8825, 4, 1, be32(gpsAt)),
    ...be32(0),
  ];
  const gps = [
    ...be16(4),
    ...entry(0x0001, 2, 2, [0x4e, 0, 0, 0]), // GPSLatitudeRef "N"
    ...entry(0x0002, 5, 3, be32(latAt)), // GPSLatitude
    ...entry(0x0003, 2, 2, [0x45, 0, 0, 0]), // GPSLongitudeRef "E"
    ...entry(0x0004, 5, 3, be32(lngAt)), // GPSLongitude
    ...be32(0),
  ];
  return concat([
    [0x4d, 0x4d, 0x00, 0x2a, ...be32(ifd0At)],
    ifd0,
    gps,
    make,
    GPS_LATITUDE_RATIONALS,
    GPS_LONGITUDE_RATIONALS,
  ]);
}

// ---- JPEG ----

export const jpegSegment = (marker: number, payload: Uint8Array | readonly number[]): Uint8Array => {
  const body = payload instanceof Uint8Array ? payload : Uint8Array.from(payload);
  return concat([[0xff, marker, ...be16(body.length + 2)], body]);
};

export type JpegFixture = { file: Uint8Array; image: Uint8Array };

/** A picture's RGBA pixels: soft gradients, so an encoder has real work to do. */
export function gradientRgba(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0, o = 0; y < height; y++) {
    for (let x = 0; x < width; x++, o += 4) {
      data[o] = (x * 255) / width;
      data[o + 1] = (y * 255) / height;
      data[o + 2] = ((x + y) * 127) / (width + height) + 64;
      data[o + 3] = 255;
    }
  }
  return data;
}

/** Text hidden in a quantisation table: a valid DQT for table 3 (unused by the frame) whose 64 values spell it. */
export const DQT_TEXT = '<html><script>steal()</script></html> hidden in a JPEG DQT table';

/**
 * A real (decodable) baseline JPEG with what a phone or an attacker adds: EXIF (GPS), XMP, ICC,
 * a comment, an APP15 text segment, a text-carrying DQT, and trailing bytes after EOI.
 * `image` is the plain encoder output the extras were added to.
 */
export function jpegWithMetadata(width = 96, height = 80): JpegFixture {
  const encoded = encodeJpeg({ width, height, data: gradientRgba(width, height) }, 90).data;
  const image = new Uint8Array(encoded.buffer, encoded.byteOffset, encoded.byteLength);
  const exif = jpegSegment(0xe1, concat([text('Exif\0\0'), exifTiff()]));
  const xmp = jpegSegment(0xe1, concat([text('http://ns.adobe.com/xap/1.0/\0'), text(XMP_PACKET)]));
  const icc = jpegSegment(0xe2, concat([text('ICC_PROFILE\0'), [1, 1], text('device: ' + CAMERA_MAKE)]));
  const app15 = jpegSegment(0xef, text('APP15 ' + CAMERA_MAKE));
  const com = jpegSegment(0xfe, text(COMMENT));
  const dqtText = jpegSegment(0xdb, concat([[0x03], text(DQT_TEXT.padEnd(64, '.').slice(0, 64))]));
  const trailer = text('SEFT trailer with ' + CAMERA_MAKE);
  const file = concat([image.subarray(0, 2), exif, xmp, icc, app15, com, dqtText, image.subarray(2), trailer]);
  return { file, image };
}

/**
 * Header-only JPEG: valid markers and a frame claiming `width`×`height`, but a token scan no
 * decoder can use. For checks that must answer from the header alone (pixel limit, truncation).
 */
export function jpegHeaderOnly(width: number, height: number): Uint8Array {
  const soi = [0xff, 0xd8];
  const dqt = jpegSegment(0xdb, [0x00, ...Array.from({ length: 64 }, (_, i) => i + 1)]);
  const sof = jpegSegment(0xc0, [8, ...be16(height), ...be16(width), 3, 1, 0x22, 0, 2, 0x11, 0, 3, 0x11, 0]);
  const dht = jpegSegment(0xc4, [
    0x00,
    0,
    1,
    5,
    1,
    1,
    1,
    1,
    1,
    1,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    ...Array.from({ length: 12 }, (_, i) => i),
  ]);
  const sos = jpegSegment(0xda, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]);
  const scan = [0xfa, 0x28, 0xa2, 0xff, 0x00, 0x8a, 0x28, 0xff, 0xd0, 0xa0, 0x0f, 0xff, 0x00, 0x3f];
  return concat([soi, dqt, sof, dht, sos, scan, [0xff, 0xd9]]);
}

// ---- PNG ----

/** zlib stream with one stored (uncompressed) deflate block: valid, and needs no compressor. */
export function zlibStored(raw: Uint8Array): Uint8Array {
  let a = 1;
  let b = 0;
  for (const x of raw) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  const len = raw.length;
  return concat([
    [0x78, 0x01, 0x01, len & 0xff, len >> 8, ~len & 0xff, (~len >> 8) & 0xff],
    raw,
    be32(((b << 16) | a) >>> 0),
  ]);
}

export function pngParts(width: number, height: number) {
  const ihdr = pngChunk('IHDR', [...be32(width), ...be32(height), 8, 2, 0, 0, 0]);
  // Real pixels only for small images; big "claimed" sizes get a token IDAT (never decoded here).
  const rows = width * height <= 128 * 128 ? height : 1;
  const raw = new Uint8Array(rows * (1 + width * 3));
  for (let i = 0; i < raw.length; i++) raw[i] = i % (1 + width * 3) === 0 ? 0 : (i * 7) & 0xff;
  const idat = pngChunk('IDAT', zlibStored(raw.subarray(0, Math.min(raw.length, 65_535))));
  const iend = pngChunk('IEND', []);
  return { ihdr, idat, iend };
}

export function plainPng(width: number, height: number): Uint8Array {
  const { ihdr, idat, iend } = pngParts(width, height);
  return concat([PNG_SIGNATURE, ihdr, idat, iend]);
}

/** Text an attacker hides in a chunk: 60 KB of it, far beyond any real gAMA (4 bytes) or caption. */
export const CHUNK_TEXT = '<html><body>hidden page</body></html>';
const bigText = (size: number) => text(CHUNK_TEXT.repeat(Math.ceil(size / CHUNK_TEXT.length)).slice(0, size));

/** A PNG carrying tEXt/iTXt/eXIf/tIME/iCCP/private chunks, a 60 KB gAMA and a 60 KB tEXt of text, and bytes after IEND. */
export function pngWithMetadata(width = 80, height = 64) {
  const { ihdr, idat, iend } = pngParts(width, height);
  const gama = pngChunk('gAMA', bigText(60 * 1024));
  const textChunk = pngChunk('tEXt', text('Comment\0' + COMMENT));
  const bigTextChunk = pngChunk('tEXt', concat([text('Comment\0'), bigText(60 * 1024)]));
  const itxt = pngChunk('iTXt', concat([text('XML:com.adobe.xmp\0\0\0\0\0'), text(XMP_PACKET)]));
  const exif = pngChunk('eXIf', exifTiff());
  const time = pngChunk('tIME', [0x07, 0xea, 11, 22, 6, 4, 0]);
  const iccp = pngChunk('iCCP', concat([text('device: ' + CAMERA_MAKE + '\0'), [0, 0x78, 0x01]]));
  const priv = pngChunk('prVt', text(CAMERA_MAKE));
  const file = concat([
    PNG_SIGNATURE,
    ihdr,
    iccp,
    gama,
    textChunk,
    bigTextChunk,
    exif,
    idat,
    itxt,
    time,
    priv,
    iend,
    text('after IEND'),
  ]);
  return { file };
}

/** The start of a ZIP archive (local file header of "evil.html"): what a polyglot appends. */
export const ZIP_BYTES = concat([
  [0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 0, 0],
  new Uint8Array(16),
  [9, 0, 0, 0],
  text('evil.html'),
]);
export const IDAT_HTML = '<html><script>alert(document.cookie)</script></html>';

/**
 * A PNG/HTML/ZIP polyglot: the HTML is the raw pixel bytes of the first row (an uncompressed
 * deflate block, so it sits verbatim inside IDAT), a ZIP header rides in a private chunk, and a
 * ZIP follows IEND. It decodes as a valid 96×80 picture.
 */
export function polyglotPng(width = 96, height = 80): Uint8Array {
  const ihdr = pngChunk('IHDR', [...be32(width), ...be32(height), 8, 2, 0, 0, 0]);
  const stride = 1 + width * 3;
  const raw = new Uint8Array(height * stride);
  for (let i = 0; i < raw.length; i++) raw[i] = i % stride === 0 ? 0 : (i * 5) & 0xff;
  raw.set(text(IDAT_HTML), 1); // row 0, after its filter byte
  const idat = pngChunk('IDAT', zlibStored(raw));
  const zipChunk = pngChunk('zIPp', ZIP_BYTES);
  return concat([PNG_SIGNATURE, ihdr, zipChunk, idat, pngChunk('IEND', []), ZIP_BYTES, text('<html>after</html>')]);
}

/** An 8-bit RGBA PNG whose left half is transparent. */
export function alphaPng(width = 80, height = 64): Uint8Array {
  const ihdr = pngChunk('IHDR', [...be32(width), ...be32(height), 8, 6, 0, 0, 0]);
  const stride = 1 + width * 4;
  const raw = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = y * stride + 1 + x * 4;
      raw.set([200, 80 + y, 40 + x, x < width / 2 ? 0 : 255], o);
    }
  }
  return concat([PNG_SIGNATURE, ihdr, pngChunk('IDAT', zlibStored(raw)), pngChunk('IEND', [])]);
}

// ---- WebP ----

export function riffChunk(type: string, data: Uint8Array): Uint8Array {
  return concat(data.length % 2 ? [text(type), le32(data.length), data, [0]] : [text(type), le32(data.length), data]);
}

export function riff(chunks: readonly Uint8Array[]): Uint8Array {
  const body = concat(chunks);
  return concat([text('RIFF'), le32(body.length + 4), text('WEBP'), body]);
}

/** VP8L (lossless) bitstream header: signature 0x2F, then 14-bit width-1 and height-1. */
export function vp8l(width: number, height: number): Uint8Array {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14) | (1 << 28);
  return concat([[0x2f], le32(bits >>> 0), [0x07, 0x10, 0x88, 0x88, 0x08]]);
}

/** VP8 (lossy) key frame header: frame tag, start code 9D 01 2A, 14-bit width and height. */
export function vp8(width: number, height: number): Uint8Array {
  return concat([
    [0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, width & 0xff, width >> 8, height & 0xff, height >> 8],
    [1, 2, 3, 4, 5],
  ]);
}

/** An extended WebP: VP8X (alpha + EXIF + XMP flags), VP8L image, EXIF and XMP chunks. */
export function webpWithMetadata(width = 100, height = 70) {
  const flagsBefore = 0x10 | 0x08 | 0x04;
  const vp8x = (flags: number) =>
    riffChunk('VP8X', Uint8Array.from([flags, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)]));
  const image = riffChunk('VP8L', vp8l(width, height));
  const exif = riffChunk('EXIF', exifTiff());
  const xmp = riffChunk('XMP ', text(XMP_PACKET));
  const file = riff([vp8x(flagsBefore), image, exif, xmp]);
  const expected = riff([vp8x(0x10), image]);
  return { file, expected, image };
}
