// PNG: walks the chunks, reads the size from IHDR (before any pixel is decoded) and keeps only
// what the decoder needs: IHDR, PLTE, IDAT, IEND (critical) and tRNS (transparency). Everything
// else (tEXt, zTXt, iTXt, eXIf, tIME, iCCP, gAMA, cHRM, sRGB, pHYs, APNG frames, private chunks,
// bytes after IEND) never reaches the decoder; the stored file is then encoded anew from the
// pixels (clean.ts), so not even the kept chunks' bytes are stored.
import { concatBytes } from '../../lib/bytes';
import { type CleanedImage, ascii, notAnImage, slice, u32be } from './bytes';

const SIGNATURE_LENGTH = 8;
const KEEP = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS']);
const CRITICAL = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);

const isCritical = (type: string): boolean => type.charCodeAt(0) >= 0x41 && type.charCodeAt(0) <= 0x5a;

export function cleanPng(b: Uint8Array): CleanedImage {
  const out: Uint8Array[] = [slice(b, 0, SIGNATURE_LENGTH)];
  let at = SIGNATURE_LENGTH;
  let width = 0;
  let height = 0;
  let idat = 0;

  for (;;) {
    const length = u32be(b, at);
    const type = ascii(b, at + 4, 4);
    const whole = slice(b, at, 12 + length); // length + type + data + crc
    if (at === SIGNATURE_LENGTH) {
      if (type !== 'IHDR' || length !== 13) throw notAnImage();
      width = u32be(b, at + 8);
      height = u32be(b, at + 12);
    }
    // A decoder cannot skip an unknown critical chunk, so such a file is not an image we can show.
    if (isCritical(type) && !CRITICAL.has(type)) throw notAnImage();
    if (KEEP.has(type)) out.push(whole);
    if (type === 'IDAT') idat += 1;
    at += 12 + length;
    if (type === 'IEND') break; // trailing bytes after IEND are dropped
  }

  if (idat === 0 || width === 0 || height === 0) throw notAnImage();
  return { bytes: concatBytes(out), width, height };
}
