// Masks profanity in community text ('씨발' → '씨*') instead of rejecting it.
// Letters are compared with everything else taken out, so '씨1발', '씨.발' and 'ㅅ ㅂ' are caught;
// a match that spans whitespace must stand as whole words ('씨 발 진짜'), so ordinary phrases
// whose neighbouring words merely meet ('수박씨 발라', '3시 발표') are left alone. Characters that
// show nothing inside a word (Hangul fillers, U+2800, zero-width marks: contract/text.ts
// isInvisibleMark) are read past, so '씨\u3164발' is '씨발'.
import { isInvisibleMark } from '../../contract/text';
import { INNOCENT_WORDS, PROFANITY_WORDS } from '../../contract/safety/profanity-words';

const LETTER = /\p{L}/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const SPACE = /\s/u;
/** Letters further apart than this (a long run of symbols) are not read as one word. */
const MAX_GAP = 4;
const MASK = '*';

type Skeleton = {
  /** The letters only, lower-cased. */
  letters: string;
  /** Index in the original text of each letter. */
  at: number[];
  /** Position of each letter among the characters that show (invisible marks not counted). */
  pos: number[];
  /** Whether whitespace stands between each letter and the one before it. */
  spaceBefore: boolean[];
};

function skeletonOf(chars: string[]): Skeleton {
  let letters = '';
  const at: number[] = [];
  const pos: number[] = [];
  const spaceBefore: boolean[] = [];
  let sawSpace = false;
  let shown = 0;
  chars.forEach((ch, i) => {
    if (isInvisibleMark(ch)) return; // neither a letter nor a gap
    shown++;
    if (LETTER.test(ch)) {
      const lower = ch.toLowerCase();
      // One code unit per letter keeps `letters` and `at` aligned (astral letters never match a word).
      letters += lower.length === 1 ? lower : '\uffff';
      at.push(i);
      pos.push(shown);
      spaceBefore.push(sawSpace);
      sawSpace = false;
    } else if (SPACE.test(ch)) {
      sawSpace = true;
    }
  });
  return { letters, at, pos, spaceBefore };
}

const normalize = (word: string) => skeletonOf([...word]).letters;
const badWords = [...new Set(PROFANITY_WORDS.map(normalize).filter(Boolean))];
const innocentWords = [...new Set(INNOCENT_WORDS.map(normalize).filter(Boolean))];

function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + 1)) found.push(i);
  return found;
}

const isWordChar = (ch: string | undefined) => ch !== undefined && WORD_CHAR.test(ch) && !isInvisibleMark(ch);

/** The nearest character before (-1) or after (1) index `i` that shows. */
function shownNeighbour(chars: string[], i: number, step: 1 | -1): string | undefined {
  for (let k = i + step; k >= 0 && k < chars.length; k += step) {
    const ch = chars[k];
    if (ch !== undefined && !isInvisibleMark(ch)) return ch;
  }
  return undefined;
}

/** Letter ranges [start, end] of the skeleton that an innocent word covers. */
function protectedRanges(s: Skeleton): Array<[number, number]> {
  return innocentWords.flatMap((w) => occurrences(s.letters, w).map((i): [number, number] => [i, i + w.length - 1]));
}

function acceptable(s: Skeleton, chars: string[], start: number, end: number, safe: Array<[number, number]>): boolean {
  if (safe.some(([a, b]) => start <= b && end >= a)) return false;
  let spaced = false;
  for (let k = start + 1; k <= end; k++) {
    const gap = (s.pos[k] ?? 0) - (s.pos[k - 1] ?? 0);
    if (gap > MAX_GAP) return false;
    if (s.spaceBefore[k]) spaced = true;
  }
  if (!spaced) return true;
  const first = s.at[start] ?? 0;
  const last = s.at[end] ?? 0;
  return !isWordChar(shownNeighbour(chars, first, -1)) && !isWordChar(shownNeighbour(chars, last, 1));
}

/** The text with every listed word masked, keeping each word's first letter. */
export function maskProfanity(text: string): string {
  const chars = [...text];
  const s = skeletonOf(chars);
  if (!s.letters) return text;
  const safe = protectedRanges(s);
  const masked = new Set<number>();
  for (const word of badWords) {
    for (const start of occurrences(s.letters, word)) {
      const end = start + word.length - 1;
      if (!acceptable(s, chars, start, end, safe)) continue;
      const from = s.at[start] ?? 0;
      const to = s.at[end] ?? 0;
      // A one-letter word is masked whole; longer ones keep their first letter ('씨*').
      for (let i = word.length === 1 ? from : from + 1; i <= to; i++) {
        if (!SPACE.test(chars[i] ?? '')) masked.add(i);
      }
    }
  }
  if (masked.size === 0) return text;
  return chars.map((ch, i) => (masked.has(i) ? MASK : ch)).join('');
}
