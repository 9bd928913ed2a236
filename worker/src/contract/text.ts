// The text rules every member- or admin-written field follows: what is stored, what counts as
// blank and how long it is. Zod-free, so the chat composer and the admin console use it as is;
// the zod fields built on it live in text-schema.ts. docs/api-extensions.md ("Text") explains.

/**
 * Characters that draw nothing: Unicode's default-ignorable code points and format characters
 * (zero-width spaces and joiners, word joiner, BOM, soft hyphen, U+206A–206F, language tags
 * U+E0001…, Mongolian selectors, shorthand controls, …). Emoji keep their own joiners, selectors
 * and tags (visibleCodePoints).
 */
const DRAWS_NOTHING = /^[\p{Default_Ignorable_Code_Point}\p{Cf}]$/u;
const drawsNothing = (cp: number) => cp > 0x7f && DRAWS_NOTHING.test(String.fromCodePoint(cp));
/** Characters that reorder the text around them: an RLO can make "자리관" read as "관리자". */
const BIDI_CONTROLS = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
]);
/**
 * Letters or symbols to Unicode that show as blank space: the Hangul fillers and the blank Braille
 * pattern U+2800. Kept inside a text (old Hangul uses the fillers), trimmed off its ends, and never
 * enough to make it non-blank.
 */
const BLANK_LOOKING = new Set([0x115f, 0x1160, 0x3164, 0xffa0, 0x2800]);
const ZWJ = 0x200d;
const BLACK_FLAG = 0x1f3f4;

const isVariationSelector = (cp: number) => (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
const isTag = (cp: number) => cp >= 0xe0020 && cp <= 0xe007f;
/** C0/C1 controls other than tab and line breaks. */
const isControl = (cp: number) =>
  (cp < 0x20 && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d) || (cp >= 0x7f && cp <= 0x9f);
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
const EMOJI_MODIFIER = /^\p{Emoji_Modifier}$/u;
const isPictographic = (cp: number | undefined) => cp !== undefined && PICTOGRAPHIC.test(String.fromCodePoint(cp));
const isModifier = (cp: number | undefined) => cp !== undefined && EMOJI_MODIFIER.test(String.fromCodePoint(cp));

// Made on first use, then kept: constructing a segmenter loads ICU data, which a page that only imports
// this module (and a Worker isolate that never counts) need not pay for at start-up.
let segmenter: Intl.Segmenter | undefined;
const graphemes = (): Intl.Segmenter => (segmenter ??= new Intl.Segmenter('ko', { granularity: 'grapheme' }));

/** Keeps an emoji sequence's joiners, selectors and tags; drops every other invisible code point. */
function visibleCodePoints(cluster: string): string {
  const cps = [...cluster].map((ch) => ch.codePointAt(0) ?? 0);
  const emoji = isPictographic(cps[0]);
  let kept = '';
  let base = false; // a visible code point precedes in this cluster
  for (const [i, cp] of cps.entries()) {
    if (BIDI_CONTROLS.has(cp) || isControl(cp)) continue;
    if (cp === ZWJ) {
      const before = cps[i - 1];
      const joinsEmoji =
        emoji && (isPictographic(before) || isModifier(before) || before === 0xfe0f) && isPictographic(cps[i + 1]);
      if (joinsEmoji) kept += '\u200d';
      continue;
    }
    if (BLANK_LOOKING.has(cp)) {
      kept += String.fromCodePoint(cp); // kept in text (old Hangul uses them), blank when alone
      continue;
    }
    if (isVariationSelector(cp)) {
      if (base) kept += String.fromCodePoint(cp);
      continue;
    }
    if (isTag(cp)) {
      if (cps[0] === BLACK_FLAG) kept += String.fromCodePoint(cp);
      continue;
    }
    if (drawsNothing(cp)) continue;
    kept += String.fromCodePoint(cp);
    base = !/^\s$/u.test(String.fromCodePoint(cp));
  }
  return kept;
}

/** The code points visibleCodePoints may drop or keep only in context; a text without them is kept as it is. */
const MAY_DROP = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const MAY_DROP_ALL = new RegExp(MAY_DROP.source, 'gu');
/** Printable ASCII and Hangul syllables: no grapheme rule joins one to the character next to it. */
const standsApart = (code: number) => (code >= 0x20 && code <= 0x7e) || (code >= 0xac00 && code <= 0xd7a3);
/**
 * Whether a text splits into grapheme clusters at `at` whatever else it holds: between two such
 * characters (Unicode UAX #29: only CR LF, Hangul jamo, extending marks, prepended marks, emoji
 * ZWJ sequences and flag pairs join, and none of them involves these on either side).
 */
const alwaysClusterBreak = (s: string, at: number) =>
  standsApart(s.charCodeAt(at - 1)) && standsApart(s.charCodeAt(at));
/**
 * Whether the code point at `at` is a variation selector visibleCodePoints keeps: one right after a
 * visible character, which no grapheme rule splits it from (UAX #29 GB9: no break before Extend,
 * except after a control, CR or LF) and which makes it a selector with a visible base.
 */
function keptSelector(s: string, at: number): boolean {
  if (!isVariationSelector(s.codePointAt(at) ?? 0) || at === 0) return false;
  let before = s.charCodeAt(at - 1);
  if (before >= 0xdc00 && before <= 0xdfff) {
    const high = s.charCodeAt(at - 2);
    if (!(high >= 0xd800 && high <= 0xdbff)) return false; // a lone surrogate is a control
    before = s.codePointAt(at - 2) ?? 0;
  } else if (before >= 0xd800 && before <= 0xdbff) return false;
  const ch = String.fromCodePoint(before);
  return !BLANK_LOOKING.has(before) && !MAY_DROP.test(ch) && !/^\s$/u.test(ch);
}
const EDGE_BLANK = /^[\s\u115f\u1160\u3164\uffa0\u2800]+|[\s\u115f\u1160\u3164\uffa0\u2800]+$/gu;

/**
 * Whether a character shows nothing of its own inside a word: a blank-looking letter (Hangul
 * filler, U+2800) or a character that draws nothing. The profanity check reads past these.
 */
export function isInvisibleMark(ch: string): boolean {
  const cp = ch.codePointAt(0) ?? 0;
  return BLANK_LOOKING.has(cp) || drawsNothing(cp) || isVariationSelector(cp) || isTag(cp);
}

/**
 * A free text as stored: NFC, without characters that draw nothing or direction controls (an
 * emoji's own joiners stay, so 👨‍👩‍👧 is one family), blank space, Hangul fillers and U+2800
 * trimmed off both ends. This is the one rule for blank text: '' means blank to a reader.
 * '' means the text was blank to a reader.
 */
export function normalizeText(raw: string): string {
  const nfc = raw.normalize('NFC');
  // Only clusters holding a code point visibleCodePoints drops or weighs (MAY_DROP) can change;
  // every other one is kept whole. Nearly every text has none, and then the grapheme segmenter,
  // the costly part (the chat room normalises every message: docs/safety.md "Cost per message"),
  // is not needed; otherwise it segments only the stretch around them, cut where the whole text
  // is cut into clusters whatever stands around (between two ASCII characters or Hangul syllables).
  let first = -1;
  let last = -1;
  if (MAY_DROP.test(nfc)) {
    for (const m of nfc.matchAll(MAY_DROP_ALL)) {
      if (keptSelector(nfc, m.index)) continue; // ❤️, ☺️: nothing to drop
      if (first < 0) first = m.index;
      last = m.index + m[0].length;
    }
  }
  if (first < 0) return nfc.replace(EDGE_BLANK, '');
  let from = first;
  while (from > 0 && !alwaysClusterBreak(nfc, from)) from--;
  let to = last;
  while (to < nfc.length && !alwaysClusterBreak(nfc, to)) to++;
  let out = nfc.slice(0, from);
  for (const { segment } of graphemes().segment(nfc.slice(from, to))) out += visibleCodePoints(segment);
  return (out + nfc.slice(to)).replace(EDGE_BLANK, '');
}

/** Characters as a person counts them: grapheme clusters (👨‍👩‍👧 is 1, 가 is 1 even as jamo). */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of graphemes().segment(text.normalize('NFC'))) n++;
  return n;
}

/** What a form's counter shows: the length the server will count for this input. */
export const countChars = (raw: string): number => textLength(normalizeText(raw));

/** The first `max` characters (grapheme clusters), never half an emoji or syllable. */
export function sliceChars(text: string, max: number): string {
  let out = '';
  let n = 0;
  for (const { segment } of graphemes().segment(text)) {
    if (n++ >= max) break;
    out += segment;
  }
  return out;
}

/** A quoted text (a notification's, a reply's original): one line, cut at `max` characters with '…'. */
export function quoteLine(raw: string, max: number): string {
  const line = normalizeText(raw).replace(/\s+/g, ' ').trim();
  return textLength(line) > max ? `${sliceChars(line, max)}…` : line;
}

/** Punctuation a name may hold besides letters, digits and single spaces. */
export const NAME_PUNCTUATION = ".-_'·";
const NAME_CHARS = /^[\p{L}\p{N} .\-_'·][\p{L}\p{M}\p{N} .\-_'·]*$/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const ANY_FILLER = /[\u115f\u1160\u3164\uffa0]/u;
const ZERO_WIDTH_OR_SELECTOR =
  /[\u00ad\u034f\u17b4\u17b5\u180e\u200b-\u200d\u2060-\u2064\ufeff\ufff9-\ufffb\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/gu;

/**
 * A name as stored: NFC, zero-width characters dropped, spaces collapsed, ends trimmed.
 * Direction controls are not dropped but refused by `isValidName`: silently removing an RLO
 * would store a different name from the one the member saw typed.
 */
export function normalizeName(raw: string): string {
  return raw.normalize('NFC').replace(ZERO_WIDTH_OR_SELECTOR, '').replace(/\s+/gu, ' ').replace(EDGE_BLANK, '');
}

/** Letters of any script (Hangul included), digits, spaces and NAME_PUNCTUATION; at least one letter or digit. */
export const isValidName = (name: string): boolean =>
  NAME_CHARS.test(name) && HAS_LETTER_OR_DIGIT.test(name) && !ANY_FILLER.test(name);
