// Friendly illustrated people for demo profile photos: a look per member (skin, hair,
// clothes, accessories), drawn over a scene. Nothing is downloaded; every photo is made here.
import { type Raster, type Rgb, ellipse, ellipseWhere, line, mix, raster, rect, ring, shade } from './canvas';
import { encodePng } from './png';
import type { Random } from './random';
import { type Scene, drawScene } from './scenes';

export type HairStyle = 'short' | 'sidePart' | 'curly' | 'buzz' | 'long' | 'bob' | 'bun' | 'wavy';

export type Look = {
  skin: Rgb;
  hair: Rgb;
  hairStyle: HairStyle;
  shirt: Rgb;
  eyes: 'dots' | 'smiling';
  glasses: boolean;
  earrings: boolean;
  beanie: Rgb | null;
};

const SKINS: Rgb[] = [
  [255, 226, 200],
  [250, 214, 186],
  [243, 203, 170],
  [236, 192, 156],
  [226, 180, 140],
  [212, 165, 125],
];
const HAIRS: Rgb[] = [
  [34, 28, 26],
  [48, 36, 30],
  [66, 48, 38],
  [92, 64, 46],
  [120, 84, 58],
  [58, 44, 60],
  [150, 104, 70],
  [176, 140, 96],
];
const SHIRTS: Rgb[] = [
  [255, 140, 120],
  [120, 170, 240],
  [130, 200, 160],
  [250, 200, 90],
  [180, 140, 220],
  [240, 240, 235],
  [70, 90, 130],
  [230, 120, 170],
  [90, 170, 190],
  [200, 90, 90],
  [160, 180, 110],
  [60, 60, 70],
];

export function randomLook(rng: Random, gender: 'M' | 'F'): Look {
  const styles: HairStyle[] =
    gender === 'M'
      ? ['short', 'sidePart', 'curly', 'buzz', 'short', 'sidePart']
      : ['long', 'bob', 'bun', 'wavy', 'long'];
  return {
    skin: rng.pick(SKINS),
    hair: rng.pick(HAIRS),
    hairStyle: rng.pick(styles),
    shirt: rng.pick(SHIRTS),
    eyes: rng.chance(0.45) ? 'smiling' : 'dots',
    glasses: rng.chance(0.22),
    earrings: gender === 'F' && rng.chance(0.35),
    beanie: rng.chance(0.08) ? rng.pick(SHIRTS) : null,
  };
}

const LONG: HairStyle[] = ['long', 'wavy'];

/** Draws one person whose head (radius `s`) is centred at (cx, cy). */
export function drawPerson(r: Raster, look: Look, cx: number, cy: number, s: number): void {
  const { skin, hair } = look;
  const hairDark = shade(hair, -0.15);
  // Hair behind the head.
  if (LONG.includes(look.hairStyle)) {
    ellipse(r, cx, cy + s * 0.55, s * 1.12, s * 1.55, hairDark);
    if (look.hairStyle === 'wavy') {
      for (const side of [-1, 1])
        for (let i = 0; i < 4; i++)
          ellipse(r, cx + side * s * 1.0, cy + s * (0.4 + i * 0.42), s * 0.26, s * 0.26, hairDark);
    }
  } else if (look.hairStyle === 'bob') {
    ellipseWhere(r, cx, cy + s * 0.1, s * 1.1, s * 1.1, hairDark, (_x, y) => y - (cy + s * 0.85));
  } else if (look.hairStyle === 'bun') {
    ellipse(r, cx, cy - s * 1.02, s * 0.38, s * 0.34, hair);
  }
  // Shoulders, neck, ears, face.
  rect(r, cx - s * 1.85, cy + s * 1.22, cx + s * 1.85, r.height + s, look.shirt, s * 0.85);
  ellipseWhere(r, cx, cy + s * 1.3, s * 0.42, s * 0.32, shade(look.shirt, -0.18), (_x, y) => cy + s * 1.3 - y);
  rect(r, cx - s * 0.3, cy + s * 0.5, cx + s * 0.3, cy + s * 1.45, shade(skin, -0.06), s * 0.12);
  for (const side of [-1, 1]) ellipse(r, cx + side * s * 0.84, cy + s * 0.12, s * 0.15, s * 0.19, shade(skin, -0.04));
  ellipse(r, cx, cy, s * 0.86, s, skin);
  drawFrontHair(r, look, cx, cy, s);
  if (look.earrings)
    for (const side of [-1, 1]) ellipse(r, cx + side * s * 0.86, cy + s * 0.36, s * 0.06, s * 0.06, [240, 200, 90]);
  if (look.beanie) {
    ellipseWhere(r, cx, cy - s * 0.2, s * 0.98, s * 0.98, look.beanie, (_x, y) => y - (cy - s * 0.42));
    rect(r, cx - s * 0.95, cy - s * 0.55, cx + s * 0.95, cy - s * 0.32, shade(look.beanie, -0.15), s * 0.1);
    ellipse(r, cx, cy - s * 1.2, s * 0.16, s * 0.16, shade(look.beanie, 0.3));
  }
  drawFace(r, look, cx, cy, s);
}

function drawFrontHair(r: Raster, look: Look, cx: number, cy: number, s: number): void {
  const { hair } = look;
  switch (look.hairStyle) {
    case 'buzz':
      ellipseWhere(r, cx, cy - s * 0.1, s * 0.9, s * 0.95, hair, (_x, y) => y - (cy - s * 0.5), 0.85);
      return;
    case 'curly':
      for (let i = 0; i < 9; i++) {
        const a = Math.PI * (1.05 + (i / 8) * 0.9);
        ellipse(r, cx + Math.cos(a) * s * 0.78, cy - s * 0.15 + Math.sin(a) * s * 0.8, s * 0.3, s * 0.3, hair);
      }
      return;
    case 'sidePart':
      ellipseWhere(r, cx, cy - s * 0.18, s * 0.95, s * 0.92, hair, (x, y) => y - (cy - s * 0.32 - (x - cx) * 0.35));
      ellipse(r, cx - s * 0.55, cy - s * 0.2, s * 0.3, s * 0.42, hair);
      return;
    case 'short':
      ellipseWhere(
        r,
        cx,
        cy - s * 0.18,
        s * 0.95,
        s * 0.92,
        hair,
        (x, y) => y - (cy - s * 0.38 + Math.sin(((x - cx) / s) * 6) * s * 0.05),
      );
      return;
    default:
      // Long styles: a fringe over the forehead and locks framing the face.
      ellipseWhere(
        r,
        cx,
        cy - s * 0.15,
        s * 0.95,
        s * 0.95,
        hair,
        (x, y) => y - (cy - s * 0.3 + Math.abs(x - cx) * 0.25),
      );
      for (const side of [-1, 1])
        ellipseWhere(
          r,
          cx + side * s * 0.78,
          cy + s * 0.2,
          s * 0.22,
          s * 0.85,
          hair,
          (x) => side * (cx + side * s * 0.62 - x),
        );
  }
}

function drawFace(r: Raster, look: Look, cx: number, cy: number, s: number): void {
  const ink: Rgb = [45, 35, 35];
  const eyeY = cy + s * 0.12;
  for (const side of [-1, 1]) {
    const ex = cx + side * s * 0.33;
    line(
      r,
      ex - s * 0.13,
      cy - s * 0.12,
      ex + s * 0.13,
      cy - s * 0.14 - side * s * 0.0,
      s * 0.06,
      shade(look.hair, -0.1),
    );
    if (look.eyes === 'dots') {
      ellipse(r, ex, eyeY, s * 0.075, s * 0.1, ink);
      ellipse(r, ex + s * 0.025, eyeY - s * 0.035, s * 0.025, s * 0.025, [255, 255, 255]);
    } else {
      ring(r, ex, eyeY + s * 0.05, s * 0.1, s * 0.045, ink, (_x, y) => y - (eyeY + s * 0.02));
    }
    ellipse(r, cx + side * s * 0.5, cy + s * 0.38, s * 0.14, s * 0.1, [255, 140, 140], 0.35);
    if (look.glasses) ring(r, ex, eyeY, s * 0.2, s * 0.035, [60, 50, 50]);
  }
  if (look.glasses) line(r, cx - s * 0.13, eyeY - s * 0.02, cx + s * 0.13, eyeY - s * 0.02, s * 0.035, [60, 50, 50]);
  ellipse(r, cx, cy + s * 0.3, s * 0.06, s * 0.05, shade(look.skin, -0.18), 0.6);
  ring(r, cx, cy + s * 0.38, s * 0.2, s * 0.055, [190, 80, 80], (_x, y) => cy + s * 0.48 - y);
}

/** A profile photo: the member's look over a scene; `variant` moves and resizes the person. */
export function profilePhoto(
  look: Look,
  scene: Scene,
  variant: number,
  rng: Random,
  width = 480,
  height = 600,
): Uint8Array {
  const r = raster(width, height);
  drawScene(r, scene, rng);
  const size = variant === 0 ? 0.2 : rng.between(0.15, 0.19);
  const cx = width * (variant === 0 ? 0.5 : rng.between(0.36, 0.64));
  const cy = height * (variant === 0 ? 0.42 : rng.between(0.45, 0.55));
  const tinted: Look = variant === 2 ? { ...look, shirt: mix(look.shirt, rng.pick(SHIRTS), 0.8) } : look;
  drawPerson(r, tinted, cx, cy, width * size);
  return encodePng(r.px, width, height);
}

/** A picture of a place (community posts): the scene alone. */
export function placePhoto(scene: Scene, rng: Random, width = 480, height = 360): Uint8Array {
  const r = raster(width, height);
  drawScene(r, scene, rng);
  if (scene === 'cafe') drawTableForTwo(r, rng);
  return encodePng(r.px, width, height);
}

/** A café table with two cups and a slice of cake: a date, without showing anyone. */
function drawTableForTwo(r: Raster, rng: Random): void {
  const { width: w, height: h } = r;
  rect(r, w * 0.08, h * 0.7, w * 0.92, h * 0.78, [150, 105, 75], 6);
  rect(r, w * 0.12, h * 0.78, w * 0.88, h, [120, 82, 58]);
  for (const x of [0.36, 0.64]) {
    const cup = rng.pick(SHIRTS);
    ellipse(r, w * x, h * 0.7, w * 0.09, h * 0.03, [235, 235, 230]);
    rect(r, w * (x - 0.045), h * 0.56, w * (x + 0.045), h * 0.69, cup, 8);
    ring(r, w * (x + 0.055), h * 0.62, h * 0.03, 5, cup);
    ellipse(r, w * x, h * 0.565, w * 0.04, h * 0.012, [120, 80, 50]);
  }
  rect(r, w * 0.46, h * 0.63, w * 0.54, h * 0.69, [250, 230, 200], 3);
  rect(r, w * 0.46, h * 0.615, w * 0.54, h * 0.635, [240, 120, 140], 3);
}
