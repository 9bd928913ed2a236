// Photo-like test pictures (no fixture files): smooth random shapes from a seed, as RGB pixels,
// plus the transformations the duplicate-photo threshold is measured on (bench/phash).
import { encode as encodeJpegPixels } from 'jpeg-js';
import { encode as encodePngPixels } from 'fast-png';

export type Rgb = { width: number; height: number; data: Uint8Array };

/** A tiny deterministic generator (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A picture of soft blobs and waves on a gradient: different seeds give different pictures. */
export function patternImage(seed: number, width = 160, height = 200): Rgb {
  const r = rng(seed);
  const blobs = Array.from({ length: 6 }, () => ({
    x: r(),
    y: r(),
    s: 0.08 + r() * 0.25,
    c: [r() * 255, r() * 255, r() * 255],
  }));
  const waves = { fx: 1 + r() * 6, fy: 1 + r() * 6, p: r() * 6, a: 20 + r() * 40 };
  const base = [r() * 255, r() * 255, r() * 255];
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const v = y / height;
      const wave = waves.a * Math.sin(waves.fx * u * 6.28 + waves.p) * Math.cos(waves.fy * v * 6.28);
      const px = [base[0]! * (1 - v) + wave, base[1]! * u + wave, base[2]! * (1 - u) - wave];
      for (const b of blobs) {
        const d2 = ((u - b.x) ** 2 + (v - b.y) ** 2) / (b.s * b.s);
        const w = Math.exp(-d2);
        for (let k = 0; k < 3; k++) px[k] = px[k]! * (1 - w) + b.c[k]! * w;
      }
      const at = (y * width + x) * 3;
      for (let k = 0; k < 3; k++) data[at + k] = Math.max(0, Math.min(255, Math.round(px[k]!)));
    }
  }
  return { width, height, data };
}

export function toPng(img: Rgb): Uint8Array {
  return encodePngPixels({ width: img.width, height: img.height, data: img.data, channels: 3, depth: 8 });
}

export function toJpeg(img: Rgb, quality = 85): Uint8Array {
  const rgba = new Uint8Array(img.width * img.height * 4);
  for (let i = 0, j = 0; i < img.data.length; i += 3, j += 4) {
    rgba[j] = img.data[i]!;
    rgba[j + 1] = img.data[i + 1]!;
    rgba[j + 2] = img.data[i + 2]!;
    rgba[j + 3] = 255;
  }
  return new Uint8Array(encodeJpegPixels({ width: img.width, height: img.height, data: rgba }, quality).data);
}

/** Bilinear resize. */
export function resize(img: Rgb, width: number, height: number): Rgb {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(img.height - 1, ((y + 0.5) * img.height) / height - 0.5);
    const y0 = Math.max(0, Math.floor(sy));
    const y1 = Math.min(img.height - 1, y0 + 1);
    const fy = Math.max(0, sy - y0);
    for (let x = 0; x < width; x++) {
      const sx = Math.min(img.width - 1, ((x + 0.5) * img.width) / width - 0.5);
      const x0 = Math.max(0, Math.floor(sx));
      const x1 = Math.min(img.width - 1, x0 + 1);
      const fx = Math.max(0, sx - x0);
      for (let k = 0; k < 3; k++) {
        const p = (yy: number, xx: number) => img.data[(yy * img.width + xx) * 3 + k]!;
        const top = p(y0, x0) * (1 - fx) + p(y0, x1) * fx;
        const bottom = p(y1, x0) * (1 - fx) + p(y1, x1) * fx;
        data[(y * width + x) * 3 + k] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return { width, height, data };
}

/** Cuts `fraction` of each side's length off (5 % crop: 0.05 split over both edges). */
export function crop(img: Rgb, fraction: number): Rgb {
  const dx = Math.round((img.width * fraction) / 2);
  const dy = Math.round((img.height * fraction) / 2);
  const width = img.width - 2 * dx;
  const height = img.height - 2 * dy;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    data.set(
      img.data.subarray(((y + dy) * img.width + dx) * 3, ((y + dy) * img.width + dx + width) * 3),
      y * width * 3,
    );
  }
  return { width, height, data };
}

/** Adds `delta` to every channel (clamped). */
export function brighten(img: Rgb, delta: number): Rgb {
  return { ...img, data: img.data.map((v) => Math.max(0, Math.min(255, v + delta))) };
}
