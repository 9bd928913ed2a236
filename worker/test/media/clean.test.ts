// Metadata removal and size reading, format by format, straight on the parsers.
import { describe, expect, it } from 'vitest';
import { LIMITS, VALIDATION_KO } from '../../src/contract';
import { cleanImage } from '../../src/areas/media/clean';
import { GIF_BYTES, HEIC_BYTES } from './refused-fixtures';
import {
  CAMERA_MAKE,
  COMMENT,
  GPS_LATITUDE_RATIONALS,
  GPS_LONGITUDE_RATIONALS,
  concat,
  indexOfBytes,
  jpegSegment,
  jpegWithMetadata,
  plainPng,
  pngWithMetadata,
  riff,
  riffChunk,
  text,
  vp8,
  webpWithMetadata,
} from './fixtures';

/** Every trace of the EXIF/XMP/comment payloads the fixtures carry. */
function expectNoMetadata(bytes: Uint8Array) {
  for (const needle of [
    text('Exif'),
    text('xap/1.0'),
    text('GPSLatitude'),
    text(CAMERA_MAKE),
    text(COMMENT),
    GPS_LATITUDE_RATIONALS,
    GPS_LONGITUDE_RATIONALS,
  ]) {
    expect(indexOfBytes(bytes, needle)).toBe(-1);
  }
}

describe('JPEG', () => {
  it('drops EXIF (with GPS), XMP, ICC, comments and trailing bytes, keeping tables and scan byte for byte', () => {
    const { file, expected, scan } = jpegWithMetadata(96, 80);
    expect(indexOfBytes(file, GPS_LATITUDE_RATIONALS)).toBeGreaterThan(0); // the fixture really has GPS
    const out = cleanImage(file);
    expect(out).toMatchObject({ format: 'jpeg', contentType: 'image/jpeg', ext: 'jpg', width: 96, height: 80 });
    expectNoMetadata(out.bytes);
    expect(out.bytes).toEqual(expected);
    expect(indexOfBytes(out.bytes, scan)).toBeGreaterThan(0);
  });

  it('removes a thumbnail embedded in the JFIF header', () => {
    const { file } = jpegWithMetadata();
    const thumb = Uint8Array.from({ length: 2 * 2 * 3 }, (_, i) => 200 + i);
    const jfifWithThumb = jpegSegment(0xe0, concat([text('JFIF\0'), [1, 2, 0, 0, 1, 0, 1, 2, 2], thumb]));
    const withThumb = concat([file.subarray(0, 2), jfifWithThumb, file.subarray(2)]);
    const out = cleanImage(withThumb).bytes;
    expect(indexOfBytes(out, thumb)).toBe(-1);
  });

  it('refuses a JPEG whose scan is cut off before the end marker', () => {
    const { file } = jpegWithMetadata();
    const eoi = indexOfBytes(file, Uint8Array.of(0xff, 0xd9));
    expect(() => cleanImage(file.subarray(0, eoi - 3))).toThrowError(
      expect.objectContaining({ code: 'NOT_AN_IMAGE', message: VALIDATION_KO.imageOnly }),
    );
  });
});

describe('PNG', () => {
  it('keeps IHDR, gAMA, IDAT and IEND and drops tEXt, iTXt, eXIf, tIME, iCCP and private chunks', () => {
    const { file, expected } = pngWithMetadata(80, 64);
    const out = cleanImage(file);
    expect(out).toMatchObject({ format: 'png', contentType: 'image/png', width: 80, height: 64 });
    expectNoMetadata(out.bytes);
    for (const type of ['tEXt', 'iTXt', 'eXIf', 'tIME', 'iCCP', 'prVt'])
      expect(indexOfBytes(out.bytes, text(type))).toBe(-1);
    expect(out.bytes).toEqual(expected);
  });

  it('leaves a PNG without metadata unchanged', () => {
    const png = plainPng(64, 64);
    expect(cleanImage(png).bytes).toEqual(png);
  });
});

describe('WebP', () => {
  it('drops EXIF and XMP chunks, clears their VP8X flags and fixes the RIFF size', () => {
    const { file, expected, image } = webpWithMetadata(100, 70);
    const out = cleanImage(file);
    expect(out).toMatchObject({ format: 'webp', contentType: 'image/webp', width: 100, height: 70 });
    expectNoMetadata(out.bytes);
    expect(out.bytes).toEqual(expected);
    expect(out.bytes[20]).toBe(0x10); // VP8X flags: only "has alpha" is left
    expect(new DataView(out.bytes.buffer, out.bytes.byteOffset).getUint32(4, true)).toBe(out.bytes.length - 8);
    expect(indexOfBytes(out.bytes, image)).toBeGreaterThan(0);
  });

  it('reads the size of a simple lossy WebP from its VP8 frame header', () => {
    const out = cleanImage(riff([riffChunk('VP8 ', vp8(320, 240))]));
    expect(out).toMatchObject({ width: 320, height: 240 });
  });
});

describe('what is refused', () => {
  const codeOf = (bytes: Uint8Array) => {
    try {
      cleanImage(bytes);
      return 'accepted';
    } catch (e) {
      return (e as { code?: string }).code;
    }
  };

  it('refuses text and empty input as not an image', () => {
    expect(codeOf(text('hello, I am not a photo'))).toBe('NOT_AN_IMAGE');
    expect(codeOf(text('BMW 520d, not a bitmap'))).toBe('NOT_AN_IMAGE');
    expect(codeOf(new Uint8Array(0))).toBe('NOT_AN_IMAGE');
  });

  it('refuses GIF and HEIC with the accepted types named (JPEG, PNG, WebP)', () => {
    expect(codeOf(GIF_BYTES)).toBe('IMAGE_TYPE_UNSUPPORTED');
    expect(codeOf(concat([text('GIF87a'), [64, 0, 64, 0, 0, 0, 0]]))).toBe('IMAGE_TYPE_UNSUPPORTED');
    expect(codeOf(HEIC_BYTES)).toBe('IMAGE_TYPE_UNSUPPORTED');
    expect(() => cleanImage(HEIC_BYTES)).toThrow(
      expect.objectContaining({ message: 'JPEG, PNG, WebP 사진만 올릴 수 있어요.' }),
    );
  });

  it('refuses images smaller than the minimum side on either axis', () => {
    expect(codeOf(plainPng(LIMITS.imageMinSide - 1, 200))).toBe('IMAGE_TOO_SMALL');
    expect(codeOf(plainPng(200, LIMITS.imageMinSide - 1))).toBe('IMAGE_TOO_SMALL');
    expect(codeOf(plainPng(LIMITS.imageMinSide, LIMITS.imageMinSide))).toBe('accepted');
  });

  it('refuses images with more pixels than the limit', () => {
    expect(codeOf(plainPng(8000, 6000))).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(codeOf(jpegWithMetadata(8000, 6000).file)).toBe('IMAGE_TOO_MANY_PIXELS');
  });

  it('refuses a PNG signature followed by garbage', () => {
    expect(codeOf(concat([plainPng(64, 64).subarray(0, 8), text('garbage')]))).toBe('NOT_AN_IMAGE');
  });
});
