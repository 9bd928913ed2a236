// The interface font's two faces (build/ui-font.ts): the first-screen face holds exactly the prerendered
// first screens' characters (with ASCII and the extra symbols), the rest face the sources' others.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  REST_FONT_FILE,
  UI_FONT_FILE,
  faceChars,
  firstScreenChars,
  interfaceChars,
  restChars,
  unicodeRange,
} from '../../build/ui-font';
import { PRERENDERED, prerender, prerenderList, prerenderListSamples } from '../first-paint/prerender';

const src = path.resolve(__dirname, '..');
const kept = (file: string) => readFileSync(path.join(src, 'assets/fonts', `${file}.chars.txt`), 'utf8');

/** The first screens' markup as the build renders it (src/first-paint/prerender-plugin.ts `firstScreens`). */
async function shells(): Promise<string[]> {
  const out: string[] = [];
  for (const page of PRERENDERED) {
    if (page.member) localStorage.setItem('accessToken', 'member-token');
    try {
      out.push(await prerender(page.path, page.member));
    } finally {
      localStorage.removeItem('accessToken');
    }
    const list = await prerenderList(page.path);
    if (list) out.push(list.empty, list.list, list.item);
    const samples = await prerenderListSamples(page.path);
    if (samples) out.push(samples);
  }
  return out;
}

describe('the interface font', () => {
  it('holds every Hangul character of the app’s own text in one of its faces (the build cuts them again otherwise)', () => {
    const held = kept(UI_FONT_FILE) + kept(REST_FONT_FILE);
    const missing = [...interfaceChars([src])].filter((ch) => !held.includes(ch));
    expect(missing.join('')).toBe('');
  });

  it('holds the symbols beyond ASCII the app’s text uses, so no page fetches a Pretendard subset for them', () => {
    const chars = interfaceChars([src]);
    // The footer's copyright line (ko.footer) is on every page.
    expect(chars).toContain('©');
  });

  it('has a first-screen face with exactly the characters of the prerendered first screens, and a rest face without them', async () => {
    const wanted = faceChars(await shells(), [src]);
    // A first screen showing a character outside the kept face fails here: build again and commit the font.
    expect([...wanted.first].filter((ch) => !kept(UI_FONT_FILE).includes(ch)).join('')).toBe('');
    expect(kept(UI_FONT_FILE)).toBe(wanted.first);
    // The rest face: the sources' other characters (and those it held before), none of the first-screen face's.
    expect([...wanted.rest].filter((ch) => !kept(REST_FONT_FILE).includes(ch)).join('')).toBe('');
    expect([...kept(REST_FONT_FILE)].filter((ch) => wanted.first.includes(ch)).join('')).toBe('');
  });
});

describe('the split by character', () => {
  it('puts ASCII, the extra symbols and every character beyond ASCII of the markup in the first-screen face', () => {
    const first = firstScreenChars(['<p title="메뉴">오늘의&nbsp;인연\u00a0©</p>']);
    for (const ch of ['A', '~', ' ', '…', '→', '메', '뉴', '오', '늘', '의', '인', '연', '\u00a0', '©']) expect(first).toContain(ch);
    expect(first).not.toContain('가');
    expect(first).not.toContain('\n');
  });

  it('leaves the rest face only what the first-screen face lacks, in order', () => {
    expect(restChars('가나다ABC', firstScreenChars(['나']))).toBe('가다');
    expect(restChars('가나', firstScreenChars(['가나']))).toBe('');
  });

  it('writes the rest face’s characters as a unicode-range, runs as ranges', () => {
    expect(unicodeRange('가각갂나§')).toBe('U+A7, U+AC00-AC02, U+B098');
    expect(unicodeRange('')).toBe('');
  });

});
