// The one description of Pretendard's subsets the app and the Worker share.
import { describe, expect, it } from 'vitest';
import { coversAny, faceRule, parseUnicodeRange, rangeKey } from './pretendard-faces';

describe('Pretendard faces', () => {
  it('reads a unicode-range however it is written', () => {
    expect(parseUnicodeRange('U+f9ca-fa0b, U+ff07,u+AC00-D7A3 ,U+4??')).toEqual([
      [0xf9ca, 0xfa0b],
      [0xff07, 0xff07],
      [0xac00, 0xd7a3],
      [0x400, 0x4ff],
    ]);
    expect(parseUnicodeRange('not a range')).toEqual([]);
    expect(rangeKey('U+F9CA-FA0B, U+FF07')).toBe(rangeKey('u+f9ca-fa0b,U+ff07-ff07'));
    expect(rangeKey('U+F9CA-FA0B')).not.toBe(rangeKey('U+F9CA-FA0C'));
  });

  it('tells whether a face draws one of some characters', () => {
    const face = parseUnicodeRange('U+bd00-bdff, U+3131');
    expect(coversAny(face, [0x41, 0xbdc1])).toBe(true);
    expect(coversAny(face, [0x41, 0xac00])).toBe(false);
  });

  it('writes the rule the Worker puts in a shell, its range from the parsed intervals only', () => {
    expect(faceRule('/assets/PretendardVariable.subset.88-CqX6JSgh.woff2', 'U+bd00-bdff, U+3131; } x')).toBe(
      "@font-face{font-family:'Pretendard Variable';font-style:normal;font-weight:45 920;font-display:optional;" +
        "src:url(/assets/PretendardVariable.subset.88-CqX6JSgh.woff2) format('woff2-variations');unicode-range:U+bd00-bdff}",
    );
  });
});
