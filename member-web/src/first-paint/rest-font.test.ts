// The interface font's rest face is fetched after the first paint, at low priority, and loaded from
// that file before any text waits for it (src/first-paint/rest-font.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRestFont, restFace } from './rest-font';

const HREF = '/assets/ongi-sans-rest-AbCd1234.woff2';

function face(unicodeRange: string, status: FontFaceLoadStatus = 'unloaded') {
  return { family: '"Ongi Sans"', unicodeRange, status, load: vi.fn(() => Promise.resolve()) } as unknown as FontFace & {
    load: ReturnType<typeof vi.fn>;
  };
}

function withFonts(faces: FontFace[]) {
  Object.defineProperty(document, 'fonts', { value: faces, configurable: true });
}

const fontPreloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')];

afterEach(() => {
  for (const link of fontPreloads()) link.remove();
  Reflect.deleteProperty(document, 'fonts');
});

describe('the interface font’s rest face', () => {
  it('is the family’s face with a unicode-range, not the first-screen face', () => {
    const first = face('U+0-10FFFF');
    const rest = face('U+AC01, U+AC08');
    expect(restFace([first, rest])).toBe(rest);
    expect(restFace([first])).toBeUndefined();
    expect(restFace(undefined)).toBeUndefined();
  });

  it('is fetched at low priority after the paint and loaded once its file is there', () => {
    const rest = face('U+AC01');
    withFonts([face('U+0-10FFFF'), rest]);
    loadRestFont(document, HREF);
    const [link] = fontPreloads();
    expect(link?.getAttribute('href')).toBe(HREF);
    expect(link?.getAttribute('fetchpriority')).toBe('low');
    expect(link?.getAttribute('crossorigin')).toBe('');
    expect(link?.type).toBe('font/woff2');
    expect(rest.load).not.toHaveBeenCalled();
    link?.dispatchEvent(new Event('load'));
    expect(rest.load).toHaveBeenCalledTimes(1);
  });

  it('is left to a shell that preloads it already (a page without a first screen), and to text that asked for it', () => {
    const rest = face('U+AC01');
    withFonts([rest]);
    const shellLink = document.createElement('link');
    for (const [name, value] of Object.entries({ rel: 'preload', as: 'font', href: HREF })) shellLink.setAttribute(name, value);
    document.head.append(shellLink);
    loadRestFont(document, HREF);
    expect(fontPreloads()).toHaveLength(1);
    shellLink.remove();
    withFonts([face('U+AC01', 'loading')]);
    loadRestFont(document, HREF);
    expect(fontPreloads()).toHaveLength(0);
  });

  it('does nothing without the font loading API', () => {
    loadRestFont(document, HREF);
    expect(fontPreloads()).toHaveLength(0);
  });
});
