// Byte helpers shared by the image parsers. Every read is bounds-checked: a short read
// means a malformed file, which the caller reports as "not an image".
import { VALIDATION_KO } from '../../contract';
import { Invalid } from '../../lib/errors';

export function notAnImage(): Invalid {
  return new Invalid(VALIDATION_KO.imageOnly, undefined, 'NOT_AN_IMAGE');
}

function need(b: Uint8Array, at: number, n: number): void {
  if (at < 0 || at + n > b.length) throw notAnImage();
}

export function u16be(b: Uint8Array, at: number): number {
  need(b, at, 2);
  return ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
}

export function u32be(b: Uint8Array, at: number): number {
  need(b, at, 4);
  return (((b[at] ?? 0) << 24) >>> 0) + (((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0));
}

export function ascii(b: Uint8Array, at: number, n: number): string {
  need(b, at, n);
  return String.fromCharCode(...b.subarray(at, at + n));
}

export function slice(b: Uint8Array, at: number, n: number): Uint8Array {
  need(b, at, n);
  return b.subarray(at, at + n);
}

/** What every format parser returns: the cleaned bytes and the dimensions read from them. */
export type CleanedImage = { bytes: Uint8Array; width: number; height: number };
