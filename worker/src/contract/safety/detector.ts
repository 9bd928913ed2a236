// The safety detector (docs/safety.md "Detector"): finds CONTACT, MONEY, SEXUAL and ABUSE spans in
// a member's text. One module for the Worker, the chat room object and the member SPA; the rules
// and word lists are data in rules.ts (and profanity-words.ts, shared with the community masking).
//
// The text is read through three views, each mapping back to UTF-16 offsets of `text`
// (contract/text.ts normalizeText(raw)):
// - FLAT: lower-cased; invisible marks (isInvisibleMark: Hangul fillers, zero-width marks) dropped;
//   full-width and other compatibility forms folded (NFKC: ０１０ → 010, ＠ → @); Cyrillic, Greek and
//   small-capital look-alikes mapped to Latin (кakao → kakao); split jamo composed (ㅋㅏㅋㅏㅇㅗㅌㅗㄱ →
//   카카오톡, 텔ㄹㅔ → 텔레); spaces and punctuation kept.
// - LETTERS: the flat view's letters only (spaces, symbols and digits between Hangul letters
//   dropped: 카.톡, 씨1발, 리 딩 방), with digits inside Latin words read as letters (s3x, te1egram).
//   A match that spans a space must start a word; a letter-spaced one ('씨 발') that ends on a
//   one-letter piece must end a word too ('씨 발라' is not '씨발').
// - DIGITS: phone numbers in every form (010-1234-5678, 010 1234 5678, +82 10…, 공일공 일이삼사…,
//   O1O, mixed).
// The chat room object runs it on every message, so it is built to be cheap on ordinary talk
// (docs/safety.md "Cost per message": pre-checks made from the rules' data, views without an object
// per character); worker/test-node/safety/detector-equivalence.test.ts holds it to the answers of the
// slower detector it replaced, kept as an oracle.
import { isInvisibleMark, normalizeText } from '../text';
import type { SafetyKind } from './kinds';
import { HANGUL_DIGITS, PHONE_SHAPES, SAFE_WORDS, TEXT_RULES, WORD_RULES, type WordRule } from './rules';

export type SafetyFlag = { kind: SafetyKind; start: number; end: number };

/** At most this many flags are answered for one text. */
export const SAFETY_MAX_FLAGS = 20;

const KIND_ORDER: readonly SafetyKind[] = ['CONTACT', 'MONEY', 'SEXUAL', 'ABUSE'];

// ---------------------------------------------------------------------------------------------
// Character folding

/** Look-alike letters (after lower-casing) and the Latin letter each imitates, in pairs. */
const LOOKALIKE_PAIRS = [
  'аaвbеeёeкkмmнhоoрpсcтtуyхxѕsіiјjԁdԛqԝwɡg', // Cyrillic
  'αaβbεeηnιiκkνvοoρpτtυuχxωw', // Greek
  'ᴀaʙbᴄcᴅdᴇeғfɢgʜhɪiᴊjᴋkʟlᴍmɴnᴏoᴘpʀrꜱsᴛtᴜuᴠvᴡwʏyᴢz', // small capitals
].join('');
const LOOKALIKES: Readonly<Record<string, string>> = Object.fromEntries(
  Array.from({ length: LOOKALIKE_PAIRS.length / 2 }, (_, i) => [LOOKALIKE_PAIRS[2 * i], LOOKALIKE_PAIRS[2 * i + 1]]),
);
/** Digits inside a Latin word read as the letter they imitate (s3x, te1egram, kak4o). */
const DIGIT_LETTERS: Readonly<Record<string, string>> = { '0': 'o', '1': 'l', '3': 'e', '4': 'a', '5': 's', '7': 't' };

const isHangulSyllable = (cp: number) => cp >= 0xac00 && cp <= 0xd7a3;
const isCompatJamo = (cp: number) => cp >= 0x3131 && cp <= 0x318e;
const SPACE = /\s/u;
const LETTER = /\p{L}/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;

function fold(ch: string, cp: number): string {
  if (cp < 0x80) return cp <= 0x20 ? ' ' : ch.toLowerCase();
  if (isHangulSyllable(cp) || isCompatJamo(cp)) return ch;
  if (SPACE.test(ch)) return ' ';
  const lower = ch.toLowerCase();
  const look = LOOKALIKES[lower];
  if (look) return look;
  const folded = lower.normalize('NFKC').toLowerCase();
  let out = '';
  for (const c of folded) out += LOOKALIKES[c] ?? c;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Split jamo

const CHO = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const JUNG = 'ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ';
const JONG = ' ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ';
const COMPOUND_VOWELS: Readonly<Record<string, string>> = {
  ㅗㅏ: 'ㅘ',
  ㅗㅐ: 'ㅙ',
  ㅗㅣ: 'ㅚ',
  ㅜㅓ: 'ㅝ',
  ㅜㅔ: 'ㅞ',
  ㅜㅣ: 'ㅟ',
  ㅡㅣ: 'ㅢ',
};

/**
 * The flat view: its string (one UTF-16 code unit per flat character) and, for each of its
 * characters, the span of `text` it came from. Parallel arrays, not an object per character: the
 * chat room object builds one for every message.
 */
type Flat = { s: string; start: number[]; end: number[] };

const isChoJamo = (code: number) => code >= 0x3131 && code <= 0x314e && CHO.includes(String.fromCharCode(code));
/** JUNG.includes(c), where a missing character reads as '' (which every string includes). */
const isJung = (c: string | undefined) => JUNG.includes(c ?? '');

/** Composes runs of compatibility jamo into syllables (ㅋㅏㅋㅏㅇㅗㅌㅗㄱ → 카카오톡). */
function composeJamo(codes: number[], starts: number[], ends: number[]): Flat {
  const c = codes.map((code) => String.fromCharCode(code));
  const out: string[] = [];
  const start: number[] = [];
  const end: number[] = [];
  for (let i = 0; i < c.length; i++) {
    const u = c[i] as string;
    const cho = CHO.indexOf(u);
    // a consonant and its vowel, maybe with a space between them (ㅋ ㅏ 톡)
    const gap = c[i + 1] === ' ' && isJung(c[i + 2]) ? 1 : 0;
    const next = c[i + 1 + gap];
    if (cho < 0 || next === undefined || !JUNG.includes(next)) {
      out.push(u);
      start.push(starts[i] as number);
      end.push(ends[i] as number);
      continue;
    }
    let vowel = next;
    let j = i + 2 + gap;
    const pair = COMPOUND_VOWELS[vowel + (c[j] ?? '')];
    if (pair) {
      vowel = pair;
      j++;
    }
    let jong = 0;
    const fin = c[j];
    const afterFin = c[j + 1];
    if (
      fin !== undefined &&
      fin !== ' ' &&
      JONG.indexOf(fin) > 0 &&
      !(afterFin !== undefined && JUNG.includes(afterFin))
    ) {
      jong = JONG.indexOf(fin);
      j++;
    }
    out.push(String.fromCharCode(0xac00 + (cho * 21 + JUNG.indexOf(vowel)) * 28 + jong));
    start.push(starts[i] as number);
    end.push(ends[j - 1] as number);
    i = j - 1;
  }
  return { s: out.join(''), start, end };
}

/** Code units of a string, in chunks small enough for String.fromCharCode's argument list. */
function stringOf(codes: number[]): string {
  let s = '';
  for (let k = 0; k < codes.length; k += 8192) s += String.fromCharCode(...codes.slice(k, k + 8192));
  return s;
}

/** The flat view: one character per UTF-16 code unit of its string. */
function flatView(text: string): Flat {
  const codes: number[] = [];
  const start: number[] = [];
  const end: number[] = [];
  let jamo = false;
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i) as number;
    const from = i;
    i += cp > 0xffff ? 2 : 1;
    // ASCII and Hangul syllables, nearly every character of a chat, fold without a lookup
    if (cp < 0x80) {
      codes.push(cp <= 0x20 ? 0x20 : cp >= 0x41 && cp <= 0x5a ? cp + 0x20 : cp);
      start.push(from);
      end.push(i);
      continue;
    }
    if (isHangulSyllable(cp)) {
      codes.push(cp);
      start.push(from);
      end.push(i);
      continue;
    }
    const ch = text.slice(from, i);
    if (isInvisibleMark(ch)) continue;
    const folded = fold(ch, cp);
    for (let k = 0; k < folded.length; k++) {
      const code = folded.charCodeAt(k);
      if (isChoJamo(code)) jamo = true;
      codes.push(code);
      start.push(from);
      end.push(i);
    }
  }
  // Without a consonant jamo there is nothing to compose.
  return jamo ? composeJamo(codes, start, end) : { s: stringOf(codes), start, end };
}

// ---------------------------------------------------------------------------------------------
// Letters view and word rules

type Letters = {
  s: string;
  /** Index in the flat view of each letter. */
  at: number[];
  /** Whether a space stands between each letter and the one before it. */
  spaced: boolean[];
};

const isAsciiDigit = (code: number) => code >= 0x30 && code <= 0x39;
const isLatinLower = (code: number) => code >= 0x61 && code <= 0x7a;
/** LETTER.test on one code unit of the flat view, without the regex for ASCII and Hangul syllables. */
function isLetter(flat: string, k: number): boolean {
  const code = flat.charCodeAt(k);
  if (code < 0x80) return isLatinLower(code) || (code >= 0x41 && code <= 0x5a);
  if (isHangulSyllable(code)) return true;
  return LETTER.test(flat[k] as string);
}

function lettersOf(flat: Flat): Letters {
  const f = flat.s;
  const codes: number[] = [];
  const at: number[] = [];
  const spaced: boolean[] = [];
  let sawSpace = false;
  for (let k = 0; k < f.length; k++) {
    let code = f.charCodeAt(k);
    if (isAsciiDigit(code)) {
      // charCodeAt outside the string is NaN: not Latin
      const latinNext = isLatinLower(f.charCodeAt(k - 1)) || isLatinLower(f.charCodeAt(k + 1));
      const asLetter = DIGIT_LETTERS[f[k] as string];
      if (!latinNext || !asLetter) continue;
      code = asLetter.charCodeAt(0);
    } else if (code === 0x20) {
      sawSpace = true;
      continue;
    } else if (!isLetter(f, k)) {
      continue;
    }
    codes.push(code);
    at.push(k);
    spaced.push(sawSpace);
    sawSpace = false;
  }
  return { s: stringOf(codes), at, spaced };
}

/** Letters further apart than this in the flat view (a long run of symbols) are not one word. */
const MAX_GAP = 4;

const wordsOf = (ws: readonly string[]) => [...new Set(ws.map((w) => w.toLowerCase().replace(/\s+/g, '')))];
const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternatives = (ws: readonly string[]) =>
  wordsOf(ws)
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');

function compile(rule: WordRule): RegExp {
  let src = `(?:${alternatives(rule.words)})`;
  if (rule.then?.length) {
    const thens = rule.then.map((t) => t.toLowerCase());
    src += thens.includes('') ? `(?:${alternatives(thens.filter(Boolean))})?` : `(?:${alternatives(thens)})`;
  }
  if (rule.unless?.length) src += `(?!${alternatives(rule.unless)})`;
  return new RegExp(src, 'g');
}

const COMPILED = WORD_RULES.map((rule) => ({
  kind: rule.kind,
  re: compile(rule),
  notAfter: (rule.notAfter ?? []).map((w) => w.toLowerCase()),
}));
const SAFE_RE = new RegExp(alternatives(SAFE_WORDS), 'g');

/**
 * The pre-check: a word rule's match starts with one of its words, so a rule can match only where
 * the letters view holds the first letter (a one-letter word) or the first two letters of one of
 * them. Made from the rules' own words; rules with no such letter in a text are not run on it.
 */
const RULES_BY_FIRST = new Map<number, number[]>(); // one-letter words, by the letter's code unit
const RULES_BY_PAIR = new Map<number, number[]>(); // longer words, by their first two code units
const ALWAYS_RUN: number[] = []; // a rule with an empty word could match anywhere
/** Whether some rule word starts with this code unit: most letters of a chat start none. */
const STARTS_A_WORD = new Uint8Array(0x10000);
WORD_RULES.forEach((rule, index) => {
  for (const w of wordsOf(rule.words)) {
    if (w.length === 0) {
      ALWAYS_RUN.push(index);
      continue;
    }
    STARTS_A_WORD[w.charCodeAt(0)] = 1;
    if (w.length === 1) (RULES_BY_FIRST.get(w.charCodeAt(0)) ?? setOf(RULES_BY_FIRST, w.charCodeAt(0))).push(index);
    else {
      const key = w.charCodeAt(0) * 0x10000 + w.charCodeAt(1);
      (RULES_BY_PAIR.get(key) ?? setOf(RULES_BY_PAIR, key)).push(index);
    }
  }
});
function setOf(map: Map<number, number[]>, key: number): number[] {
  const list: number[] = [];
  map.set(key, list);
  return list;
}

/** Which word rules could match somewhere in the letters view `s` (the pre-check above). */
function rulesToRun(s: string): Uint8Array {
  const run = new Uint8Array(COMPILED.length);
  for (const index of ALWAYS_RUN) run[index] = 1;
  for (let i = 0; i < s.length; i++) {
    const first = s.charCodeAt(i);
    if (!STARTS_A_WORD[first]) continue;
    const single = RULES_BY_FIRST.get(first);
    if (single) for (const index of single) run[index] = 1;
    if (i + 1 < s.length) {
      const pair = RULES_BY_PAIR.get(first * 0x10000 + s.charCodeAt(i + 1));
      if (pair) for (const index of pair) run[index] = 1;
    }
  }
  return run;
}

const isWordChar = (flat: string, k: number) => k >= 0 && k < flat.length && WORD_CHAR.test(flat[k] as string);

/** Whether letters [i, j] read as one word or phrase (see the module comment). */
function standsAlone(l: Letters, flat: string, i: number, j: number): boolean {
  let firstPiece = 0;
  let lastPiece = i;
  for (let k = i + 1; k <= j; k++) {
    if ((l.at[k] as number) - (l.at[k - 1] as number) - 1 > MAX_GAP) return false;
    if (l.spaced[k]) {
      if (!firstPiece) firstPiece = k - i;
      lastPiece = k;
    }
  }
  if (lastPiece === i) return true;
  if (isWordChar(flat, (l.at[i] as number) - 1)) return false;
  // A short letter-spaced match ('씨 발') whose last piece is one letter must end its word there
  // ('씨 발라' is not '씨발', '병 신경' not '병신').
  const letterSpaced = firstPiece === 1 && j - i < 2;
  return !letterSpaced || j > lastPiece || !isWordChar(flat, (l.at[j] as number) + 1);
}

// ---------------------------------------------------------------------------------------------
// Phone numbers

const PHONE_LOOKALIKES: Readonly<Record<string, string>> = { o: '0', ㅇ: '0', l: '1', i: '1', '|': '1' };
const PHONE_SEPARATOR = /[\s\-.()/_~·,+:*#\u2010-\u2015\u2212에]/;
/** More separator characters than this in a row end a number. */
const MAX_SEPARATORS = 3;
/** A number needs this many digits (of any spelling) in one run. */
const MIN_PHONE_DIGITS = 10;
/** HANGUL_DIGITS and PHONE_LOOKALIKES by code unit (only one-character keys can equal one flat character). */
const byCode = (table: Readonly<Record<string, string>>) =>
  new Map(Object.entries(table).flatMap(([k, d]) => (k.length === 1 ? [[k.charCodeAt(0), d] as const] : [])));
const HANGUL_DIGIT_BY_CODE = byCode(HANGUL_DIGITS);
const PHONE_LOOKALIKE_BY_CODE = byCode(PHONE_LOOKALIKES);
/** Whether a code unit can read as a digit: 0–9, a Hangul digit word, a look-alike. */
const DIGIT_LIKE = new Uint8Array(0x10000);
for (const code of [...'0123456789'].map((d) => d.charCodeAt(0))) DIGIT_LIKE[code] = 1;
for (const code of [...HANGUL_DIGIT_BY_CODE.keys(), ...PHONE_LOOKALIKE_BY_CODE.keys()]) DIGIT_LIKE[code] = 1;

function phoneSpans(flat: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  // The pre-check: fewer characters that can read as a digit than a number needs, no number.
  let digitLike = 0;
  for (let k = 0; k < flat.length && digitLike < MIN_PHONE_DIGITS; k++) {
    digitLike += DIGIT_LIKE[flat.charCodeAt(k)] as number;
  }
  if (digitLike < MIN_PHONE_DIGITS) return spans;

  let digits = '';
  let unitOf: number[] = [];
  let groupStart: boolean[] = [];
  let seps = 0;
  const flush = () => {
    if (digits.length >= MIN_PHONE_DIGITS) {
      const re = new RegExp(PHONE_SHAPES.source, 'y');
      for (let p = 0; p < digits.length; p++) {
        if (!groupStart[p]) continue;
        re.lastIndex = p;
        const m = re.exec(digits);
        if (!m) continue;
        spans.push([unitOf[p] as number, unitOf[p + m[0].length - 1] as number]);
        p += m[0].length - 1;
      }
    }
    digits = '';
    unitOf = [];
    groupStart = [];
    seps = 0;
  };
  for (let k = 0; k < flat.length; k++) {
    const code = flat.charCodeAt(k);
    const d = isAsciiDigit(code)
      ? (flat[k] as string)
      : (HANGUL_DIGIT_BY_CODE.get(code) ??
        (digits || isAsciiDigit(flat.charCodeAt(k + 1)) ? PHONE_LOOKALIKE_BY_CODE.get(code) : undefined));
    if (d !== undefined) {
      groupStart.push(digits === '' || seps > 0 || !isAsciiDigit(flat.charCodeAt(k - 1)));
      digits += d;
      unitOf.push(k);
      seps = 0;
    } else if (digits && PHONE_SEPARATOR.test(flat[k] as string) && ++seps <= MAX_SEPARATORS) {
      // a separator inside a number
    } else if (digits) {
      flush();
    }
  }
  flush();
  return spans;
}

// ---------------------------------------------------------------------------------------------
// Matching

/**
 * Calls `fn` with each match of a global regex in `s`, the matches String.prototype.matchAll
 * yields (an empty match moves on by one character, a code point with the u or v flag), without
 * matchAll's iterator and its clone of the regex, which cost more than the search on a chat text.
 * The regex's lastIndex is its own state, so each regex here is the detector's own (OWN_TEXT_RULES).
 */
function eachMatch(re: RegExp, s: string, fn: (m: RegExpExecArray) => void): void {
  if (!re.global) throw new TypeError('eachMatch needs a global RegExp');
  re.lastIndex = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    if (m[0] === '') {
      const at = re.lastIndex;
      const wide =
        (re.unicode || re.flags.includes('v')) && at + 1 < s.length && (s.codePointAt(at) as number) > 0xffff;
      re.lastIndex = at + (wide ? 2 : 1);
    }
    fn(m);
  }
}

/** The text rules with regexes of the detector's own (eachMatch moves their lastIndex). */
const OWN_TEXT_RULES = TEXT_RULES.map((rule) => ({ ...rule, re: new RegExp(rule.re.source, rule.re.flags) }));

// ---------------------------------------------------------------------------------------------

/** The text as stored (contract/text.ts normalizeText) and the flags in it, offsets in its UTF-16 units. */
export function detectSafety(raw: string): { text: string; flags: SafetyFlag[] } {
  const text = normalizeText(raw);
  if (!text) return { text, flags: [] };
  const flat = flatView(text);
  const flatText = flat.s;
  const found: SafetyFlag[] = [];
  const add = (kind: SafetyKind, from: number, to: number) => {
    if (from < flatText.length && to < flatText.length) {
      found.push({ kind, start: flat.start[from] as number, end: flat.end[to] as number });
    }
  };

  const letters = lettersOf(flat);
  const run = rulesToRun(letters.s);
  let safe: Array<[number, number]> | undefined;
  COMPILED.forEach(({ kind, re, notAfter }, index) => {
    if (!run[index]) return;
    eachMatch(re, letters.s, (m) => {
      const i = m.index;
      if (notAfter.some((w) => letters.s.endsWith(w, i))) return;
      const j = i + m[0].length - 1;
      if (!safe) {
        const spans: Array<[number, number]> = [];
        eachMatch(SAFE_RE, letters.s, (w) => spans.push([w.index, w.index + w[0].length - 1]));
        safe = spans;
      }
      if (safe.some(([a, b]) => i <= b && j >= a)) return;
      if (!standsAlone(letters, flatText, i, j)) return;
      add(kind, letters.at[i] as number, letters.at[j] as number);
    });
  });
  for (const { kind, re, notAfter } of OWN_TEXT_RULES) {
    eachMatch(re, flatText, (m) => {
      if (notAfter?.test(flatText[m.index - 1] ?? '')) return;
      const hit = m[1] ?? m[0];
      const from = m.index + m[0].indexOf(hit);
      const body = hit.trimEnd();
      if (body) add(kind, from, from + body.length - 1);
    });
  }
  for (const [from, to] of phoneSpans(flatText)) add('CONTACT', from, to);

  return { text, flags: mergeFlags(found).slice(0, SAFETY_MAX_FLAGS) };
}

/** Flags of one kind that overlap or touch become one; sorted by position. */
function mergeFlags(flags: SafetyFlag[]): SafetyFlag[] {
  flags.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: SafetyFlag[] = [];
  const open = new Map<SafetyKind, SafetyFlag>();
  for (const f of flags) {
    const same = open.get(f.kind);
    if (same && f.start <= same.end) {
      same.end = Math.max(same.end, f.end);
    } else {
      const flag = { ...f };
      out.push(flag);
      open.set(f.kind, flag);
    }
  }
  return out;
}

/** The kinds found in a text, each once, in SAFETY_KINDS order. */
export function safetyKindsOf(raw: string): SafetyKind[] {
  const found = new Set(detectSafety(raw).flags.map((f) => f.kind));
  return KIND_ORDER.filter((k) => found.has(k));
}
