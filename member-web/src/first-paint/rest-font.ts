// The interface font's rest face (build/ui-font.ts, src/styles/ui-font.css): the app's characters that
// no first screen shows. A first screen's shell does not preload it (the Worker drops that link), so its
// bytes stay off the first paint; the entry, which starts after that paint, fetches it at low priority
// and loads the face from it, so a later screen finds it ready. An optional face that a paint had to
// wait for stays unused for the page's life (the screen would keep the fallback for the session).
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
 * Fetches the rest face's file at low priority, then loads the face from it (from memory, before any
 * text waits for it). A shell that preloads it already (a page without a first screen) is left as is.
 */
export function loadRestFont(doc: Document = document, href: string = restFontUrl): void {
  const face = restFace(doc.fonts as Iterable<FontFace> | undefined);
  if (!face || face.status !== 'unloaded') return;
  const preloads = doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]');
  if ([...preloads].some((l) => l.getAttribute('href') === href)) return;
  const link = doc.createElement('link');
  for (const [name, value] of Object.entries({ rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href })) {
    link.setAttribute(name, value);
  }
  link.setAttribute('fetchpriority', 'low');
  link.addEventListener('load', () => void face.load().catch(() => undefined), { once: true });
  doc.head.append(link);
}
