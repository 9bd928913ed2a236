// Decides the format from the leading bytes only; the client's name and type are ignored.

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export const FORMAT_INFO = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  png: { contentType: 'image/png', ext: 'png' },
  webp: { contentType: 'image/webp', ext: 'webp' },
} as const;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(b: Uint8Array, sig: readonly number[], at = 0): boolean {
  return b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
}

export function sniffImage(b: Uint8Array): ImageFormat | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, PNG_SIGNATURE)) return 'png';
  // RIFF....WEBP
  if (startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** ISO-BMFF brands of HEIC/HEIF and AVIF photos (what phones save), found in the leading `ftyp` box. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis']);

const ascii = (b: Uint8Array, at: number, n: number): string =>
  b.length >= at + n ? String.fromCharCode(...b.subarray(at, at + n)) : '';

/** A picture format we recognise but do not take (so the answer can name the accepted ones). */
export function sniffRefusedImage(b: Uint8Array): 'gif' | 'heif' | 'bmp' | 'tiff' | null {
  const gif = ascii(b, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif';
  if (ascii(b, 4, 4) === 'ftyp' && HEIF_BRANDS.has(ascii(b, 8, 4))) return 'heif';
  // BM, then a DIB header of one of the known sizes at offset 14.
  if (startsWith(b, [0x42, 0x4d]) && [12, 40, 52, 56, 108, 124].includes(b[14] ?? 0) && b[15] === 0) return 'bmp';
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  return null;
}
