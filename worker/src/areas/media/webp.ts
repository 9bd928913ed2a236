// WebP (RIFF): reads the size from VP8X, VP8 or VP8L and rebuilds the container without
// EXIF, XMP and ICCP chunks, clearing their VP8X flags and fixing the RIFF size.
import { type CleanedImage, ascii, concat, notAnImage, slice, u16le, u24le, u32le } from './bytes';

const KEEP = new Set(['VP8X', 'VP8 ', 'VP8L', 'ALPH', 'ANIM', 'ANMF']);
const IMAGE_DATA = new Set(['VP8 ', 'VP8L', 'ANMF']);
/** VP8X flag bits for the chunks we drop: ICC profile, EXIF, XMP. */
const DROPPED_FLAGS = 0x20 | 0x08 | 0x04;

type Size = { width: number; height: number };

function sizeOf(type: string, data: Uint8Array): Size {
  if (type === 'VP8X') return { width: 1 + u24le(data, 4), height: 1 + u24le(data, 7) };
  if (type === 'VP8 ') {
    // 3-byte frame tag, then the key frame start code 9D 01 2A and two 14-bit sizes.
    if (data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) throw notAnImage();
    return { width: u16le(data, 6) & 0x3fff, height: u16le(data, 8) & 0x3fff };
  }
  if (type === 'VP8L') {
    if (data[0] !== 0x2f) throw notAnImage();
    const bits = u32le(data, 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  throw notAnImage();
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const header = new Uint8Array(8);
  for (let i = 0; i < 4; i++) header[i] = type.charCodeAt(i);
  new DataView(header.buffer).setUint32(4, data.length, true);
  return concat(data.length % 2 ? [header, data, Uint8Array.of(0)] : [header, data]);
}

export function cleanWebp(b: Uint8Array): CleanedImage {
  if (ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') throw notAnImage();
  // Bytes beyond the RIFF size are not part of the image and are dropped.
  const end = 8 + u32le(b, 4);
  if (end > b.length) throw notAnImage();
  const out: Uint8Array[] = [];
  let size: Size | null = null;
  let hasImageData = false;
  let at = 12;

  while (at + 8 <= end) {
    const type = ascii(b, at, 4);
    const length = u32le(b, at + 4);
    const data = slice(b, at + 8, length);
    if (at + 8 + length > end) throw notAnImage();
    if (size === null) size = sizeOf(type, data); // the first chunk decides the layout
    if (type === 'VP8X') {
      const flags = Uint8Array.from(data);
      flags[0] = (flags[0] ?? 0) & ~DROPPED_FLAGS;
      out.push(chunk(type, flags));
    } else if (KEEP.has(type)) {
      out.push(chunk(type, data));
    }
    if (IMAGE_DATA.has(type)) hasImageData = true;
    at += 8 + length + (length % 2);
  }

  if (!size || !hasImageData || size.width === 0 || size.height === 0) throw notAnImage();
  const body = concat(out);
  const header = new Uint8Array(12);
  header.set([0x52, 0x49, 0x46, 0x46], 0);
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  header.set([0x57, 0x45, 0x42, 0x50], 8);
  return { bytes: concat([header, body]), width: size.width, height: size.height };
}
