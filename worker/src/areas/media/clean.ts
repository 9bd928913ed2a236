// One entry point for all formats: sniff, parse, enforce the pixel bounds, strip metadata.
import { LIMITS, VALIDATION_KO } from '../../contract';
import { Invalid } from '../../lib/errors';
import { notAnImage } from './bytes';
import { cleanJpeg } from './jpeg';
import { cleanPng } from './png';
import { FORMAT_INFO, type ImageFormat, sniffImage, sniffRefusedImage } from './sniff';
import { cleanWebp } from './webp';

export type CleanImage = {
  format: ImageFormat;
  contentType: (typeof FORMAT_INFO)[ImageFormat]['contentType'];
  ext: (typeof FORMAT_INFO)[ImageFormat]['ext'];
  width: number;
  height: number;
  bytes: Uint8Array;
};

const CLEANERS = { jpeg: cleanJpeg, png: cleanPng, webp: cleanWebp } as const;

/**
 * Throws `Invalid` (IMAGE_TYPE_UNSUPPORTED for GIF/HEIC/…, NOT_AN_IMAGE, IMAGE_TOO_SMALL,
 * IMAGE_TOO_MANY_PIXELS) for anything we won't store.
 */
export function cleanImage(input: Uint8Array): CleanImage {
  const format = sniffImage(input);
  if (!format && sniffRefusedImage(input)) {
    throw new Invalid(VALIDATION_KO.imageOnly, undefined, 'IMAGE_TYPE_UNSUPPORTED');
  }
  if (!format) throw notAnImage();
  const { bytes, width, height } = CLEANERS[format](input);
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
  return { format, ...FORMAT_INFO[format], width, height, bytes };
}
