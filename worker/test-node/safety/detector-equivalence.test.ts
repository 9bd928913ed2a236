// The fast safety detector answers exactly as the one before it (docs/safety.md "Cost per
// message"): the same text, the same flags, spans and order, for every text. The oracle is a frozen
// copy of the detector and of normalizeText as they were (detector-oracle.ts); both read the same
// rule data. Checked on every case of detector.node.test.ts, the labelled corpus and several thousand
// seeded texts built to hit every rule word in every spelling the detector reads through.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { normalizeText } from '../../src/contract/text';
import { detectSafety } from '../../src/contract/safety/detector';
import { SAFETY_KINDS } from '../../src/contract/safety/kinds';
import { HANGUL_DIGITS, SAFE_WORDS, WORD_RULES } from '../../src/contract/safety/rules';
import { seededRandom } from '../../../scripts/demo/random';
import { detectSafetyOracle, normalizeTextOracle } from './detector-oracle';

/** The project's seeded generator (scripts/demo/random.ts): the same texts on every run. */
function seeded(seed: number) {
  const r = seededRandom(seed);
  return { next: r.next, int: (n: number) => r.int(0, n - 1), pick: r.pick };
}
type Rng = ReturnType<typeof seeded>;

/** Every string literal in detector.node.test.ts: its cases, expected spans and clean sentences. */
function detectorTestStrings(): string[] {
  const path = new URL('../../src/contract/safety/detector.node.test.ts', import.meta.url);
  const source = ts.createSourceFile('detector.node.test.ts', readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The generator's pieces

/** Every word the rules read: words, what must or must not follow or come before, safe words. */
const RULE_WORDS = [
  ...new Set(
    WORD_RULES.flatMap((r) => [...r.words, ...(r.then ?? []), ...(r.unless ?? []), ...(r.notAfter ?? [])]).concat(
      SAFE_WORDS,
    ),
  ),
].filter(Boolean);
const RULE_HEADS = [...new Set(WORD_RULES.flatMap((r) => r.words))];

const CHO = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const JUNG = 'ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ';
const JONG = ' ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ';
/** A syllable typed as its compatibility jamo (카 → ㅋㅏ), which the detector composes back. */
function splitSyllable(ch: string): string {
  const n = (ch.codePointAt(0) ?? 0) - 0xac00;
  if (n < 0 || n > 11171) return ch;
  const jong = JONG[n % 28] as string;
  return `${CHO[Math.floor(n / 588)]}${JUNG[Math.floor((n % 588) / 28)]}${jong === ' ' ? '' : jong}`;
}
const LOOKALIKES: Record<string, string[]> = {
  a: ['а', 'α', 'ᴀ', 'A', 'ａ', '4'],
  b: ['в', 'β', 'ʙ', 'B'],
  c: ['с', 'ᴄ', 'C', 'ｃ'],
  e: ['е', 'ё', 'ε', 'ᴇ', 'E', '3'],
  i: ['і', 'ι', 'ɪ', 'I', '1', '|'],
  k: ['к', 'κ', 'ᴋ', 'K', 'ｋ'],
  l: ['1', 'ʟ', 'L', '|'],
  o: ['о', 'ο', 'ᴏ', 'O', '0', 'ｏ'],
  s: ['ѕ', 'ꜱ', 'S', '5', 'ｓ'],
  t: ['т', 'τ', 'ᴛ', 'T', '7'],
  x: ['х', 'χ', 'X'],
  y: ['у', 'ʏ', 'Y'],
  '0': ['０', 'O', 'o', 'ㅇ', '공', '영'],
  '1': ['１', 'l', 'I', '|', '일'],
  '.': ['。', '점', '쩜', '닷', '(.)', '[dot]'],
  '@': ['＠'],
};
const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\ufeff', '\u00ad', '\u2060', '\u3164', '\u115f', '\ufe0f', '\u202e'];
const SEPARATORS = [' ', ' ', '  ', '.', '-', '_', '*', '/', '~', '·', ',', '1', '3', '!', '\n', '\t', '  .  ', '♡'];
const DIGIT_WORDS = Object.keys(HANGUL_DIGITS);
// prettier-ignore
const FILLER = [
  '안녕하세요', '오늘', '저녁', '같이', '먹어요', '좋아요', '진짜', '그래서', '주말에', '카페', '라떼', '7시', '반', '2번 출구',
  '1992년생', '180cm', 'ok', 'lol', 'Netflix', 'MBTI', 'ㅋㅋㅋ', 'ㅎㅎ', 'ㅠㅠ', '^^', '😀', '🥰', '👍🏻', '❤️', '👨‍👩‍👧', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '🖕',
  'ㅗ', 'ㅗㅗ', '?', '!', '...', '~', '010', '-', '82', '+82', '공일공', '만원', '30만원만', '보내', '원', 'http://', 'https://a.b/c',
  'www', '.com', '.kr', 'bit.ly/', '@', 'naver', 'gmail', 'id:', '아이디', 'kakao', 'minji_92', 'x', '㎏', 'ﬁ', '①', '㈜', 'ﾡ', 'ﾟ',
  'e\u0301', '\u1100\u1161', 'Å', '\ud800', '\udc00x', '\u0007', '\u0085', '\u2028', '\u00a0', '\u3000', 'Ⅻ', 'ß', 'İ', 'ǅ',
  // emoji sequences the grapheme segmenter joins (flags, keycaps, skin tones, ZWJ with selectors),
  // marks and jamo that join what stands before them, CR LF, a prepended mark
  '🇰🇷', '🇰', '🇯🇵🇰', '1️⃣', '#️⃣', '👍🏽', '❤️‍🔥', '🏳️‍🌈', '👩🏻‍❤️‍👨🏿', '☺️', '♥︎', '\u200d👧', 'a\u0301\u200d', '\r\n', '\u1100\u1161\u11a8',
  '가\u11a8', '\u0d4ea', '\u0d4e가', '\u20e3', '🖕🏻', '\ufe0f\ufe0f', ' \ufe0f', '\n\ufe0f',
  // variation selectors after what may or may not be their base
  '✌️', 'a\ufe0e', '가\ufe0f', '\ud800\ufe0f', '\udc00\ufe0f', '\u3164\ufe0f', '\u2800\ufe0f', 'ㅋ\u2800\ufe0f', '\u2028\ufe0f', '\u0d4e\ufe0f', '\u200b\ufe0f', '\u0301\ufe0f', 'ㅋ\u{e0100}', '\t\ufe0f',
  // format characters that are not default-ignorable (Arabic number sign, interlinear annotation)
  '\u0600', '\ufff9', '\u{110bd}', '\u{e0001}', '\u180e',
];

const fullWidth = (s: string) =>
  [...s].map((c) => (c >= '!' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('');

/** A rule word spelled the way evasions spell it. */
function disguise(rng: Rng, word: string): string {
  let w = word;
  if (rng.next() < 0.2) w = fullWidth(w);
  if (rng.next() < 0.15) w = w.toUpperCase();
  if (rng.next() < 0.25) w = [...w].map((c) => (rng.next() < 0.5 ? splitSyllable(c) : c)).join('');
  const chars = [...w];
  let out = '';
  chars.forEach((c, i) => {
    const looks = LOOKALIKES[c.toLowerCase()];
    out += looks && rng.next() < 0.25 ? rng.pick(looks) : c;
    if (i < chars.length - 1) {
      const r = rng.next();
      if (r < 0.12) out += rng.pick(SEPARATORS);
      else if (r < 0.2) out += rng.pick(ZERO_WIDTH);
    }
  });
  return out;
}

/** A phrase one word rule is written for: one of its words, one of what must follow, sometimes what must not. */
function rulePhrase(rng: Rng): string {
  const rule = rng.pick(WORD_RULES);
  const before = rule.notAfter?.length && rng.next() < 0.2 ? rng.pick(rule.notAfter) : '';
  const then = rule.then?.length ? rng.pick(rule.then) : '';
  const after = rule.unless?.length && rng.next() < 0.2 ? rng.pick(rule.unless) : '';
  return disguise(rng, `${before}${rng.pick(rule.words)}${then}${after}`);
}

function phone(rng: Rng): string {
  const head = rng.pick(['010', '011', '016', '070', '+82 10', '82-10', '1O', 'O1O', '공일공', '영일영']);
  const digit = () => (rng.next() < 0.3 ? rng.pick(DIGIT_WORDS) : String(rng.int(10)));
  const group = (n: number) => Array.from({ length: n }, digit).join('');
  const sep = () => rng.pick(['', '-', ' ', '.', ' - ', '에', '/', '  ', '‐', '−', ')(']);
  return `${head}${sep()}${group(3 + rng.int(2))}${sep()}${group(4 - rng.int(2))}`;
}

function text(rng: Rng): string {
  const parts: string[] = [];
  const n = 1 + rng.int(7);
  for (let k = 0; k < n; k++) {
    const r = rng.next();
    if (r < 0.15) parts.push(disguise(rng, rng.pick(RULE_HEADS)));
    else if (r < 0.3) parts.push(rulePhrase(rng));
    else if (r < 0.45) parts.push(disguise(rng, rng.pick(RULE_WORDS)));
    else if (r < 0.5) parts.push(phone(rng));
    else if (r < 0.55) parts.push(Array.from({ length: 1 + rng.int(12) }, () => rng.pick(DIGIT_WORDS)).join(''));
    else if (r < 0.62) parts.push(String.fromCharCode(0xac00 + rng.int(11172)).repeat(1 + rng.int(2)));
    else if (r < 0.67) parts.push(String.fromCharCode(0x3131 + rng.int(0x5e)));
    else parts.push(rng.pick(FILLER));
  }
  // words run together as often as they are spaced, and sometimes with symbols between
  return parts.reduce(
    (s, p) => s + (s ? rng.pick(['', ' ', ' ', '  ', '.', ', ', '\n', rng.pick(ZERO_WIDTH)]) : '') + p,
    '',
  );
}

const rng = seeded(26);
const GENERATED = Array.from({ length: 6000 }, () => text(rng));
const LONG = Array.from({ length: 20 }, () => Array.from({ length: 40 }, () => text(rng)).join(' '));

/** The texts where the fast detector or normalizeText answers otherwise than the oracle. */
function differing(texts: readonly string[], oracle = texts.map(detectSafetyOracle)): string[] {
  return texts
    .filter((t, k) => {
      const got = detectSafety(t);
      return JSON.stringify(got) !== JSON.stringify(oracle[k]) || normalizeText(t) !== normalizeTextOracle(t);
    })
    .map((t) => JSON.stringify(t));
}

// Several seconds on a busy machine: the oracle is the slow detector.
const SLOW = 60_000;

describe('the fast detector answers as the oracle', () => {
  it('on every string of detector.node.test.ts', () => {
    const strings = detectorTestStrings();
    expect(strings.length).toBeGreaterThan(150);
    expect(differing(strings)).toEqual([]);
  });

  it('on the labelled corpus', () => {
    const corpus = JSON.parse(readFileSync(new URL('../../../bench/safety/corpus.json', import.meta.url), 'utf8'));
    expect(differing((corpus as Array<{ text: string }>).map((e) => e.text))).toEqual([]);
  });

  it(
    'on 6,000 seeded texts of rule words in every spelling, numbers, jamo, emoji and symbols, and 20 long ones',
    () => {
      // The texts reach every kind and many flags, so a pre-check that skipped too much would show.
      const oracle = GENERATED.map(detectSafetyOracle);
      const flagged = oracle.filter((r) => r.flags.length > 0);
      expect(flagged.length).toBeGreaterThan(GENERATED.length / 3);
      const kinds = new Set(flagged.flatMap((r) => r.flags.map((f) => f.kind)));
      expect([...kinds].sort()).toEqual([...SAFETY_KINDS].sort());
      expect(differing(GENERATED, oracle)).toEqual([]);
      expect(differing(LONG)).toEqual([]);
    },
    SLOW,
  );
});
