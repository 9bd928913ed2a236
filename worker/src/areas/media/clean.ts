// One entry point for all formats: sniff, read the size from the header, enforce the pixel bounds
// BEFORE decoding, decode, shrink to the largest size the apps show and encode anew from the
// pixels (docs/decisions/0004-reencode-every-image.md). Nothing of the uploaded file but its
// picture is kept: no metadata, no extra chunk or segment, no bytes hidden in the compressed data.
import { LIMITS, VALIDATION_KO } from '../../contract';
import { Invalid } from '../../lib/errors';
import { notAnImage } from './bytes';
import { cleanJpeg } from './jpeg';
import { type Pixels, decodeJpeg, decodePng, encodeJpeg, encodePng, hasTransparency, shrinkPixels } from './pixels';
import { cleanPng } from './png';
import { FORMAT_INFO, sniffImage, sniffRefusedImage } from './sniff';

/** What is stored: always JPEG, or PNG for a PNG with transparency. */
export type StoredFormat = 'jpeg' | 'png';

export type CleanImage = {
  format: StoredFormat;
  contentType: (typeof FORMAT_INFO)[StoredFormat]['contentType'];
  ext: (typeof FORMAT_INFO)[StoredFormat]['ext'];
  width: number;
  height: number;
  bytes: Uint8Array;
  /** The stored picture's pixels (the perceptual hash is taken from them: no second decode). */
  pixels: Pixels;
};

/** Header walkers: the size (and the segments a decoder needs) without decoding a pixel. */
const READERS = { jpeg: cleanJpeg, png: cleanPng } as const;
const DECODERS = { jpeg: decodeJpeg, png: decodePng } as const;

/**
 * Throws `Invalid` (IMAGE_TYPE_UNSUPPORTED for GIF/HEIC/WebP/…, NOT_AN_IMAGE, IMAGE_TOO_SMALL,
 * IMAGE_TOO_MANY_PIXELS) for anything we won't store.
 */
export function cleanImage(input: Uint8Array): CleanImage {
  const format = sniffImage(input);
  if (format === 'webp') throw new Invalid(VALIDATION_KO.imageWebp, undefined, 'IMAGE_TYPE_UNSUPPORTED');
  if (!format && sniffRefusedImage(input)) {
    throw new Invalid(VALIDATION_KO.imageOnly, undefined, 'IMAGE_TYPE_UNSUPPORTED');
  }
  if (!format) throw notAnImage();
  const { bytes: decodable, width, height } = READERS[format](input);
  if (Math.min(width, height) < LIMITS.imageMinSide) {
    throw new Invalid(
      `사진이 너무 작아요. 가로와 세로가 ${LIMITS.imageMinSide}픽셀 이상인 사진을 올려 주세요.`,
      undefined,
      'IMAGE_TOO_SMALL',
    );
  }
  if (width * height > LIMITS.imageMaxPixels) {
    throw new Invalid(
      `사진 해상도가 너무 커요. ${LIMITS.imageMaxPixels / 10_000}만 화소 이하인 사진을 올려 주세요.`,
      undefined,
      'IMAGE_TOO_MANY_PIXELS',
    );
  }
  const decoded = DECODERS[format](decodable);
  // The header and the pixel data must agree (a decoder that trusts neither is our only guard).
  if (decoded.width !== width || decoded.height !== height) throw notAnImage();
  const pixels = shrinkPixels(decoded, LIMITS.imageMaxSide);
  const out: StoredFormat = format === 'png' && hasTransparency(pixels) ? 'png' : 'jpeg';
  const bytes = out === 'png' ? encodePng(pixels) : encodeJpeg(pixels);
  return { format: out, ...FORMAT_INFO[out], width: pixels.width, height: pixels.height, bytes, pixels };
}
