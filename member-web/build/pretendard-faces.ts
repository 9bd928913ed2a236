// Build step: Pretendard's dynamic subsets (the faces for characters outside the interface font:
// names, posts, notices' titles) as a list the app registers through the CSS Font Loading API
// (src/first-paint/pretendard-faces.ts), instead of the package's style sheet of 92 @font-face rules
// (48 KB, 14 KB compressed) that every page's first paint waited for. The faces stay lazy: the browser
// fetches a subset only when a page shows one of its characters.
//   - `virtual:pretendard-faces`: [file URL, unicode-range] per subset, for the app;
//   - `pretendard-faces.json`: the same list with the built addresses, for the Worker, which declares
//     in the shell the few faces a first screen's live text needs (worker/src/lib/spa.ts).
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import {
  PRETENDARD_FACE,
  PRETENDARD_FACES_FILE,
  type PretendardFacesTable as FacesTable,
} from '../../worker/src/contract/pretendard-faces.ts';

const MODULE = 'virtual:pretendard-faces';
const RESOLVED = `\0${MODULE}`;

export type PretendardFace = { file: string; range: string };

const descriptor = (rule: string, name: string) =>
  new RegExp(`${name}:\\s*([^;}]+)`).exec(rule)?.[1]?.replace(/\s+/g, ' ').replace(/["']/g, '').trim();

/**
 * The subsets of Pretendard's dynamic-subset style sheet: each face's file (absolute) and unicode-range.
 * Its other descriptors must be the ones the app and the Worker declare (contract/pretendard-faces.ts).
 */
export function readFaces(css: string, cssFile: string): PretendardFace[] {
  const faces: PretendardFace[] = [];
  for (const rule of css.match(/@font-face\s*{[^}]*}/g) ?? []) {
    const url = /src:\s*url\(([^)]+)\)/.exec(rule)?.[1]?.replace(/["']/g, '');
    const range = descriptor(rule, 'unicode-range');
    if (!url || !range) throw new Error(`pretendard-faces: a face without a file or a range in ${cssFile}`);
    const f = PRETENDARD_FACE;
    if (
      descriptor(rule, 'font-family') !== f.family ||
      descriptor(rule, 'font-weight') !== f.weight ||
      descriptor(rule, 'font-style') !== f.style
    ) {
      throw new Error(`pretendard-faces: ${cssFile} declares a face unlike contract/pretendard-faces.ts`);
    }
    faces.push({ file: path.resolve(path.dirname(cssFile), url), range });
  }
  if (faces.length === 0) throw new Error(`pretendard-faces: no @font-face in ${cssFile}`);
  return faces;
}

const realpathOr = (file: string) => {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
};

/**
 * `cssFile`: Pretendard's dynamic-subset style sheet; `interfaceChars`: the interface font's character
 * lists (build/ui-font.ts), so the Worker declares no face for a character that font already draws.
 */
export function pretendardFaces(cssFile: string, interfaceChars: string[]): Plugin {
  const faces = readFaces(readFileSync(cssFile, 'utf8'), cssFile);
  let base = '/';
  let root = process.cwd();
  return {
    name: 'ongi-pretendard-faces',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    resolveId(id) {
      return id === MODULE ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      // `?url`: each subset is a hashed asset like any other, fetched only when a face is used.
      const imports = faces.map((f, i) => `import f${i} from ${JSON.stringify(`${f.file}?url`)};`);
      const list = faces.map((f, i) => `[f${i}, ${JSON.stringify(f.range)}]`).join(',\n  ');
      return `${imports.join('\n')}\nexport const PRETENDARD_FACES = [\n  ${list}\n];\n`;
    },
    generateBundle(_options, bundle) {
      const built = faces.map((f) => {
        const file = realpathSync(f.file);
        const asset = Object.values(bundle).find(
          (item) =>
            item.type === 'asset' && item.originalFileNames.some((n) => realpathOr(path.resolve(root, n)) === file),
        );
        return asset ? { href: base + asset.fileName, range: f.range } : undefined;
      });
      // Only a build whose app imports the list emits the subsets (a build of something else has no list to write).
      if (built.some((b) => b === undefined)) {
        if (built.every((b) => b === undefined)) return;
        throw new Error('pretendard-faces: some subsets were not emitted');
      }
      const table: FacesTable = {
        interfaceChars: [...new Set(interfaceChars.map((f) => readFileSync(f, 'utf8')).join(''))].join(''),
        faces: built as FacesTable['faces'],
      };
      this.emitFile({ type: 'asset', fileName: PRETENDARD_FACES_FILE, source: JSON.stringify(table) });
    },
  };
}
