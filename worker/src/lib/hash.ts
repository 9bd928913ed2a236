// Small stable hashes for seeds and spreads (not for security).

/** FNV-1a over the text: a stable 32-bit seed. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
