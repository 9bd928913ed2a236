// A tiny RGB raster with anti-aliased shape fills: just what the illustrated avatars need.

export type Rgb = readonly [number, number, number];

export type Raster = { width: number; height: number; px: Uint8Array };

export function raster(width: number, height: number): Raster {
  return { width, height, px: new Uint8Array(width * height * 3) };
}

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);
/** Math.hypot is several times slower in V8, and this runs for every pixel of every shape. */
const len = (x: number, y: number): number => Math.sqrt(x * x + y * y);

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export const shade = (c: Rgb, f: number): Rgb => (f < 0 ? mix(c, [0, 0, 0], -f) : mix(c, [255, 255, 255], f));

/** Vertical gradient over rows [from, to). */
export function gradient(r: Raster, top: Rgb, bottom: Rgb, from = 0, to = r.height): void {
  const span = Math.max(1, to - from - 1);
  for (let y = Math.max(0, from); y < Math.min(r.height, to); y++) {
    const c = mix(top, bottom, (y - from) / span);
    for (let x = 0; x < r.width; x++) {
      const i = (y * r.width + x) * 3;
      r.px[i] = c[0];
      r.px[i + 1] = c[1];
      r.px[i + 2] = c[2];
    }
  }
}

/**
 * Blends `color` into the box wherever `distance` (a signed distance in pixels, negative
 * inside) says the shape is; one pixel of falloff gives smooth edges.
 */
export function fill(
  r: Raster,
  box: [x0: number, y0: number, x1: number, y1: number],
  color: Rgb,
  distance: (x: number, y: number) => number,
  alpha = 1,
): void {
  const x0 = Math.max(0, Math.floor(box[0]));
  const y0 = Math.max(0, Math.floor(box[1]));
  const x1 = Math.min(r.width, Math.ceil(box[2]));
  const y1 = Math.min(r.height, Math.ceil(box[3]));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const a = clamp01(0.5 - distance(x + 0.5, y + 0.5)) * alpha;
      if (a <= 0) continue;
      const i = (y * r.width + x) * 3;
      if (a >= 1) {
        r.px[i] = color[0];
        r.px[i + 1] = color[1];
        r.px[i + 2] = color[2];
        continue;
      }
      r.px[i] = (r.px[i] ?? 0) + (color[0] - (r.px[i] ?? 0)) * a;
      r.px[i + 1] = (r.px[i + 1] ?? 0) + (color[1] - (r.px[i + 1] ?? 0)) * a;
      r.px[i + 2] = (r.px[i + 2] ?? 0) + (color[2] - (r.px[i + 2] ?? 0)) * a;
    }
  }
}

/** Approximate signed distance to an ellipse (exact for circles, close enough for faces). */
export const ellipseDist = (cx: number, cy: number, rx: number, ry: number) => (x: number, y: number) =>
  (len((x - cx) / rx, (y - cy) / ry) - 1) * Math.min(rx, ry);

export function ellipse(r: Raster, cx: number, cy: number, rx: number, ry: number, color: Rgb, alpha = 1): void {
  fill(r, [cx - rx - 1, cy - ry - 1, cx + rx + 1, cy + ry + 1], color, ellipseDist(cx, cy, rx, ry), alpha);
}

/** Ellipse limited to where `keep` holds (hair fringes, caps, half shapes). */
export function ellipseWhere(
  r: Raster,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  color: Rgb,
  keep: (x: number, y: number) => number,
  alpha = 1,
): void {
  const d = ellipseDist(cx, cy, rx, ry);
  fill(r, [cx - rx - 1, cy - ry - 1, cx + rx + 1, cy + ry + 1], color, (x, y) => Math.max(d(x, y), keep(x, y)), alpha);
}

export function rect(
  r: Raster,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  color: Rgb,
  radius = 0,
  alpha = 1,
): void {
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const hx = (x1 - x0) / 2 - radius;
  const hy = (y1 - y0) / 2 - radius;
  fill(
    r,
    [x0 - 1, y0 - 1, x1 + 1, y1 + 1],
    color,
    (x, y) => {
      const qx = Math.abs(x - cx) - hx;
      const qy = Math.abs(y - cy) - hy;
      return len(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
    },
    alpha,
  );
}

/** A circular stroke, optionally only where `keep` holds (smiles, glasses, closed eyes). */
export function ring(
  r: Raster,
  cx: number,
  cy: number,
  radius: number,
  thickness: number,
  color: Rgb,
  keep: (x: number, y: number) => number = () => -1,
  alpha = 1,
): void {
  const e = radius + thickness;
  fill(
    r,
    [cx - e, cy - e, cx + e, cy + e],
    color,
    (x, y) => Math.max(Math.abs(len(x - cx, y - cy) - radius) - thickness / 2, keep(x, y)),
    alpha,
  );
}

/** A stroke between two points with round ends. */
export function line(
  r: Raster,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  thickness: number,
  color: Rgb,
  alpha = 1,
): void {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy || 1;
  const t = thickness / 2 + 1;
  fill(
    r,
    [Math.min(ax, bx) - t, Math.min(ay, by) - t, Math.max(ax, bx) + t, Math.max(ay, by) + t],
    color,
    (x, y) => {
      const h = clamp01(((x - ax) * dx + (y - ay) * dy) / len2);
      return len(x - ax - dx * h, y - ay - dy * h) - thickness / 2;
    },
    alpha,
  );
}
