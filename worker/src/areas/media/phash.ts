// Perceptual hash of a profile photo (docs/trust.md "Duplicate photos"): the classic DCT pHash. The decoded image is reduced to 32×32 grey levels (box
// average), a 2-D DCT-II is taken, and each of the 8×8 lowest frequencies (DC left out of the
// median) becomes one bit: above the median or not. Resizing, recompressing, small crops and
// brightness changes barely move those frequencies; a different photo flips about half the bits.
// JPEG and PNG are decoded here (pure-JS decoders, no native code); WebP is not decoded and gets
// no hash. A nearly flat picture (a solid colour) carries no identity and gets no hash either.
import { decode as decodeJpegPixels } from 'jpeg-js';
import { convertIndexedToRgb, decode as decodePngPixels } from 'fast-png';
import type { Pixels } from './pixels';
import type { ImageFormat } from './sniff';

/** A grey image, one byte-range (0–255) float per pixel, row by row. */
export type GreyImage = { width: number; height: number; grey: Float32Array };

const SIZE = 32;
const LOW = 8;
/** Below this standard deviation of the 32×32 grey levels the picture is "flat" (no hash). */
const FLAT_STD = 2;

/**
 * Hamming distances measured with `npm run bench:phash` (docs/trust.md "Verified photos"). At or
 * under MATCH two photos are flagged for an operator (99 % of re-uploaded copies found); at or
 * under REFUSE a copy of a permanently banned account's photo is refused without a person
 * looking, so that threshold is stricter (fewer innocent look-alikes refused, 92 % of copies).
 */
export const PHASH_MATCH_DISTANCE = 10;
export const PHASH_REFUSE_DISTANCE = 6;

/** Grey levels from interleaved pixels of `channels` components with `max` as full scale. */
function greyFrom(data: ArrayLike<number>, width: number, height: number, channels: number, max: number): GreyImage {
  const grey = new Float32Array(width * height);
  const scale = 255 / max;
  for (let i = 0, p = 0; i < grey.length; i++, p += channels) {
    if (channels >= 3) {
      grey[i] = (0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!) * scale;
    } else grey[i] = data[p]! * scale;
  }
  return { width, height, grey };
}

/** Decodes a JPEG or PNG to grey levels; null for formats or bit layouts not decoded here. */
export function decodeGrey(bytes: Uint8Array, format: ImageFormat): GreyImage | null {
  try {
    if (format === 'jpeg') {
      const img = decodeJpegPixels(bytes, {
        useTArray: true,
        formatAsRGBA: false,
        maxResolutionInMP: 50,
        maxMemoryUsageInMB: 256,
      });
      const channels = img.data.length / (img.width * img.height);
      return greyFrom(img.data, img.width, img.height, channels, 255);
    }
    if (format === 'png') {
      const png = decodePngPixels(bytes);
      if (png.palette) {
        const rgb = convertIndexedToRgb(png);
        return greyFrom(rgb, png.width, png.height, rgb.length / (png.width * png.height), 255);
      }
      if (png.depth !== 8 && png.depth !== 16) return null;
      return greyFrom(png.data, png.width, png.height, png.channels, png.depth === 16 ? 65535 : 255);
    }
  } catch {
    // The bytes passed the metadata cleaner; a decoder that still fails just means no hash.
    return null;
  }
  return null;
}

/** Box-average reduction to SIZE×SIZE. */
export function shrink({ width, height, grey }: GreyImage): Float32Array {
  const out = new Float32Array(SIZE * SIZE);
  for (let by = 0; by < SIZE; by++) {
    const y0 = Math.floor((by * height) / SIZE);
    const y1 = Math.max(y0 + 1, Math.floor(((by + 1) * height) / SIZE));
    for (let bx = 0; bx < SIZE; bx++) {
      const x0 = Math.floor((bx * width) / SIZE);
      const x1 = Math.max(x0 + 1, Math.floor(((bx + 1) * width) / SIZE));
      let sum = 0;
      for (let y = y0; y < y1; y++) {
        const row = y * width;
        for (let x = x0; x < x1; x++) sum += grey[row + x]!;
      }
      out[by * SIZE + bx] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

const COS = (() => {
  const c = new Float64Array(LOW * SIZE);
  for (let u = 0; u < LOW; u++) {
    for (let x = 0; x < SIZE; x++) c[u * SIZE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE));
  }
  return c;
})();

/** The 64-bit pHash of a grey image as 16 hex digits, or null for a flat picture. */
export function phashOfGrey(image: GreyImage): string | null {
  const small = shrink(image);
  let mean = 0;
  for (const v of small) mean += v;
  mean /= small.length;
  let variance = 0;
  for (const v of small) variance += (v - mean) ** 2;
  if (Math.sqrt(variance / small.length) < FLAT_STD) return null;
  // Separable DCT-II, only the LOW×LOW corner: rows first, then columns.
  const rows = new Float64Array(SIZE * LOW);
  for (let y = 0; y < SIZE; y++) {
    for (let u = 0; u < LOW; u++) {
      let s = 0;
      for (let x = 0; x < SIZE; x++) s += small[y * SIZE + x]! * COS[u * SIZE + x]!;
      rows[y * LOW + u] = s;
    }
  }
  const coef = new Float64Array(LOW * LOW);
  for (let v = 0; v < LOW; v++) {
    for (let u = 0; u < LOW; u++) {
      let s = 0;
      for (let y = 0; y < SIZE; y++) s += rows[y * LOW + u]! * COS[v * SIZE + y]!;
      coef[v * LOW + u] = s;
    }
  }
  const sorted = Array.from(coef.subarray(1)).sort((a, b) => a - b);
  const median = (sorted[31]! + sorted[32]!) / 2;
  let hex = '';
  for (let nibble = 0; nibble < 16; nibble++) {
    let n = 0;
    for (let b = 0; b < 4; b++) n = (n << 1) | (coef[nibble * 4 + b]! > median ? 1 : 0);
    hex += n.toString(16);
  }
  return hex;
}

/** The pHash of decoded 8-bit pixels (what media/clean.ts stores), or null for a flat picture. */
export function phashOfPixels(p: Pixels): string | null {
  return phashOfGrey(greyFrom(p.data, p.width, p.height, p.channels, 255));
}

/** The pHash of stored image bytes (JPEG/PNG), or null when it has none (WebP, flat, undecodable). */
export function phashOf(bytes: Uint8Array, format: ImageFormat): string | null {
  const grey = decodeGrey(bytes, format);
  return grey ? phashOfGrey(grey) : null;
}

const POPCOUNT = Array.from({ length: 16 }, (_, n) => (n & 1) + ((n >> 1) & 1) + ((n >> 2) & 1) + ((n >> 3) & 1));

/** Bits that differ between two hashes of 16 hex digits. */
export function hammingDistance(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < 16; i++) d += POPCOUNT[parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16)]!;
  return d;
}
