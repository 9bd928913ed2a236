// The safety detector as it was before its fast path (2026-11-27, issue 26): a frozen copy of
// worker/src/contract/safety/detector.ts and of contract/text.ts normalizeText at that commit, kept
// as the ORACLE the fast versions are checked against (detector-equivalence.test.ts) and timed
// against (bench/safety/detector-speed.ts --oracle). It reads the same rule data (rules.ts,
// profanity-words.ts), so a changed word list changes both. Do not optimise it; if the detector's
// verdicts are changed on purpose, change this copy the same way.
//
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
import { isInvisibleMark } from '../../src/contract/text';
import type { SafetyKind } from '../../src/contract/safety/kinds';
import {
  HANGUL_DIGITS,
  PHONE_SHAPES,
  SAFE_WORDS,
  TEXT_RULES,
  WORD_RULES,
  type WordRule,
} from '../../src/contract/safety/rules';

// ---------------------------------------------------------------------------------------------
// normalizeText as it was (contract/text.ts), every text through the grapheme segmenter

const DRAWS_NOTHING = /^[\p{Default_Ignorable_Code_Point}\p{Cf}]$/u;
const drawsNothing = (cp: number) => cp > 0x7f && DRAWS_NOTHING.test(String.fromCodePoint(cp));
const BIDI_CONTROLS = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
]);
const BLANK_LOOKING = new Set([0x115f, 0x1160, 0x3164, 0xffa0, 0x2800]);
const ZWJ = 0x200d;
const BLACK_FLAG = 0x1f3f4;
const isVariationSelector = (cp: number) => (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
const isTag = (cp: number) => cp >= 0xe0020 && cp <= 0xe007f;
const isControl = (cp: number) =>
  (cp < 0x20 && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d) || (cp >= 0x7f && cp <= 0x9f);
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
const EMOJI_MODIFIER = /^\p{Emoji_Modifier}$/u;
const isPictographic = (cp: number | undefined) => cp !== undefined && PICTOGRAPHIC.test(String.fromCodePoint(cp));
const isModifier = (cp: number | undefined) => cp !== undefined && EMOJI_MODIFIER.test(String.fromCodePoint(cp));
const segmenter = new Intl.Segmenter('ko', { granularity: 'grapheme' });

function visibleCodePoints(cluster: string): string {
  const cps = [...cluster].map((ch) => ch.codePointAt(0) ?? 0);
  const emoji = isPictographic(cps[0]);
  let kept = '';
  let base = false;
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
      kept += String.fromCodePoint(cp);
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

const EDGE_BLANK = /^[\s\u115f\u1160\u3164\uffa0\u2800]+|[\s\u115f\u1160\u3164\uffa0\u2800]+$/gu;

export function normalizeTextOracle(raw: string): string {
  let out = '';
  for (const { segment } of segmenter.segment(raw.normalize('NFC'))) out += visibleCodePoints(segment);
  return out.replace(EDGE_BLANK, '');
}
const normalizeText = normalizeTextOracle;

export type SafetyFlag = { kind: SafetyKind; start: number; end: number };

/** At most this many flags are answered for one text. */
const SAFETY_MAX_FLAGS = 20;

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
const LATIN = /[a-z]/;
const DIGIT = /[0-9]/;

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

/** One character of the flat view and the span of `text` it came from. */
type Unit = { c: string; start: number; end: number };

/** Composes runs of compatibility jamo into syllables (ㅋㅏㅋㅏㅇㅗㅌㅗㄱ → 카카오톡). */
function composeJamo(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  for (let i = 0; i < units.length; i++) {
    const u = units[i] as Unit;
    const cho = CHO.indexOf(u.c);
    // a consonant and its vowel, maybe with a space between them (ㅋ ㅏ 톡)
    const gap = units[i + 1]?.c === ' ' && JUNG.includes(units[i + 2]?.c ?? '') ? 1 : 0;
    const next = units[i + 1 + gap];
    if (cho < 0 || !next || !JUNG.includes(next.c)) {
      out.push(u);
      continue;
    }
    let vowel = next.c;
    let j = i + 2 + gap;
    const pair = COMPOUND_VOWELS[vowel + (units[j]?.c ?? '')];
    if (pair) {
      vowel = pair;
      j++;
    }
    let jong = 0;
    const fin = units[j];
    const afterFin = units[j + 1];
    if (fin && fin.c !== ' ' && JONG.indexOf(fin.c) > 0 && !(afterFin && JUNG.includes(afterFin.c))) {
      jong = JONG.indexOf(fin.c);
      j++;
    }
    const syllable = String.fromCharCode(0xac00 + (cho * 21 + JUNG.indexOf(vowel)) * 28 + jong);
    out.push({ c: syllable, start: u.start, end: (units[j - 1] as Unit).end });
    i = j - 1;
  }
  return out;
}

/** The flat view: one unit per UTF-16 code unit of its string. */
function flatUnits(text: string): Unit[] {
  const units: Unit[] = [];
  let i = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const start = i;
    i += ch.length;
    if (cp >= 0x80 && isInvisibleMark(ch)) continue;
    const folded = fold(ch, cp);
    for (let k = 0; k < folded.length; k++) units.push({ c: folded[k] as string, start, end: i });
  }
  return composeJamo(units);
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

function lettersOf(flat: Unit[]): Letters {
  let s = '';
  const at: number[] = [];
  const spaced: boolean[] = [];
  let sawSpace = false;
  flat.forEach((u, k) => {
    let c = u.c;
    if (DIGIT.test(c)) {
      const latinNext = LATIN.test(flat[k - 1]?.c ?? '') || LATIN.test(flat[k + 1]?.c ?? '');
      const asLetter = DIGIT_LETTERS[c];
      if (!latinNext || !asLetter) return;
      c = asLetter;
    } else if (c === ' ') {
      sawSpace = true;
      return;
    } else if (!LETTER.test(c)) {
      return;
    }
    s += c;
    at.push(k);
    spaced.push(sawSpace);
    sawSpace = false;
  });
  return { s, at, spaced };
}

/** Letters further apart than this in the flat view (a long run of symbols) are not one word. */
const MAX_GAP = 4;

const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternatives = (ws: readonly string[]) =>
  [...new Set(ws.map((w) => w.toLowerCase().replace(/\s+/g, '')))]
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

const isWordChar = (u: Unit | undefined) => u !== undefined && WORD_CHAR.test(u.c);

/** Whether letters [i, j] read as one word or phrase (see the module comment). */
function standsAlone(l: Letters, flat: Unit[], i: number, j: number): boolean {
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
  if (isWordChar(flat[(l.at[i] as number) - 1])) return false;
  // A short letter-spaced match ('씨 발') whose last piece is one letter must end its word there
  // ('씨 발라' is not '씨발', '병 신경' not '병신').
  const letterSpaced = firstPiece === 1 && j - i < 2;
  return !letterSpaced || j > lastPiece || !isWordChar(flat[(l.at[j] as number) + 1]);
}

// ---------------------------------------------------------------------------------------------
// Phone numbers

const PHONE_LOOKALIKES: Readonly<Record<string, string>> = { o: '0', ㅇ: '0', l: '1', i: '1', '|': '1' };
const PHONE_SEPARATOR = /[\s\-.()/_~·,+:*#\u2010-\u2015\u2212에]/;
/** More separator characters than this in a row end a number. */
const MAX_SEPARATORS = 3;

function phoneSpans(flat: Unit[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let digits = '';
  let unitOf: number[] = [];
  let groupStart: boolean[] = [];
  let seps = 0;
  const flush = () => {
    if (digits.length >= 10) {
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
  flat.forEach((u, k) => {
    const nextIsDigit = DIGIT.test(flat[k + 1]?.c ?? '');
    const d = DIGIT.test(u.c)
      ? u.c
      : (HANGUL_DIGITS[u.c] ?? (digits || nextIsDigit ? PHONE_LOOKALIKES[u.c] : undefined));
    if (d !== undefined) {
      groupStart.push(digits === '' || seps > 0 || !DIGIT.test(flat[k - 1]?.c ?? ''));
      digits += d;
      unitOf.push(k);
      seps = 0;
    } else if (digits && PHONE_SEPARATOR.test(u.c) && ++seps <= MAX_SEPARATORS) {
      // a separator inside a number
    } else {
      flush();
    }
  });
  flush();
  return spans;
}

// ---------------------------------------------------------------------------------------------

/** The text as stored (contract/text.ts normalizeText) and the flags in it, offsets in its UTF-16 units. */
export function detectSafetyOracle(raw: string): { text: string; flags: SafetyFlag[] } {
  const text = normalizeText(raw);
  if (!text) return { text, flags: [] };
  const flat = flatUnits(text);
  const flatText = flat.map((u) => u.c).join('');
  const found: SafetyFlag[] = [];
  const add = (kind: SafetyKind, from: number, to: number) => {
    const a = flat[from];
    const b = flat[to];
    if (a && b) found.push({ kind, start: a.start, end: b.end });
  };

  const letters = lettersOf(flat);
  const safe: Array<[number, number]> = [];
  for (const m of letters.s.matchAll(SAFE_RE)) safe.push([m.index, m.index + m[0].length - 1]);
  for (const { kind, re, notAfter } of COMPILED) {
    for (const m of letters.s.matchAll(re)) {
      const i = m.index;
      if (notAfter.some((w) => letters.s.endsWith(w, i))) continue;
      const j = i + m[0].length - 1;
      if (safe.some(([a, b]) => i <= b && j >= a)) continue;
      if (!standsAlone(letters, flat, i, j)) continue;
      add(kind, letters.at[i] as number, letters.at[j] as number);
    }
  }
  for (const { kind, re, notAfter } of TEXT_RULES) {
    for (const m of flatText.matchAll(re)) {
      if (notAfter?.test(flatText[m.index - 1] ?? '')) continue;
      const hit = m[1] ?? m[0];
      const from = m.index + m[0].indexOf(hit);
      const body = hit.trimEnd();
      if (body) add(kind, from, from + body.length - 1);
    }
  }
  for (const [from, to] of phoneSpans(flat)) add('CONTACT', from, to);

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
