// The app icons, drawn in code at build time (no image files to keep in step with the logo): the
// favicon's peach-to-coral square with a white heart. RGBA PNGs, so the "any" icons have rounded
// corners and the notification badge is a white heart on transparent ground.
import { deflateSync } from 'node:zlib';
import { pngOf } from '../../worker/src/lib/png-encode.ts';

type Rgb = readonly [number, number, number];
const PEACH: Rgb = [0xff, 0xb3, 0x8a];
const CORAL: Rgb = [0xff, 0x6b, 0x57];

/** 8-bit RGBA, no filter (icons are small; deflate does the rest); `height` defaults to square. */
export function encodeRgbaPng(rgba: Uint8Array, size: number, height = size): Uint8Array {
  const stride = size * 4;
  const raw = new Uint8Array(height * (stride + 1));
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return pngOf(size, height, deflateSync(raw, { level: 9 }), { alpha: true });
}

/** Inside the classic heart curve (x² + y² − 1)³ − x²y³ ≤ 0 (x ∈ ±1.14, y ∈ −1…1.25, y up). */
const inHeart = (x: number, y: number): boolean => {
  const a = x * x + y * y - 1;
  return a * a * a - x * x * y * y * y <= 0;
};

/** Inside a square of side 1 with corner radius r (coordinates 0…1). */
const inRoundedSquare = (x: number, y: number, r: number): boolean => {
  const dx = Math.max(r - x, 0, x - (1 - r));
  const dy = Math.max(r - y, 0, y - (1 - r));
  return dx * dx + dy * dy <= r * r;
};

export type IconKind = 'any' | 'maskable' | 'badge';

/**
 * One icon of `size` pixels. `any`: rounded square, heart 56 % wide; `maskable`: full bleed, heart
 * 42 % wide so it stays inside the 80 % safe circle; `badge`: a white heart on transparency (the
 * system tints it).
 */
export function drawIcon(size: number, kind: IconKind): Uint8Array {
  const px = new Uint8Array(size * size * 4);
  const heartWidth = kind === 'maskable' ? 0.42 : kind === 'badge' ? 0.86 : 0.56;
  const scale = 2.3 / heartWidth; // heart units per icon width
  const samples = 4; // 4 × 4 supersampling for smooth edges
  for (let py = 0; py < size; py++) {
    for (let pxl = 0; pxl < size; pxl++) {
      let bg = 0;
      let heart = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const u = (pxl + (sx + 0.5) / samples) / size;
          const v = (py + (sy + 0.5) / samples) / size;
          if (kind === 'maskable' || kind === 'badge' || inRoundedSquare(u, v, 0.22)) bg++;
          if (inHeart((u - 0.5) * scale, (0.5 - v) * scale + 0.12)) heart++;
        }
      }
      const n = samples * samples;
      const t = (pxl + py) / (2 * size); // diagonal gradient, top left to bottom right
      const base = PEACH.map((c, i) => c + ((CORAL[i] ?? c) - c) * t);
      const h = heart / n;
      const i = (py * size + pxl) * 4;
      if (kind === 'badge') {
        px.set([255, 255, 255, Math.round(h * 255)], i);
        continue;
      }
      for (let k = 0; k < 3; k++) px[i + k] = Math.round((base[k] ?? 0) * (1 - h) + 255 * h);
      px[i + 3] = Math.round((bg / n) * 255);
    }
  }
  return encodeRgbaPng(px, size);
}

/** The link preview image (Open Graph / Twitter card) the shell names: 1200 × 630, opaque. */
export const SHARE_IMAGE = { file: 'og-image.png', width: 1200, height: 630 } as const;

/**
 * The share image: the icons' peach-to-coral gradient across the whole card with the white heart
 * in the middle (no text: the page title and description travel in the tags).
 */
export function drawShareImage(width: number = SHARE_IMAGE.width, height: number = SHARE_IMAGE.height): Uint8Array {
  const px = new Uint8Array(width * height * 4);
  const unitsPerPixel = 2.3 / (0.5 * height); // the heart is half the card's height wide
  const samples = 2;
  for (let py = 0; py < height; py++) {
    for (let pxl = 0; pxl < width; pxl++) {
      let heart = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (pxl + (sx + 0.5) / samples - width / 2) * unitsPerPixel;
          const y = (height / 2 - (py + (sy + 0.5) / samples)) * unitsPerPixel + 0.12;
          if (inHeart(x, y)) heart++;
        }
      }
      const h = heart / (samples * samples);
      const t = (pxl / width + py / height) / 2;
      const i = (py * width + pxl) * 4;
      for (let k = 0; k < 3; k++) {
        const base = (PEACH[k] ?? 0) + ((CORAL[k] ?? 0) - (PEACH[k] ?? 0)) * t;
        px[i + k] = Math.round(base * (1 - h) + 255 * h);
      }
      px[i + 3] = 255;
    }
  }
  return encodeRgbaPng(px, width, height);
}

/** Every icon the manifest, the shell and the service worker name. */
export const ICONS = [
  { file: 'icons/icon-192.png', size: 192, kind: 'any' },
  { file: 'icons/icon-512.png', size: 512, kind: 'any' },
  { file: 'icons/maskable-192.png', size: 192, kind: 'maskable' },
  { file: 'icons/maskable-512.png', size: 512, kind: 'maskable' },
  { file: 'icons/apple-touch-icon.png', size: 180, kind: 'maskable' },
  { file: 'icons/badge-96.png', size: 96, kind: 'badge' },
] as const satisfies readonly { file: string; size: number; kind: IconKind }[];
