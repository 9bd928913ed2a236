import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UI_FONT_FILE, interfaceChars } from '../../build/ui-font';

const src = path.resolve(__dirname, '..');

describe('the interface font', () => {
  it('holds every Hangul character of the app’s own text (the build cuts it again otherwise)', () => {
    const kept = readFileSync(path.join(src, 'assets/fonts', `${UI_FONT_FILE}.chars.txt`), 'utf8');
    const missing = [...interfaceChars([src])].filter((ch) => !kept.includes(ch));
    expect(missing.join('')).toBe('');
  });

  it('holds the symbols beyond ASCII the app’s text uses, so no page fetches a Pretendard subset for them', () => {
    const chars = interfaceChars([src]);
    // The footer's copyright line (ko.footer) is on every page.
    expect(chars).toContain('©');
  });
});
