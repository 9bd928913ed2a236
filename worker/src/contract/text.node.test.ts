// The text rules themselves, run in workerd (the Worker's own Intl.Segmenter).
import { describe, expect, it } from 'vitest';
import { canonicalInterest } from './enums';
import { feedbackBody } from './feedback';
import { groupDigits } from './numbers';
import { isValidName, normalizeName, normalizeText, sliceChars, textLength } from './text';

const FAMILY = '👨‍👩‍👧';

describe('normalizeText', () => {
  it('finds nothing visible in zero-width, direction-control and Hangul-filler text', () => {
    expect(normalizeText('\u200b\u200c\u200d\u2060\ufeff\u180e')).toBe('');
    expect(normalizeText(' \u200b \u200b ')).toBe('');
    expect(normalizeText('\u202e\u202d\u2066\u2069\u200e\u200f\u061c')).toBe('');
    expect(normalizeText('\u3164\u3164 \uffa0\u115f\u1160')).toBe('');
    // docs/api-extensions.md "Text rules": blank Braille, deprecated format characters, language tags, other ignorables.
    expect(normalizeText('\u2800')).toBe('');
    expect(normalizeText('\u206e\u206f\u206a')).toBe('');
    expect(normalizeText('\u{e0001}\u{e0067}')).toBe('');
    expect(normalizeText('\u180b\u{1d173}\u{1bca0} \u2800\u3164')).toBe('');
    expect(normalizeText('\u2800안녕\u206e하세요\u2800')).toBe('안녕하세요');
  });

  it('drops invisible characters inside text but keeps an emoji family joined', () => {
    expect(normalizeText('안\u200b녕\u202e하세요')).toBe('안녕하세요');
    expect(normalizeText(`우리 가족 ${FAMILY}`)).toBe(`우리 가족 ${FAMILY}`);
    expect(normalizeText('a\u200db')).toBe('ab');
    expect(normalizeText('❤️ 좋아요')).toBe('❤️ 좋아요');
    expect(normalizeText('\ufe0f좋아요')).toBe('좋아요');
  });

  it('composes Hangul jamo into syllables (NFC)', () => {
    const jamo = '\u1100\u1161\u1102\u1161'; // 가나 typed as conjoining jamo
    expect(normalizeText(jamo)).toBe('가나');
    expect(textLength(jamo)).toBe(2);
  });
});

describe('textLength', () => {
  it('counts what a person sees', () => {
    expect(textLength(FAMILY)).toBe(1);
    expect(textLength('😀'.repeat(40))).toBe(40);
    expect('😀'.repeat(40).length).toBe(80);
    expect(textLength('한글 abc')).toBe(6);
  });

  it('sliceChars never cuts an emoji in half', () => {
    expect(sliceChars(`${FAMILY}${FAMILY}가`, 2)).toBe(`${FAMILY}${FAMILY}`);
  });
});

describe('names', () => {
  it('accepts letters of any script, digits, single spaces and a little punctuation', () => {
    for (const name of ['김온기', 'Jean-Luc', "O'Neil", '마리·안', 'user_01', 'Ана Мария', 'J. Kim']) {
      expect(isValidName(normalizeName(name)), name).toBe(true);
    }
    expect(normalizeName('  김   온기  ')).toBe('김 온기');
  });

  it('refuses direction controls, fillers, symbols and names with no letter', () => {
    expect(isValidName(normalizeName('\u202e자리관'))).toBe(false);
    expect(isValidName(normalizeName('관리자\u2067'))).toBe(false);
    expect(isValidName(normalizeName('김\u3164온기'))).toBe(false);
    expect(isValidName(normalizeName('온기😀'))).toBe(false);
    expect(isValidName(normalizeName('...'))).toBe(false);
    expect(normalizeName('\u200b\u200b\u200b')).toBe('');
  });
});

describe('feedbackBody counts characters, not UTF-16 units', () => {
  it('accepts 40 emoji as a title and refuses 41', () => {
    expect(feedbackBody.safeParse({ title: '😀'.repeat(40), content: '내용' }).success).toBe(true);
    expect(feedbackBody.safeParse({ title: '😀'.repeat(41), content: '내용' }).success).toBe(false);
    expect(feedbackBody.safeParse({ title: FAMILY.repeat(40), content: '내용' }).success).toBe(true);
  });
});

describe('canonicalInterest', () => {
  it("reads the original client's labels as Ongi's", () => {
    expect(canonicalInterest('디지털 기술')).toBe('디지털 기기');
    expect(canonicalInterest(' 사진 촬영 ')).toBe('사진');
    expect(canonicalInterest('테크놀로지')).toBe('과학기술');
    expect(canonicalInterest('독서')).toBe('독서');
  });
});

describe('groupDigits', () => {
  it("writes a whole number as toLocaleString('ko-KR') does, without Intl", () => {
    for (const n of [0, 7, 999, 1_000, 12_345, 100_000, 1_234_567, -1_000, Number.MAX_SAFE_INTEGER, 1.5]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('ko-KR'));
    }
    expect(groupDigits(1_000)).toBe('1,000');
    expect(groupDigits(-1_234_567)).toBe('-1,234,567');
  });
});
