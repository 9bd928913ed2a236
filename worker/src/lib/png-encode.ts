// The one PNG writer: chunks with their CRC, and 8-bit RGB or RGBA pictures from compressed
// scanlines. Used by the demo data (scripts/demo/png.ts), the app icons (member-web/build/pwa-icons.ts),
// both with deflate from Node, and by tests (test/helpers, test/media/fixtures.ts). The Worker itself
// re-encodes uploads with fast-png (areas/media/pixels.ts).
import { concatBytes } from './bytes';

export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

const CRC_TABLE = new Uint32Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  CRC_TABLE[n] = c >>> 0;
}

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = (CRC_TABLE[(c ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One chunk: length, type, data, CRC of type and data. */
export function pngChunk(type: string, data: Uint8Array | readonly number[]): Uint8Array {
  const body = concatBytes([new TextEncoder().encode(type), data]);
  const out = new Uint8Array(8 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length - 4);
  out.set(body, 4);
  view.setUint32(4 + body.length, crc32(body));
  return out;
}

/** An 8-bit truecolour (RGB, or RGBA with `alpha`), non-interlaced PNG from its zlib-compressed, filtered scanlines. */
export function pngOf(width: number, height: number, zlibScanlines: Uint8Array, { alpha = false } = {}): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, alpha ? 6 : 2, 0, 0, 0], 8); // 8-bit, truecolour (with alpha), deflate, adaptive filters, no interlace
  return concatBytes([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlibScanlines),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}
