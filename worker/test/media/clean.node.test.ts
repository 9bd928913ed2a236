// What is stored from an upload (media/clean.ts): a picture encoded anew from the decoded pixels,
// shrunk to the apps' largest size, with no byte of metadata or hidden payload; what is refused.
import { describe, expect, it } from 'vitest';
import { LIMITS, VALIDATION_KO } from '../../src/contract';
import { decode as decodeJpegPixels } from 'jpeg-js';
import { decode as decodePngPixels, encode as encodePngPixels } from 'fast-png';
import { cleanImage } from '../../src/areas/media/clean';
import { patternImage, toPng } from '../photo-verification/images';
import { GIF_BYTES, HEIC_BYTES } from './refused-fixtures';
import {
  CAMERA_MAKE,
  CHUNK_TEXT,
  COMMENT,
  DQT_TEXT,
  GPS_LATITUDE_RATIONALS,
  IDAT_HTML,
  PNG_SIGNATURE,
  alphaPng,
  GPS_LONGITUDE_RATIONALS,
  concat,
  indexOfBytes,
  jpegHeaderOnly,
  jpegSegment,
  jpegWithMetadata,
  plainPng,
  pngChunk,
  pngWithMetadata,
  polyglotPng,
  riff,
  riffChunk,
  text,
  vp8,
  zlibStored,
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

/** The stored bytes decode as a picture of this size (what a browser will show). */
function expectPicture(bytes: Uint8Array, format: 'jpeg' | 'png', width: number, height: number) {
  const img = format === 'jpeg' ? decodeJpegPixels(bytes, { useTArray: true }) : decodePngPixels(bytes);
  expect({ width: img.width, height: img.height }).toEqual({ width, height });
}

/** PNG chunk types in order (the file must be a PNG). */
function pngChunkTypes(bytes: Uint8Array): string[] {
  const types: string[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 8; at + 8 <= bytes.length; at += 12 + view.getUint32(at)) {
    types.push(String.fromCharCode(...bytes.subarray(at + 4, at + 8)));
  }
  return types;
}

describe('JPEG', () => {
  it('stores a fresh JPEG from the pixels: no EXIF (GPS), XMP, ICC, comment, APPn, text DQT or trailing bytes', () => {
    const { file, image } = jpegWithMetadata(96, 80);
    expect(indexOfBytes(file, GPS_LATITUDE_RATIONALS)).toBeGreaterThan(0); // the fixture really has GPS
    expect(indexOfBytes(file, text(DQT_TEXT.slice(0, 20)))).toBeGreaterThan(0);
    const out = cleanImage(file);
    expect(out).toMatchObject({ format: 'jpeg', contentType: 'image/jpeg', ext: 'jpg', width: 96, height: 80 });
    expectNoMetadata(out.bytes);
    for (const needle of [DQT_TEXT.slice(0, 20), 'APP15', 'SEFT trailer', 'ICC_PROFILE']) {
      expect(indexOfBytes(out.bytes, text(needle))).toBe(-1);
    }
    expect(out.bytes).not.toEqual(image); // re-encoded, not the upload's scan copied
    expectPicture(out.bytes, 'jpeg', 96, 80);
    expect(out.bytes.subarray(out.bytes.length - 2)).toEqual(Uint8Array.of(0xff, 0xd9)); // nothing after EOI
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
    const { image } = jpegWithMetadata();
    expect(() => cleanImage(image.subarray(0, image.length - 3))).toThrowError(
      expect.objectContaining({ code: 'NOT_AN_IMAGE', message: VALIDATION_KO.imageOnly }),
    );
  });
});

describe('PNG', () => {
  it('drops every chunk but the picture: tEXt, iTXt, eXIf, tIME, iCCP, private, a 60 KB gAMA and a 60 KB tEXt', () => {
    const { file } = pngWithMetadata(80, 64);
    expect(file.length).toBeGreaterThan(120 * 1024);
    const out = cleanImage(file);
    // An opaque PNG is stored as a JPEG made from its pixels.
    expect(out).toMatchObject({ format: 'jpeg', contentType: 'image/jpeg', width: 80, height: 64 });
    expectNoMetadata(out.bytes);
    for (const needle of [
      'tEXt',
      'iTXt',
      'eXIf',
      'tIME',
      'iCCP',
      'prVt',
      'gAMA',
      CHUNK_TEXT.slice(0, 12),
      'after IEND',
    ])
      expect(indexOfBytes(out.bytes, text(needle))).toBe(-1);
    expect(out.bytes.length).toBeLessThan(10 * 1024);
    expectPicture(out.bytes, 'jpeg', 80, 64);
  });

  it('keeps no byte of a PNG/HTML/ZIP polyglot: HTML in IDAT, ZIP in a chunk and after IEND', () => {
    const file = polyglotPng(96, 80);
    expect(indexOfBytes(file, text(IDAT_HTML))).toBeGreaterThan(0); // verbatim inside IDAT
    const out = cleanImage(file);
    for (const needle of [text('<html'), text('<script'), text('evil.html'), Uint8Array.of(0x50, 0x4b, 0x03, 0x04)])
      expect(indexOfBytes(out.bytes, needle)).toBe(-1);
    expectPicture(out.bytes, 'jpeg', 96, 80);
  });

  it('keeps a PNG with transparency as a PNG re-encoded from its pixels (IHDR, IDAT, IEND only)', () => {
    const out = cleanImage(alphaPng(80, 64));
    expect(out).toMatchObject({ format: 'png', contentType: 'image/png', ext: 'png', width: 80, height: 64 });
    expect(pngChunkTypes(out.bytes)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const png = decodePngPixels(out.bytes);
    expect(png.channels).toBe(4);
    expect(png.data[3]).toBe(0); // the left edge stays transparent
    expect(png.data[(80 - 1) * 4 + 3]).toBe(255);
  });
});

describe('PNG layouts', () => {
  it('decodes grey (8 and 16 bit), grey with alpha and palette PNGs to the right picture', () => {
    const n = 64 * 64;
    const grey8 = encodePngPixels({
      width: 64,
      height: 64,
      data: Uint8Array.from({ length: n }, (_, i) => i & 0xff),
      channels: 1,
      depth: 8,
    });
    const grey16 = encodePngPixels({
      width: 64,
      height: 64,
      data: Uint16Array.from({ length: n }, () => 0x8000),
      channels: 1,
      depth: 16,
    });
    const greyAlpha = encodePngPixels({
      width: 64,
      height: 64,
      data: Uint8Array.from({ length: n * 2 }, (_, i) => (i % 2 ? 128 : 50)),
      channels: 2,
      depth: 8,
    });
    const palette = concat([
      PNG_SIGNATURE,
      pngChunk('IHDR', [0, 0, 0, 64, 0, 0, 0, 64, 8, 3, 0, 0, 0]),
      pngChunk('PLTE', [255, 0, 0, 0, 0, 255]),
      pngChunk(
        'IDAT',
        zlibStored(Uint8Array.from({ length: 64 * 65 }, (_, i) => (i % 65 === 0 ? 0 : i % 65 > 32 ? 1 : 0))),
      ),
      pngChunk('IEND', []),
    ]);
    expect(cleanImage(grey8)).toMatchObject({ format: 'jpeg', width: 64, height: 64 });
    const mid = cleanImage(grey16).pixels;
    expect([mid.data[0], mid.data[1], mid.data[2]]).toEqual([128, 128, 128]);
    const ga = cleanImage(greyAlpha);
    expect(ga).toMatchObject({ format: 'png' });
    expect(Array.from(ga.pixels.data.subarray(0, 4))).toEqual([50, 50, 50, 128]);
    const pal = cleanImage(palette).pixels;
    expect(Array.from(pal.data.subarray(0, 3))).toEqual([255, 0, 0]);
    expect(Array.from(pal.data.subarray(63 * pal.channels, 63 * pal.channels + 3))).toEqual([0, 0, 255]);
  });
});

describe('size', () => {
  it(`shrinks a picture so its long side is ${LIMITS.imageMaxSide} px, keeping the aspect ratio`, () => {
    const out = cleanImage(toPng(patternImage(5, 2000, 1000)));
    expect(out).toMatchObject({ format: 'jpeg', width: LIMITS.imageMaxSide, height: LIMITS.imageMaxSide / 2 });
    expectPicture(out.bytes, 'jpeg', LIMITS.imageMaxSide, LIMITS.imageMaxSide / 2);
  });

  it('keeps a picture within the limit at its size', () => {
    const out = cleanImage(toPng(patternImage(6, 300, 500)));
    expect(out).toMatchObject({ width: 300, height: 500 });
  });
});

describe('WebP', () => {
  it('is refused with a message that asks for JPG or PNG (no WebP decoder: docs/decisions/0004)', () => {
    for (const file of [webpWithMetadata(100, 70).file, riff([riffChunk('VP8 ', vp8(320, 240))])]) {
      expect(() => cleanImage(file)).toThrowError(
        expect.objectContaining({ code: 'IMAGE_TYPE_UNSUPPORTED', message: VALIDATION_KO.imageWebp }),
      );
    }
    expect(VALIDATION_KO.imageWebp).toBe('WebP 사진은 아직 받을 수 없어요. JPG나 PNG로 올려 주세요.');
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

  it('refuses GIF and HEIC with the accepted types named (JPG, PNG)', () => {
    expect(codeOf(GIF_BYTES)).toBe('IMAGE_TYPE_UNSUPPORTED');
    expect(codeOf(concat([text('GIF87a'), [64, 0, 64, 0, 0, 0, 0]]))).toBe('IMAGE_TYPE_UNSUPPORTED');
    expect(codeOf(HEIC_BYTES)).toBe('IMAGE_TYPE_UNSUPPORTED');
    expect(() => cleanImage(HEIC_BYTES)).toThrow(
      expect.objectContaining({ message: 'JPG, PNG 사진만 올릴 수 있어요.' }),
    );
  });

  it('refuses images smaller than the minimum side on either axis', () => {
    expect(codeOf(plainPng(LIMITS.imageMinSide - 1, 200))).toBe('IMAGE_TOO_SMALL');
    expect(codeOf(plainPng(200, LIMITS.imageMinSide - 1))).toBe('IMAGE_TOO_SMALL');
    expect(codeOf(plainPng(LIMITS.imageMinSide, LIMITS.imageMinSide))).toBe('accepted');
  });

  it('refuses more pixels than the limit from the header alone, before decoding, in Korean', () => {
    // 6000×6000 claimed with a token IDAT / scan: a decoder would fail (NOT_AN_IMAGE), so the
    // answer below proves the header was checked first.
    const big = plainPng(6000, 6000);
    expect(big.length).toBeLessThan(20 * 1024);
    expect(codeOf(big)).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(codeOf(jpegHeaderOnly(6000, 6000))).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(() => cleanImage(big)).toThrowError(
      expect.objectContaining({
        status: 400,
        message: '사진 해상도가 너무 커요. 500만 화소 이하인 사진을 올려 주세요.',
      }),
    );
    expect(LIMITS.imageMaxPixels).toBe(5_000_000);
    // At the limit the header passes and the (token) pixel data is what fails.
    expect(codeOf(plainPng(2500, 2000))).toBe('NOT_AN_IMAGE');
  });

  it('refuses a PNG signature followed by garbage', () => {
    expect(codeOf(concat([plainPng(64, 64).subarray(0, 8), text('garbage')]))).toBe('NOT_AN_IMAGE');
  });
});
