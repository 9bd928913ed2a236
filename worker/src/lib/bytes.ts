// Byte arrays joined end to end: an image's chunks and segments, a push message's records, test
// fixtures. The one concatenation: plain number lists are taken as bytes.
export function concatBytes(parts: readonly (Uint8Array | readonly number[])[]): Uint8Array<ArrayBuffer> {
  const arrays = parts.map((p) => (p instanceof Uint8Array ? p : Uint8Array.from(p)));
  const out = new Uint8Array(arrays.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of arrays) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
