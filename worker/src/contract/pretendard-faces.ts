// Pretendard's dynamic subsets, the faces for characters outside the interface font (names, posts,
// notices' titles): the member app registers them when it starts (member-web/src/first-paint/
// pretendard-faces.ts) and the Worker declares in a shell the few a first screen's live text needs
// (worker/src/lib/spa.ts). One description of a face for both, so the two declare the same face.
// The list of subsets comes from the build (member-web/build/pretendard-faces.ts).

/** Every subset's descriptors but its file and range, as Pretendard's own style sheet has them. */
export const PRETENDARD_FACE = {
  family: 'Pretendard Variable',
  style: 'normal',
  weight: '45 920',
  // Text never moves: a face that is not there when its text first paints stays unused (as the interface font).
  display: 'optional',
} as const;

/** The build's file of the subsets (at the site's root), which the Worker reads. */
export const PRETENDARD_FACES_FILE = 'pretendard-faces.json';

/**
 * What the build writes for the Worker (PRETENDARD_FACES_FILE): each subset's built address and
 * range, and the interface font's characters (no face is needed for those).
 */
export type PretendardFacesTable = { interfaceChars: string; faces: { href: string; range: string }[] };

/** A unicode-range (`U+ac00-d7a3, U+3131`) as code point intervals. */
export function parseUnicodeRange(range: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const part of range.split(',')) {
    const m = /^\s*u\+([0-9a-f?]{1,6})(?:-([0-9a-f]{1,6}))?\s*$/i.exec(part);
    if (!m?.[1]) continue;
    if (m[1].includes('?')) {
      out.push([parseInt(m[1].replace(/\?/g, '0'), 16), parseInt(m[1].replace(/\?/g, 'f'), 16)]);
    } else {
      const from = parseInt(m[1], 16);
      out.push([from, m[2] ? parseInt(m[2], 16) : from]);
    }
  }
  return out;
}

/** The same range however it is written (case, spaces, single points): to tell a face already declared. */
export function rangeKey(range: string): string {
  return parseUnicodeRange(range)
    .map(([a, b]) => `${a.toString(16)}-${b.toString(16)}`)
    .join(',');
}

/** Whether one of `codePoints` falls in `intervals`. */
export function coversAny(intervals: ReadonlyArray<[number, number]>, codePoints: Iterable<number>): boolean {
  for (const cp of codePoints) for (const [a, b] of intervals) if (cp >= a && cp <= b) return true;
  return false;
}

/** The face as an @font-face rule (the Worker's shell; the range written again from its intervals). `href` is a built asset's address. */
export function faceRule(href: string, range: string): string {
  const f = PRETENDARD_FACE;
  const ranges = parseUnicodeRange(range)
    .map(([a, b]) => (a === b ? `U+${a.toString(16)}` : `U+${a.toString(16)}-${b.toString(16)}`))
    .join(',');
  return (
    `@font-face{font-family:'${f.family}';font-style:${f.style};font-weight:${f.weight};` +
    `font-display:${f.display};src:url(${href}) format('woff2-variations');unicode-range:${ranges}}`
  );
}
