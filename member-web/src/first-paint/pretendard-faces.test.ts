import { describe, expect, it } from 'vitest';
import { PRETENDARD_FACE } from '@contract/pretendard-faces';
import { addPretendardFaces } from './pretendard-faces';

/** What the browser's FontFace keeps of a face registered from script. */
class FakeFace {
  readonly unicodeRange: string;
  readonly display: string;
  readonly weight: string;
  readonly style: string;
  constructor(
    readonly family: string,
    readonly source: string,
    d: FontFaceDescriptors,
  ) {
    this.unicodeRange = d.unicodeRange ?? 'U+0-10FFFF';
    this.display = d.display ?? 'auto';
    this.weight = String(d.weight ?? 'normal');
    this.style = d.style ?? 'normal';
  }
}

/** document.fonts with the faces a page already has (its style sheets' and the shell's). */
function fontSet(existing: Array<{ family: string; unicodeRange: string }>) {
  const faces: Array<{ family: string; unicodeRange: string }> = [...existing];
  const set = {
    forEach: (fn: (f: FontFace) => void) => faces.forEach((f) => fn(f as FontFace)),
    add: (f: FontFace) => {
      faces.push(f);
      return set;
    },
  };
  return { fonts: set as unknown as FontFaceSet, faces };
}

const LIST = [
  ['/assets/PretendardVariable.subset.0-a.woff2', 'U+f9ca-fa0b, U+ff03-ff05, U+ff07'],
  ['/assets/PretendardVariable.subset.88-b.woff2', 'U+bd00-bdff'],
  ['/assets/PretendardVariable.subset.91-c.woff2', 'U+0-ff'],
] as const;

describe('addPretendardFaces', () => {
  it('registers every subset as Pretendard’s own style sheet declared it, optional, loaded only when used', () => {
    const { fonts, faces } = fontSet([{ family: '"Ongi Sans"', unicodeRange: 'U+0-10FFFF' }]);
    expect(addPretendardFaces(fonts, LIST, FakeFace as never)).toBe(3);
    const added = faces.slice(1) as unknown as FakeFace[];
    expect(added.map((f) => f.source)).toEqual(LIST.map(([href]) => `url(${href}) format('woff2-variations')`));
    for (const f of added) {
      expect(f.family).toBe(PRETENDARD_FACE.family);
      expect([f.display, f.weight, f.style]).toEqual(['optional', '45 920', 'normal']);
    }
    expect(added.map((f) => f.unicodeRange)).toEqual(LIST.map(([, range]) => range));
  });

  it('skips the subsets the shell already declared, however the browser writes their range', () => {
    const { fonts, faces } = fontSet([
      // As Chrome serializes a face of the shell's style element: upper case, single points as such.
      { family: '"Pretendard Variable"', unicodeRange: 'U+BD00-BDFF' },
      // Another family with the same range is not one of them.
      { family: 'Other', unicodeRange: 'U+F9CA-FA0B, U+FF03-FF05, U+FF07' },
    ]);
    expect(addPretendardFaces(fonts, LIST, FakeFace as never)).toBe(2);
    expect((faces.slice(2) as unknown as FakeFace[]).map((f) => f.unicodeRange)).toEqual([LIST[0][1], LIST[2][1]]);
    // A second call adds nothing.
    expect(addPretendardFaces(fonts, LIST, FakeFace as never)).toBe(0);
  });
});
