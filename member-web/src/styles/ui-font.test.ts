import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UI_FONT_FEATURES, UI_FONT_FILE, interfaceChars, interfaceSources } from '../../build/ui-font';

const src = path.resolve(__dirname, '..');

describe('the interface font', () => {
  it('holds every Hangul character of the app’s own text (the build cuts it again otherwise)', () => {
    const kept = readFileSync(path.join(src, 'assets/fonts', `${UI_FONT_FILE}.chars.txt`), 'utf8');
    const missing = [...interfaceChars(interfaceSources(path.resolve(src, '..')))].filter((ch) => !kept.includes(ch));
    expect(missing.join('')).toBe('');
    // The card's labels from the API too: a reason, a district, a tag.
    for (const ch of '활동같은울산봉평여행촬영') expect(kept).toContain(ch);
  });

  it('keeps every OpenType feature the app’s style sheets turn on, and was cut with the kept list', () => {
    const sheets = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) return sheets(file);
        return name.endsWith('.css') ? [readFileSync(file, 'utf8')] : [];
      });
    const asked = new Set<string>();
    for (const css of sheets(src)) {
      if (/font-variant-numeric:[^;]*tabular-nums/.test(css)) asked.add('tnum');
      if (/font-variant-numeric:[^;]*(?:diagonal|stacked)-fractions/.test(css)) asked.add('frac');
      if (/font-variant-caps|font-variant-ligatures:[^;]*discretionary|font-variant-alternates/.test(css))
        asked.add('?');
      for (const m of css.matchAll(/font-feature-settings:([^;]+)/g))
        for (const tag of (m[1] ?? '').matchAll(/["']([a-z0-9]{4})["']/g)) asked.add(tag[1] ?? '');
    }
    expect(asked.has('tnum')).toBe(true); // the call and voice timers
    expect([...asked].filter((f) => !(UI_FONT_FEATURES as readonly string[]).includes(f))).toEqual([]);
    const cut = readFileSync(path.join(src, 'assets/fonts', `${UI_FONT_FILE}.features.txt`), 'utf8');
    expect(cut).toBe(UI_FONT_FEATURES.join(' '));
  });

  it('holds the symbols beyond ASCII the app’s text uses, so no page fetches a Pretendard subset for them', () => {
    const chars = interfaceChars([src]);
    // The footer's copyright line (ko.footer) is on every page.
    expect(chars).toContain('©');
  });
});
