// Build step: the interface font is Pretendard (variable, weights 400–800) cut to the glyphs the
// app's own text uses (the Korean catalogue, labels) plus ASCII, in two files split by character:
// - the first-screen face (`ongi-sans.woff2`): ASCII, the extra symbols and exactly the characters of
//   the prerendered first screens (src/first-paint/prerender.tsx); preloaded, `font-display: optional`;
// - the rest face (`ongi-sans-rest.woff2`): every other character of the app's sources, same family and
//   weights, declared with its characters as `unicode-range` (src/styles/ui-font.css), so a page fetches
//   it only when it shows one of them; on a first screen not preloaded but fetched after the first paint
//   (first-paint.js, src/first-paint/rest-font.ts; docs/first-paint.md "The interface font").
// Both stay `optional`, so no font swaps in late and text never moves. Text outside them (names, posts)
// falls back to Pretendard's dynamic subsets, which load only the ranges a page shows.
// The cut files are kept in src/assets/fonts, each with the characters it holds; a build whose first
// screens or sources hold other characters cuts that face again (a few seconds) and rewrites its two
// files, to be committed.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/** The first-screen face (the name predates the split: the service worker's precache matches `ongi-sans-`). */
export const UI_FONT_FILE = 'ongi-sans.woff2';
/** The rest face: the app's other characters. */
export const REST_FONT_FILE = 'ongi-sans-rest.woff2';
/** Marks the rest face's preload link, which the Worker turns into `<meta name="ongi-later-font">` in a first screen's shell (worker/src/lib/spa.ts). */
export const REST_FONT_MARK = 'data-font';
/** The line of src/styles/ui-font.css the build replaces with the rest face's characters. */
export const REST_RANGE_PLACEHOLDER = 'unicode-range: U+0; /* the rest face’s characters, written by build/ui-font.ts */';
/** Punctuation and symbols the interface may use besides ASCII. */
const EXTRA = '·…–—‘’“”←→↑↓•※★☆♥♡「」『』〈〉《》×✓○●△▲▼％～';
/** Hangul, and the symbols and punctuation beyond ASCII the app's text uses (© in the footer, …). */
const HANGUL = /[\u3131-\u318e\uac00-\ud7a3]/;
const SYMBOL = /[\u00a1-\u00ff\u2010-\u2bff\u3000-\u303f\uff01-\uff5e]/;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) sourceFiles(file, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(file);
  }
  return out;
}

const sorted = (chars: Iterable<string>) => [...new Set(chars)].sort().join('');

/** Printable ASCII and the extra symbols: in the first-screen face whatever the screens hold. */
function baseChars(): Set<string> {
  const chars = new Set<string>(EXTRA);
  for (let c = 0x20; c < 0x7f; c++) chars.add(String.fromCharCode(c));
  return chars;
}

/**
 * Printable ASCII, the extra symbols and every Hangul character and symbol in the sources under
 * `dirs`: a character the font lacks fetches one of Pretendard's 25 KB subsets on every page that
 * shows it (the footer's © did, on every page).
 */
export function interfaceChars(dirs: string[]): string {
  const chars = baseChars();
  for (const dir of dirs) {
    for (const file of sourceFiles(dir))
      for (const ch of readFileSync(file, 'utf8')) if (HANGUL.test(ch) || SYMBOL.test(ch)) chars.add(ch);
  }
  return sorted(chars);
}

/**
 * The first-screen face's characters: printable ASCII, the extra symbols and every character beyond
 * ASCII in the first screens' markup (text and attributes alike: a placeholder or a label is drawn
 * with the font too; tags and attribute names are ASCII).
 */
export function firstScreenChars(shells: readonly string[]): string {
  const chars = baseChars();
  for (const html of shells) for (const ch of html) if (ch >= '\u00a0') chars.add(ch);
  return sorted(chars);
}

/** The rest face's characters: the app's characters that are not in the first-screen face. */
export function restChars(all: string, first: string): string {
  const inFirst = new Set(first);
  return sorted([...all].filter((ch) => !inFirst.has(ch)));
}

/** `chars` as a CSS `unicode-range` value, runs of code points as ranges (`U+AC00-AC01, U+B098`). */
export function unicodeRange(chars: string): string {
  const points = [...new Set([...chars].map((ch) => ch.codePointAt(0) ?? 0))].sort((a, b) => a - b);
  const parts: string[] = [];
  const hex = (n: number) => n.toString(16).toUpperCase();
  for (let i = 0; i < points.length; ) {
    let j = i;
    while (j + 1 < points.length && points[j + 1] === (points[j] ?? 0) + 1) j++;
    const [from, to] = [points[i] ?? 0, points[j] ?? 0];
    parts.push(from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/** The characters of each face: `first` from the first screens' markup, `rest` the sources' others. */
export function faceChars(shells: readonly string[], sources: string[]): { first: string; rest: string } {
  const first = firstScreenChars(shells);
  return { first, rest: restChars(interfaceChars(sources), first) };
}

/** The characters a kept face holds (its `.chars.txt`), or null when it has not been cut. */
export const keptChars = (file: string) => (existsSync(file) && existsSync(`${file}.chars.txt`) ? readFileSync(`${file}.chars.txt`, 'utf8') : null);

/**
 * Cuts a face again when its characters change; returns the files cut. The first-screen face holds
 * exactly the first screens' characters (its bytes are on every first paint). The rest face keeps the
 * characters it held (as the single face did: a name or a post shows them too, and a character the
 * font lacks fetches a Pretendard subset) but never one of the first-screen face's: the ranges must
 * not overlap.
 */
export async function ensureUiFonts({
  shells,
  sources,
  font,
  outDir,
}: {
  shells: readonly string[];
  sources: string[];
  font: string;
  outDir: string;
}): Promise<string[]> {
  const wanted = faceChars(shells, sources);
  const keptRest = keptChars(path.join(outDir, REST_FONT_FILE)) ?? '';
  const cut: string[] = [];
  for (const [file, chars] of [
    [UI_FONT_FILE, wanted.first],
    [REST_FONT_FILE, restChars(keptRest + wanted.rest, wanted.first)],
  ] as const) {
    const target = path.join(outDir, file);
    if (keptChars(target) === chars) continue;
    const bytes = await subsetFont(readFileSync(font), chars, {
      targetFormat: 'woff2',
      variationAxes: { wght: { min: 400, max: 800 } },
    });
    writeFileSync(target, bytes);
    writeFileSync(`${target}.chars.txt`, chars);
    cut.push(file);
  }
  return cut;
}

/** Fails when the first screens hold a character the kept first-screen face does not. */
export function checkFirstScreens(shells: readonly string[], outDir: string): void {
  const kept = new Set(keptChars(path.join(outDir, UI_FONT_FILE)) ?? '');
  const missing = [...firstScreenChars(shells)].filter((ch) => !kept.has(ch));
  if (missing.length > 0) {
    throw new Error(`the first screens hold characters ${UI_FONT_FILE} lacks: ${missing.join('')} (build again and commit the font)`);
  }
}

export function uiFont(options: {
  sources: string[];
  font: string;
  outDir: string;
  /** The first screens' markup, as the build prerenders it (src/first-paint/prerender-plugin.ts). */
  shells: () => Promise<readonly string[]>;
}): Plugin {
  let base = '/';
  let command: 'build' | 'serve' = 'serve';
  const restChars = () => keptChars(path.join(options.outDir, REST_FONT_FILE)) ?? '';
  return {
    name: 'ongi-ui-font',
    configResolved(config) {
      base = config.base;
      command = config.command;
    },
    transform(code, id) {
      // Pretendard's own faces (names, posts) may not swap in late either.
      if (/pretendard.*dynamic-subset\.css$/.test(id)) {
        return { code: code.replaceAll('font-display: swap', 'font-display: optional'), map: null };
      }
      // The rest face covers exactly its characters.
      if (/[\\/]styles[\\/]ui-font\.css$/.test(id)) {
        if (!code.includes(REST_RANGE_PLACEHOLDER)) throw new Error(`ui-font.css: no "${REST_RANGE_PLACEHOLDER}" line`);
        return { code: code.replace(REST_RANGE_PLACEHOLDER, `unicode-range: ${unicodeRange(restChars())};`), map: null };
      }
      return undefined;
    },
    // Only a build cuts (a dev server, and the one the prerender runs in, take the kept files).
    async buildStart() {
      if (command !== 'build') return;
      for (const file of await ensureUiFonts({ ...options, shells: await options.shells() }))
        this.warn(`${file} was cut again for new characters: commit it with its .chars.txt`);
    },
    // The markup written for the Worker is the markup the face was cut for.
    async writeBundle() {
      if (command === 'build') checkFirstScreens(await options.shells(), options.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const href = (name: string) => {
          const file = Object.values(ctx.bundle ?? {}).find(
            (i) => i.type === 'asset' && i.originalFileNames.some((n) => n.endsWith(`/${name}`)),
          );
          return file && base + file.fileName;
        };
        const preload = (file: string | undefined, extra: Record<string, string> = {}) =>
          file
            ? [
                {
                  tag: 'link',
                  attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: file, ...extra },
                  injectTo: 'head' as const,
                },
              ]
            : [];
        // The rest face too, for a page that opens without a first screen (its app text needs it at once);
        // in a first screen's shell the Worker names it for first-paint.js instead.
        return [...preload(href(UI_FONT_FILE)), ...preload(href(REST_FONT_FILE), { [REST_FONT_MARK]: 'rest' })];
      },
    },
  };
}
