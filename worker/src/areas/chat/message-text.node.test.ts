// The room's shortcut for plain text (message-text.ts) must answer exactly what the full rules
// (contract/chat.ts checkMessageContent) answer, for every text it takes.
import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS, checkMessageContent } from '../../contract/chat';
import { checkChatText } from './message-text';

/** A small deterministic generator (the same texts every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// Plain characters (the shortcut's), and others next to them that need the full rules.
const PLAIN = [' ', '\n', 'a', 'Z', '0', '!', '~', '(', '가', '힣', '안', '녕', 'ㅋ', 'ㅎ', 'ㄱ', 'ㅏ', 'ㆎ'];
const OTHER = [
  '\r',
  '\t',
  '\u3164',
  '\u115f',
  '\u200b',
  '\u202e',
  '\u1100\u1161',
  '\u11a8',
  'e\u0301',
  '👍',
  '👨‍👩‍👧',
  '\u00a0',
  '…',
  '\u0007',
];

describe('checkChatText', () => {
  it('answers as checkMessageContent for plain texts and for texts mixed with other characters', () => {
    const next = random(12);
    const texts: string[] = [];
    for (let i = 0; i < 3_000; i++) {
      const pool = i % 3 === 0 ? [...PLAIN, ...OTHER] : PLAIN;
      const length = Math.floor(next() * 12);
      texts.push(Array.from({ length }, () => pool[Math.floor(next() * pool.length)]).join(''));
    }
    for (const text of texts) expect(checkChatText(text), JSON.stringify(text)).toEqual(checkMessageContent(text));
  });

  it('counts, trims and refuses at the edges as the full rules do', () => {
    const max = CHAT_LIMITS.messageMaxChars;
    const cases = [
      '',
      ' ',
      '\n \n',
      '  안녕하세요!\n',
      'ㅋㅋㅋㅋ',
      '가'.repeat(max),
      '가'.repeat(max + 1),
      ` ${'a'.repeat(max)}\n`,
      'a'.repeat(max + 1),
      ' '.repeat(max * 16 + 1), // too long before anything is trimmed
      `${' '.repeat(max * 16)}가`,
      '가\u11a8', // a syllable and a trailing consonant jamo: one character, full path
      '\u3164', // Hangul filler alone is blank
    ];
    for (const text of cases) expect(checkChatText(text), JSON.stringify(text)).toEqual(checkMessageContent(text));
    expect(checkChatText(' 안녕 ')).toEqual({ ok: true, content: '안녕' });
    expect(checkChatText('가'.repeat(max + 1))).toEqual({ ok: false, code: 'TOO_LONG' });
    expect(checkChatText(' \n ')).toEqual({ ok: false, code: 'BLANK' });
  });
});
