// The interface font's rest face is fetched after the first paint, at low priority, and loaded from
// that file before any text waits for it (src/first-paint/rest-font.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { atMost, loadRestFont, restFace } from './rest-font';

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

  it('tells when the face has loaded; a takeover waits for that at most its time', async () => {
    let loaded: () => void = () => undefined;
    const rest = face('U+AC01');
    rest.load.mockReturnValue(new Promise<void>((r) => (loaded = r)));
    withFonts([rest]);
    const preload = document.createElement('link');
    for (const [name, value] of Object.entries({ rel: 'preload', as: 'font', href: HREF })) preload.setAttribute(name, value);
    document.head.append(preload);
    let done = false;
    const ready = loadRestFont(document, HREF).then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    loaded();
    await ready;
    expect(done).toBe(true);
    // Without the face, at once; a face that never comes, after the time given.
    withFonts([]);
    await expect(loadRestFont(document, HREF)).resolves.toBeUndefined();
    vi.useFakeTimers();
    try {
      let waited = false;
      const wait = atMost(new Promise(() => undefined), 500).then(() => (waited = true));
      await vi.advanceTimersByTimeAsync(499);
      expect(waited).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await wait;
      expect(waited).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is loaded from a preload already there (the first-paint script’s, or a shell’s without a first screen), once', () => {
    const rest = face('U+AC01');
    withFonts([rest]);
    const preload = document.createElement('link');
    for (const [name, value] of Object.entries({ rel: 'preload', as: 'font', href: HREF })) preload.setAttribute(name, value);
    document.head.append(preload);
    loadRestFont(document, HREF);
    expect(fontPreloads()).toHaveLength(1);
    expect(rest.load).toHaveBeenCalledTimes(1);
  });

  it('is left alone once text asked for it', () => {
    const loading = face('U+AC01', 'loading');
    withFonts([loading]);
    loadRestFont(document, HREF);
    expect(fontPreloads()).toHaveLength(0);
    expect(loading.load).not.toHaveBeenCalled();
  });

  it('does nothing without the font loading API', () => {
    loadRestFont(document, HREF);
    expect(fontPreloads()).toHaveLength(0);
  });
});
