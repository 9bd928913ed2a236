// Real files of picture formats we refuse: the classic 1×1 GIF89a and the leading boxes of an
// iPhone HEIC (ftyp brand heic, compatible mif1/miaf/heic, then meta with its handler).
import { webpWithMetadata } from './fixtures';

export const GIF_BYTES = Uint8Array.from([
  0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00,
  0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02,
  0x02, 0x44, 0x01, 0x00, 0x3b,
]);

const enc = new TextEncoder();
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const box = (type: string, payload: number[]) => [...be32(8 + payload.length), ...enc.encode(type), ...payload];

export const HEIC_BYTES = Uint8Array.from([
  ...box('ftyp', [
    ...enc.encode('heic'),
    ...be32(0),
    ...enc.encode('mif1'),
    ...enc.encode('miaf'),
    ...enc.encode('heic'),
  ]),
  ...box('meta', [
    ...be32(0), // version + flags
    ...box('hdlr', [...be32(0), ...be32(0), ...enc.encode('pict'), ...be32(0), ...be32(0), ...be32(0), 0]),
    ...box('pitm', [...be32(0), 0x00, 0x01]),
  ]),
]);

export const gifFile = (name = 'funny.gif') => new File([GIF_BYTES], name, { type: 'image/gif' });
export const heicFile = (name = 'IMG_0001.HEIC') => new File([HEIC_BYTES], name, { type: 'image/heic' });
/** A WebP (recognised, not decoded on the server: docs/decisions/0004-reencode-every-image.md). */
export const webpFile = (name = 'photo.webp') => new File([webpWithMetadata().file], name, { type: 'image/webp' });
