// Backgrounds for generated photos: a studio portrait and a few places people post from.
import { type Raster, type Rgb, ellipse, gradient, mix, rect, shade } from './canvas';
import type { Random } from './random';

export const SCENES = ['studio', 'park', 'beach', 'cafe', 'night'] as const;
export type Scene = (typeof SCENES)[number];

const PASTELS: readonly (readonly [Rgb, Rgb])[] = [
  [
    [255, 214, 224],
    [255, 241, 214],
  ],
  [
    [205, 232, 255],
    [236, 222, 255],
  ],
  [
    [214, 245, 226],
    [255, 248, 214],
  ],
  [
    [255, 225, 200],
    [255, 200, 210],
  ],
  [
    [226, 220, 255],
    [200, 240, 245],
  ],
  [
    [250, 236, 200],
    [214, 236, 214],
  ],
  [
    [255, 205, 178],
    [247, 238, 255],
  ],
  [
    [200, 225, 240],
    [250, 218, 221],
  ],
];

export function drawScene(r: Raster, scene: Scene, rng: Random): void {
  const { width: w, height: h } = r;
  switch (scene) {
    case 'studio': {
      const [top, bottom] = rng.pick(PASTELS);
      gradient(r, top, bottom);
      for (let i = 0; i < 7; i++) {
        const rad = rng.between(w * 0.04, w * 0.12);
        ellipse(r, rng.between(0, w), rng.between(0, h * 0.7), rad, rad, [255, 255, 255], rng.between(0.15, 0.35));
      }
      return;
    }
    case 'park': {
      gradient(r, [150, 205, 250], [225, 242, 255], 0, h * 0.62);
      ellipse(r, w * rng.between(0.15, 0.85), h * 0.14, w * 0.07, w * 0.07, [255, 236, 160], 0.9);
      const greens: Rgb[] = [
        [150, 205, 130],
        [115, 185, 105],
        [90, 160, 95],
      ];
      greens.forEach((g, i) => {
        ellipse(r, w * rng.between(0.1, 0.9), h * (0.62 + i * 0.1), w * 0.9, h * 0.22, g);
      });
      gradient(r, [110, 178, 100], [84, 150, 80], Math.round(h * 0.8), h);
      for (let i = 0; i < 4; i++) {
        const x = rng.between(0.05, 0.95) * w;
        rect(r, x - 5, h * 0.5, x + 5, h * 0.66, [120, 90, 65]);
        ellipse(r, x, h * 0.47, w * 0.07, h * 0.07, shade(rng.pick(greens), -0.1));
      }
      return;
    }
    case 'beach': {
      gradient(r, [120, 190, 245], [215, 238, 255], 0, h * 0.55);
      ellipse(r, w * rng.between(0.2, 0.8), h * 0.18, w * 0.06, w * 0.06, [255, 245, 200], 0.95);
      gradient(r, [70, 150, 205], [120, 200, 225], Math.round(h * 0.55), Math.round(h * 0.72));
      gradient(r, [245, 228, 190], [232, 205, 160], Math.round(h * 0.72), h);
      for (let i = 0; i < 3; i++) {
        const y = h * rng.between(0.58, 0.7);
        rect(r, rng.between(0, w * 0.6), y, rng.between(w * 0.4, w), y + 3, [235, 248, 255], 1.5, 0.6);
      }
      return;
    }
    case 'cafe': {
      const wall = rng.pick<Rgb>([
        [238, 222, 200],
        [226, 214, 196],
        [245, 232, 215],
        [214, 226, 214],
      ]);
      gradient(r, shade(wall, 0.1), shade(wall, -0.12));
      const wx = rng.chance(0.5) ? w * 0.06 : w * 0.56;
      rect(r, wx, h * 0.08, wx + w * 0.38, h * 0.5, [150, 110, 80], 6);
      rect(r, wx + 8, h * 0.08 + 8, wx + w * 0.38 - 8, h * 0.5 - 8, [200, 230, 250], 3);
      rect(r, wx + w * 0.19 - 3, h * 0.08, wx + w * 0.19 + 3, h * 0.5, [150, 110, 80]);
      for (let i = 0; i < 3; i++) {
        const x = w * (0.2 + i * 0.3);
        rect(r, x - 1, 0, x + 1, h * 0.12, [80, 70, 60]);
        ellipse(r, x, h * 0.13, 14, 9, [255, 220, 150]);
        ellipse(r, x, h * 0.15, 40, 30, [255, 236, 190], 0.25);
      }
      ellipse(r, w * 0.9, h * 0.72, w * 0.1, h * 0.12, [96, 150, 90]);
      rect(r, w * 0.84, h * 0.78, w * 0.96, h * 0.9, [190, 120, 90], 4);
      return;
    }
    case 'night': {
      gradient(r, [30, 36, 80], [90, 70, 130]);
      for (let i = 0; i < 9; i++) {
        const x0 = rng.between(-0.05, 0.95) * w;
        const bw = rng.between(0.1, 0.2) * w;
        const top = rng.between(0.3, 0.6) * h;
        const body = mix([40, 44, 70], [60, 56, 90], rng.next());
        rect(r, x0, top, x0 + bw, h, body);
        for (let wy = top + 10; wy < h - 10; wy += 22) {
          for (let wx = x0 + 8; wx < x0 + bw - 10; wx += 18) {
            if (rng.chance(0.45)) rect(r, wx, wy, wx + 8, wy + 10, [255, 220, 140], 1, rng.between(0.5, 0.95));
          }
        }
      }
      for (let i = 0; i < 6; i++) {
        const rad = rng.between(10, 26);
        ellipse(r, rng.between(0, w), rng.between(h * 0.4, h), rad, rad, [255, 200, 150], 0.18);
      }
      return;
    }
  }
}
