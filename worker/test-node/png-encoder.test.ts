// The demo-data PNG encoder writes real PNGs: the media module accepts them and the pixels
// decode back exactly.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { profilePhoto, placePhoto, randomLook } from '../../scripts/demo/avatar';
import { encodePng } from '../../scripts/demo/png';
import { crc32 } from '../src/lib/png-encode';
import { seededRandom } from '../../scripts/demo/random';
import { cleanImage } from '../src/areas/media/clean';
import { sniffImage } from '../src/areas/media/sniff';

/** Decodes an 8-bit RGB, non-interlaced PNG whose rows use filter 0 (None) or 2 (Up). */
function decodeRgb(png: Uint8Array): { width: number; height: number; rgb: Uint8Array } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let at = 8;
  let width = 0;
  let height = 0;
  const idat: Uint8Array[] = [];
  while (at < png.length) {
    const len = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + len);
    expect(view.getUint32(at + 8 + len)).toBe(crc32(png.subarray(at + 4, at + 8 + len)));
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      expect([...data.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 3;
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    expect([0, 2]).toContain(filter);
    for (let x = 0; x < stride; x++) {
      const up = filter === 2 && y > 0 ? (rgb[(y - 1) * stride + x] ?? 0) : 0;
      rgb[y * stride + x] = ((raw[y * (stride + 1) + 1 + x] ?? 0) + up) & 0xff;
    }
  }
  return { width, height, rgb };
}

describe('PNG encoder', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('IEND'))).toBe(0xae426082);
  });

  it('writes pixels that decode back exactly', () => {
    const width = 70;
    const height = 65;
    const rgb = Uint8Array.from({ length: width * height * 3 }, (_, i) => (i * 31 + (i >> 7)) & 0xff);
    const decoded = decodeRgb(encodePng(rgb, width, height));
    expect(decoded).toMatchObject({ width, height });
    expect(decoded.rgb).toEqual(rgb);
  });

  it('produces profile photos the media module accepts as 480×600 pictures (opaque: stored re-encoded as JPEG)', () => {
    const rng = seededRandom(11);
    const photo = profilePhoto(randomLook(rng, 'F'), 'studio', 0, rng);
    expect(sniffImage(photo)).toBe('png');
    const cleaned = cleanImage(photo);
    // Every stored picture is re-encoded from its pixels (issue 21 §7, ADR 0004); opaque ones as JPEG.
    expect(cleaned).toMatchObject({ format: 'jpeg', contentType: 'image/jpeg', width: 480, height: 600 });
    expect(cleanImage(placePhoto('beach', rng))).toMatchObject({ width: 480, height: 360 });
  });

  it('draws the same member the same way from the same seed, and different members differently', () => {
    const draw = (seed: number) => {
      const rng = seededRandom(seed);
      return profilePhoto(randomLook(rng, 'M'), 'park', 1, rng);
    };
    expect(draw(5)).toEqual(draw(5));
    expect(draw(5)).not.toEqual(draw(6));
    const a = decodeRgb(draw(5)).rgb;
    const b = decodeRgb(draw(6)).rgb;
    let differing = 0;
    for (let i = 0; i < a.length; i += 3)
      if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) differing++;
    expect(differing / (a.length / 3)).toBeGreaterThan(0.2);
  });
});
