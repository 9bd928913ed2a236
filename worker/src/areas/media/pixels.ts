// Decoded pixels: every stored picture is rebuilt from these (docs/decisions/0004), so no byte of
// the upload but its picture reaches R2. Pure JS (jpeg-js, fast-png): no native code in workerd.
// Decode → shrink (integer box filter) → encode, one decode per upload; the perceptual hash
// (phash.ts) is taken from the same shrunken pixels.
import { decode as decodeJpegPixels, encode as encodeJpegPixels } from 'jpeg-js';
import { convertIndexedToRgb, decode as decodePngPixels, encode as encodePngPixels } from 'fast-png';
import { LIMITS } from '../../contract';
import { notAnImage } from './bytes';

/** 8-bit pixels, row by row, `channels` = 3 (RGB) or 4 (RGBA) components each. */
export type Pixels = { width: number; height: number; channels: 3 | 4; data: Uint8Array };

/** JPEG quality of every stored photo (the SPA prepares uploads at 0.9; 85 is visually the same, smaller). */
export const STORED_JPEG_QUALITY = 85;

/**
 * Decodes JPEG bytes to RGBA (alpha always 255). RGBA rather than RGB because jpeg-js converts
 * greyscale and CMYK/YCCK JPEGs to colour only on that path. The caller has already checked the
 * header's size against the pixel limit.
 */
export function decodeJpeg(bytes: Uint8Array): Pixels {
  let img: { width: number; height: number; data: Uint8Array };
  try {
    img = decodeJpegPixels(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: LIMITS.imageMaxPixels / 1_000_000,
      maxMemoryUsageInMB: 128, // a Worker isolate's whole memory; the pixel limit keeps decodes well under it
    });
  } catch {
    throw notAnImage();
  }
  if (img.data.length !== img.width * img.height * 4) throw notAnImage();
  return { width: img.width, height: img.height, channels: 4, data: img.data };
}

/** Grey (with or without alpha) at any bit depth, RGB(A) at 8 or 16 bits, or a palette → 8-bit RGB(A). */
export function decodePng(bytes: Uint8Array): Pixels {
  let png: ReturnType<typeof decodePngPixels>;
  try {
    png = decodePngPixels(bytes);
  } catch {
    throw notAnImage();
  }
  const { width, height, depth } = png;
  const n = width * height;
  if (png.palette) {
    const rgb = convertIndexedToRgb(png);
    const channels = rgb.length / n;
    if (channels !== 3 && channels !== 4) throw notAnImage();
    return { width, height, channels, data: rgb };
  }
  const inChannels = png.channels;
  const hasAlpha = inChannels === 2 || inChannels === 4;
  const channels: 3 | 4 = hasAlpha ? 4 : 3;
  const out = new Uint8Array(n * channels);
  const src = png.data;
  // One sample (grey or colour component) as 0–255, whatever the bit depth.
  const rowBytes = Math.ceil((width * inChannels * depth) / 8);
  const max = (1 << depth) - 1;
  const sample = (x: number, y: number, c: number): number => {
    const i = x * inChannels + c;
    if (depth === 8) return src[y * width * inChannels + i]!;
    if (depth === 16) return src[y * width * inChannels + i]! >> 8;
    const bit = i * depth;
    const byte = src[y * rowBytes + (bit >> 3)]!;
    return Math.round((((byte >> (8 - depth - (bit & 7))) & max) * 255) / max);
  };
  for (let y = 0, o = 0; y < height; y++) {
    for (let x = 0; x < width; x++, o += channels) {
      if (inChannels >= 3) {
        out[o] = sample(x, y, 0);
        out[o + 1] = sample(x, y, 1);
        out[o + 2] = sample(x, y, 2);
      } else {
        const g = sample(x, y, 0);
        out[o] = g;
        out[o + 1] = g;
        out[o + 2] = g;
      }
      if (hasAlpha) out[o + 3] = sample(x, y, inChannels - 1);
    }
  }
  return { width, height, channels, data: out };
}

/** The size that fits `maxSide` on the long side, keeping the aspect ratio (never enlarged). */
export function fittedSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= maxSide) return { width, height };
  return {
    width: Math.max(1, Math.round((width * maxSide) / long)),
    height: Math.max(1, Math.round((height * maxSide) / long)),
  };
}

/**
 * Area-average (box filter) reduction so the long side is at most `maxSide`, in integer maths:
 * every source pixel is read once, each output pixel is the rounded mean of its source box.
 */
export function shrinkPixels(img: Pixels, maxSide: number): Pixels {
  const { width: w, height: h } = fittedSize(img.width, img.height, maxSide);
  if (w === img.width && h === img.height) return img;
  const { channels: ch, data: src, width: sw, height: sh } = img;
  const out = new Uint8Array(w * h * ch);
  // Source column range of each output column, computed once.
  const x0s = new Uint32Array(w + 1);
  for (let x = 0; x <= w; x++) x0s[x] = Math.floor((x * sw) / w);
  const sums = new Uint32Array(w * ch);
  for (let oy = 0; oy < h; oy++) {
    const y0 = Math.floor((oy * sh) / h);
    const y1 = Math.max(y0 + 1, Math.floor(((oy + 1) * sh) / h));
    sums.fill(0);
    for (let y = y0; y < y1; y++) {
      const row = y * sw * ch;
      for (let ox = 0; ox < w; ox++) {
        const xa = x0s[ox]!;
        const xb = Math.max(xa + 1, x0s[ox + 1]!);
        const s = ox * ch;
        for (let x = xa; x < xb; x++) {
          const p = row + x * ch;
          for (let c = 0; c < ch; c++) sums[s + c]! += src[p + c]!;
        }
      }
    }
    for (let ox = 0; ox < w; ox++) {
      const xa = x0s[ox]!;
      const count = (Math.max(xa + 1, x0s[ox + 1]!) - xa) * (y1 - y0);
      const s = ox * ch;
      const o = (oy * w + ox) * ch;
      for (let c = 0; c < ch; c++) out[o + c] = ((sums[s + c]! + (count >> 1)) / count) | 0;
    }
  }
  return { width: w, height: h, channels: ch, data: out };
}

/** True when some pixel is not fully opaque. */
export function hasTransparency(img: Pixels): boolean {
  if (img.channels !== 4) return false;
  for (let i = 3; i < img.data.length; i += 4) if (img.data[i]! < 255) return true;
  return false;
}

/** Baseline JPEG of the pixels (transparent areas shown on white, as the SPA does). */
export function encodeJpeg(img: Pixels, quality = STORED_JPEG_QUALITY): Uint8Array {
  const n = img.width * img.height;
  const rgba = new Uint8Array(n * 4);
  const { data, channels } = img;
  for (let i = 0, p = 0, o = 0; i < n; i++, p += channels, o += 4) {
    const a = channels === 4 ? data[p + 3]! : 255;
    for (let c = 0; c < 3; c++)
      rgba[o + c] = a === 255 ? data[p + c]! : ((data[p + c]! * a + 255 * (255 - a) + 127) / 255) | 0;
    rgba[o + 3] = 255;
  }
  const { data: out } = encodeJpegPixels({ width: img.width, height: img.height, data: rgba }, quality);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** An 8-bit RGB(A) PNG of the pixels, with no ancillary chunk at all. */
export function encodePng(img: Pixels): Uint8Array {
  return encodePngPixels({ width: img.width, height: img.height, data: img.data, channels: img.channels, depth: 8 });
}
