// The perceptual hash (media/phash.ts): stable under resize, recompression, a 5 % crop and a
// brightness change; far apart for different pictures; no hash for flat pictures or WebP.
import { describe, expect, it } from 'vitest';
import { PHASH_MATCH_DISTANCE, decodeGrey, hammingDistance, phashOf } from '../../src/areas/media/phash';
import { brighten, crop, patternImage, resize, toJpeg, toPng } from './images';

const hashPng = (img: Parameters<typeof toPng>[0]) => phashOf(toPng(img), 'png');
const hashJpeg = (img: Parameters<typeof toJpeg>[0], q = 85) => phashOf(toJpeg(img, q), 'jpeg');

describe('phash', () => {
  it('is 16 hex digits, the same for the same picture in PNG and JPEG', () => {
    const img = patternImage(1);
    const png = hashPng(img)!;
    expect(png).toMatch(/^[0-9a-f]{16}$/);
    expect(hammingDistance(png, hashJpeg(img)!)).toBeLessThanOrEqual(4);
  });

  it('stays within the threshold after resize, recompression, crop 5 % and brightness ±30', () => {
    const img = patternImage(2, 240, 300);
    const h = hashPng(img)!;
    const variants = [
      hashPng(resize(img, 120, 150)),
      hashJpeg(img, 40),
      hashPng(crop(img, 0.05)),
      hashPng(brighten(img, 30)),
      hashPng(brighten(img, -30)),
    ];
    for (const v of variants) expect(hammingDistance(h, v!)).toBeLessThanOrEqual(PHASH_MATCH_DISTANCE);
  });

  it('tells different pictures apart', () => {
    const hashes = Array.from({ length: 12 }, (_, i) => hashPng(patternImage(100 + i))!);
    for (let i = 0; i < hashes.length; i++) {
      for (let j = i + 1; j < hashes.length; j++) {
        expect(hammingDistance(hashes[i]!, hashes[j]!)).toBeGreaterThan(PHASH_MATCH_DISTANCE);
      }
    }
  });

  it('has no hash for a flat picture, a WebP or bytes it cannot decode', () => {
    const flat = { width: 64, height: 64, data: new Uint8Array(64 * 64 * 3).fill(128) };
    expect(hashPng(flat)).toBeNull();
    expect(phashOf(toPng(patternImage(3)), 'webp')).toBeNull();
    expect(decodeGrey(new Uint8Array([0xff, 0xd8, 0xff, 0, 1, 2]), 'jpeg')).toBeNull();
  });

  it('counts differing bits', () => {
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('0123456789abcdef', '0123456789abcdef')).toBe(0);
    expect(hammingDistance('8000000000000001', '0000000000000000')).toBe(2);
  });
});
