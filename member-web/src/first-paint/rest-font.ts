// The interface font's rest face (build/ui-font.ts, src/styles/ui-font.css): the app's characters that
// no first screen shows. A first screen's shell does not preload it (the Worker names it in
// <meta name="ongi-later-font"> instead), so its bytes stay off the first paint; first-paint.js fetches
// it with the entry, after that paint, and the entry loads the face from that file, so the app's text
// after the first screen finds it ready. An optional face that a paint had to wait for stays unused
// for the page's life (its text would keep the fallback for the session).
import restFontUrl from '../assets/fonts/ongi-sans-rest.woff2?url';

const FAMILY = 'Ongi Sans';

/** The rest face as the style sheet declares it: the interface family's face with a unicode-range. */
export function restFace(fonts: Iterable<FontFace> | undefined): FontFace | undefined {
  for (const face of fonts ?? []) {
    if (face.family.replace(/["']/g, '') === FAMILY && face.unicodeRange !== 'U+0-10FFFF') return face;
  }
  return undefined;
}

/**
 * Loads the rest face from its preload (the first-paint script's, started with the entry, or a shell's
 * without a first screen) as soon as the file is there, before any text waits for it; without one,
 * fetches it first at low priority. Resolves once the face has loaded or failed (at once without one).
 */
export function loadRestFont(doc: Document = document, href: string = restFontUrl): Promise<void> {
  const face = restFace(doc.fonts as Iterable<FontFace> | undefined);
  if (!face || face.status !== 'unloaded') return Promise.resolve();
  return new Promise((resolve) => {
    const load = () => void face.load().then(() => resolve(), () => resolve());
    const preloads = doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]');
    // The face's own request takes the preload's answer (same address, same mode).
    if ([...preloads].some((l) => l.getAttribute('href') === href)) return load();
    const link = doc.createElement('link');
    for (const [name, value] of Object.entries({ rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href })) {
      link.setAttribute(name, value);
    }
    link.setAttribute('fetchpriority', 'low');
    link.addEventListener('load', load, { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    doc.head.append(link);
  });
}

/**
 * How long a member page's takeover waits for the rest face at most. Its first render with data shows
 * the face's characters at once (labels, names); drawn while the face is still coming, they would keep
 * the fallback for the session. The prerendered markup stays on screen meanwhile.
 */
export const REST_FONT_WAIT_MS = 500;

/** `promise`, or at most `ms`. */
export function atMost(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
