// Emoji draw in colour on every system: the app's font stack ends with the colour
// emoji fonts of Apple, Windows and Android/Linux.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the font stack', () => {
  it('names a colour-emoji font for each platform after the text fonts', () => {
    const css = readFileSync(path.join(__dirname, 'tokens.css'), 'utf8');
    const stack = /--font-sans:([^;]+);/.exec(css)?.[1] ?? '';
    for (const font of ['Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji'])
      expect(stack).toContain(`'${font}'`);
    expect(stack.indexOf('Apple Color Emoji')).toBeGreaterThan(stack.indexOf('Noto Sans KR'));
  });
});
