// The console's interface font (build/admin-font.ts): it must hold every character the login
// screens can show before the console's code (and Pretendard's subsets with it) has loaded — on a
// browser without a Korean font a character in no loaded face is a gap.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@contract/admin-auth';
import { UI_FONT_FEATURES, interfaceChars } from '../../../member-web/build/ui-font';
import { ADMIN_UI_FONT_EXTRA, ADMIN_UI_FONT_FILE, adminInterfaceSources } from '../../build/admin-font';
import { authKo } from '../i18n/ko-auth';

const adminWeb = path.resolve(__dirname, '../..');
const fonts = path.join(adminWeb, 'src/assets/fonts');
const kept = readFileSync(path.join(fonts, `${ADMIN_UI_FONT_FILE}.chars.txt`), 'utf8');
const rel = (files: string[]) => files.map((f) => path.relative(path.resolve(adminWeb, '..'), f));

/** Every string in a catalogue object, however deep. */
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

const lacking = (texts: string[]) => [...new Set(texts.join(''))].filter((ch) => !kept.includes(ch)).join('');

describe('the console’s interface font', () => {
  it('is cut from the code the entry imports statically: the login screens, not the console', () => {
    const sources = rel(adminInterfaceSources(adminWeb));
    for (const file of [
      'admin-web/src/main.tsx',
      'admin-web/src/boot.tsx',
      'admin-web/src/pages/LoginForm.tsx',
      'admin-web/src/pages/SecondFactorForm.tsx',
      'admin-web/src/i18n/ko-auth.ts',
      'admin-web/src/api/second-factor.ts',
      'worker/src/contract/admin-auth.ts',
      'worker/src/lib/errors.ts',
    ])
      expect(sources).toContain(file);
    // Loaded with import() once someone starts signing in, or after: Pretendard's subsets come with them.
    for (const file of ['admin-web/src/App.tsx', 'admin-web/src/api/auth-provider.ts', 'admin-web/src/i18n/ko.ts'])
      expect(sources).not.toContain(file);
  });

  it('holds every character of those sources (the build cuts it again otherwise)', () => {
    expect(lacking([interfaceChars(adminInterfaceSources(adminWeb), ADMIN_UI_FONT_EXTRA)])).toBe('');
  });

  it('draws every string of the login screens’ catalogue and the sign-in answers, and the password mask', () => {
    const texts = [
      ...strings(authKo).map((s) => s.replace(/%\{\w+\}/g, '')),
      ...strings(ADMIN_MESSAGES),
      // The Worker's generic answers (lib/errors.ts): a refused body, a limit, a failure.
      '입력한 내용을 다시 확인해 주세요.',
      '요청이 너무 많아요. 잠시 후 다시 시도해 주세요.',
      '잠시 문제가 생겼어요. 잠시 후 다시 시도해 주세요.',
      '•',
    ];
    expect(lacking(texts)).toBe('');
    // Typed addresses and codes: all of printable ASCII.
    for (let c = 0x20; c < 0x7f; c++) expect(kept).toContain(String.fromCharCode(c));
  });

  it('keeps the member font’s OpenType features, and the login style sheet uses it first', () => {
    expect(readFileSync(path.join(fonts, `${ADMIN_UI_FONT_FILE}.features.txt`), 'utf8')).toBe(
      UI_FONT_FEATURES.join(' '),
    );
    const css = readFileSync(path.join(adminWeb, 'src/pages/login.css'), 'utf8');
    expect(css).toContain(`url('../assets/fonts/${ADMIN_UI_FONT_FILE}')`);
    expect(css).toMatch(/font-display:\s*optional/);
    expect(css).toMatch(/font-family:\s*'Ongi Sans',\s*'Pretendard Variable'/);
    // Pretendard's style sheet (92 faces) is not in the first screen's code: it is the console's.
    const firstScreen = adminInterfaceSources(adminWeb).map((f) => readFileSync(f, 'utf8'));
    expect(firstScreen.some((code) => code.includes('pretendardvariable-dynamic-subset.css'))).toBe(false);
    expect(readFileSync(path.join(adminWeb, 'src/App.tsx'), 'utf8')).toContain('pretendardvariable-dynamic-subset.css');
  });
});
