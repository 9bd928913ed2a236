// JPEG: walks the marker segments, reads the frame size from SOFn (before any pixel is decoded)
// and rebuilds the file from the segments needed to decode it. That file is only fed to the
// decoder: what is stored is encoded anew from the pixels (clean.ts), so no table, segment or
// scan byte of the upload is kept.
//
// Dropped: APP1..APP15 (EXIF with GPS and its thumbnail, XMP, ICC profiles, maker data),
// COM, unknown markers and anything after EOI (some phones append extra images or
// metadata there). Dropping EXIF also drops the orientation tag; the member SPA
// normalises orientation before upload, so the stored pixels are already upright.
import { concatBytes } from '../../lib/bytes';
import { type CleanedImage, notAnImage, u16be } from './bytes';

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP14 = 0xee;

/** Start-of-frame markers carry the image size (C4 DHT, C8 JPG and CC DAC are not frames). */
const isFrame = (m: number): boolean => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** Segments a decoder needs: frames, DHT, DAC, DQT, DNL, DRI, DHP, EXP, SOS. */
const isDecodingSegment = (m: number): boolean => (m >= 0xc0 && m <= 0xcf && m !== 0xc8) || (m >= 0xda && m <= 0xdf);

const segment = (marker: number, payload: Uint8Array): Uint8Array => {
  const len = payload.length + 2;
  return concatBytes([Uint8Array.of(0xff, marker, len >> 8, len & 0xff), payload]);
};

/** APP0 "JFIF\0" kept only as its fixed fields; an embedded thumbnail could show the uncropped original. */
function minimalJfif(payload: Uint8Array): Uint8Array | null {
  const id = String.fromCharCode(...payload.subarray(0, 5));
  if (id !== 'JFIF\0' || payload.length < 14) return null;
  const fields = Uint8Array.from(payload.subarray(0, 14));
  fields[12] = 0; // thumbnail width
  fields[13] = 0; // thumbnail height
  return segment(APP0, fields);
}

/**
 * APP14 "Adobe" holds no personal data, only the colour transform flag; without it CMYK
 * and some RGB JPEGs decode with wrong colours. Kept as its fixed 12 bytes.
 */
function minimalAdobe(payload: Uint8Array): Uint8Array | null {
  const id = String.fromCharCode(...payload.subarray(0, 5));
  if (id !== 'Adobe' || payload.length < 12) return null;
  return segment(APP14, payload.subarray(0, 12));
}

/** End of an entropy-coded scan: the first 0xFF that is not stuffing (FF00) or a restart marker. */
function scanEnd(b: Uint8Array, from: number): number {
  let at = from;
  while (at < b.length) {
    if (b[at] === 0xff) {
      const next = b[at + 1];
      if (next === undefined) throw notAnImage();
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
        at += 2;
        continue;
      }
      return at;
    }
    at += 1;
  }
  throw notAnImage(); // the scan ran off the end: truncated file
}

export function cleanJpeg(b: Uint8Array): CleanedImage {
  if (b[0] !== 0xff || b[1] !== SOI) throw notAnImage();
  const out: Uint8Array[] = [Uint8Array.of(0xff, SOI)];
  let width = 0;
  let height = 0;
  let scans = 0;
  let at = 2;

  for (;;) {
    if (b[at] !== 0xff) throw notAnImage();
    while (b[at] === 0xff) at += 1; // fill bytes before a marker
    const marker = b[at];
    if (marker === undefined) throw notAnImage();
    at += 1;
    if (marker === EOI) break;

    const len = u16be(b, at);
    if (len < 2 || at + len > b.length) throw notAnImage();
    const payload = b.subarray(at + 2, at + len);
    at += len;

    if (isFrame(marker)) {
      if (width !== 0 || payload.length < 6) throw notAnImage(); // one frame per file
      height = u16be(payload, 1);
      width = u16be(payload, 3);
    }
    if (isDecodingSegment(marker)) {
      out.push(segment(marker, payload));
    } else if (marker === APP0) {
      const jfif = minimalJfif(payload);
      if (jfif) out.push(jfif);
    } else if (marker === APP14) {
      const adobe = minimalAdobe(payload);
      if (adobe) out.push(adobe);
    }
    // Everything else (APP1..APP13, APP15, COM, JPGn) is dropped.

    if (marker === SOS) {
      if (width === 0) throw notAnImage(); // a scan before any frame header
      const end = scanEnd(b, at);
      out.push(b.subarray(at, end));
      at = end;
      scans += 1;
    }
  }

  if (scans === 0 || width === 0 || height === 0) throw notAnImage();
  out.push(Uint8Array.of(0xff, EOI));
  return { bytes: concatBytes(out), width, height };
}
