// Generated pictures as PNG (8-bit RGB, no interlace) without any image library: the rows are
// filtered here, zlib comes from Node, the container from the Worker's one PNG writer.
import { deflateSync } from 'node:zlib';
import { pngOf } from '../../worker/src/lib/png-encode';

/**
 * Encodes packed RGB pixels (width × height × 3 bytes). Every row uses the "Up" filter:
 * generated pictures are mostly smooth vertical gradients, which it turns into zeros.
 */
export function encodePng(rgb: Uint8Array, width: number, height: number): Uint8Array {
  if (rgb.length !== width * height * 3) throw new Error('pixel buffer does not match the size');
  const stride = width * 3;
  const raw = new Uint8Array(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const out = y * (stride + 1);
    raw[out] = y === 0 ? 0 : 2;
    for (let x = 0; x < stride; x++) {
      const up = y === 0 ? 0 : (rgb[row - stride + x] ?? 0);
      raw[out + 1 + x] = ((rgb[row + x] ?? 0) - up) & 0xff;
    }
  }
  return pngOf(width, height, deflateSync(raw, { level: 3 }));
}
