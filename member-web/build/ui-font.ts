// Build step: the interface font is Pretendard (variable, weights 400–800) cut down to the glyphs
// the app's own text uses (the Korean catalogue, labels) plus ASCII: one small file, preloaded,
// `font-display: optional` so it never shifts the layout. Text outside it (names, posts) falls
// back to Pretendard's dynamic subsets, which load only the ranges a page shows (build/pretendard-faces.ts).
// The cut file is kept in src/assets/fonts with the characters it holds; a build whose sources
// hold other characters cuts it again (a few seconds) and rewrites both, to be committed.
// The console's login screens have their own cut the same way (admin-web/build/admin-font.ts): the
// characters of the code its entry imports statically (`entrySources`).
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import ts from 'typescript';
import type { Plugin } from 'vite';

export const UI_FONT_FILE = 'ongi-sans.woff2';
/** Punctuation and symbols the interface may use besides ASCII. */
const EXTRA = '·…–—‘’“”←→↑↓•※★☆♥♡「」『』〈〉《》×✓○●△▲▼％～';
/** Hangul, and the symbols and punctuation beyond ASCII the app's text uses (© in the footer, …). */
const HANGUL = /[\u3131-\u318e\uac00-\ud7a3]/;
const SYMBOL = /[\u00a1-\u00ff\u2010-\u2bff\u3000-\u303f\uff01-\uff5e]/;

/**
 * The interface font's sources: the app's own code, and the Worker's modules whose fixed labels the
 * API puts on the matching card (its place, tags and reasons). Drawn with Pretendard's subsets, which
 * a first visit may not have in time (`font-display: optional`), a phone showed those labels in its
 * system font and a browser without a Korean font showed gaps ("최근에 _동했어요"). The 가치관
 * questions stay out: 56 more characters (+7 KB) on every first paint, for pages that are not first
 * screens (bench/lighthouse/RESULTS.md, twelfth round).
 */
export function interfaceSources(memberWeb: string): string[] {
  const worker = path.resolve(memberWeb, '../worker/src');
  return [
    path.join(memberWeb, 'src'),
    ...['contract/regions.ts', 'contract/enums.ts', 'areas/matching/reasons.ts'].map((f) => path.join(worker, f)),
  ];
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  if (statSync(dir).isFile()) {
    out.push(dir);
    return out;
  }
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) sourceFiles(file, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(file);
  }
  return out;
}

/**
 * The source files `entry` imports statically, itself included: the code of the screen it paints
 * before anything loads lazily. Not `import()` (loaded later) and not `import type` (no text);
 * relative imports and `aliases` (`{'@contract': dir}`) are followed, packages and assets (style
 * sheets, images) are not.
 */
export function entrySources(entry: string, aliases: Record<string, string> = {}): string[] {
  const resolve = (from: string, spec: string): string | undefined => {
    const alias = Object.keys(aliases).find((a) => spec === a || spec.startsWith(`${a}/`));
    const aliased =
      alias && (spec === alias ? path.join(aliases[alias] ?? '', 'index') : aliases[alias] + spec.slice(alias.length));
    const base = spec.startsWith('.') ? path.resolve(path.dirname(from), spec) : aliased;
    if (!base) return undefined;
    const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ext) => base + ext)
      .find((file) => /\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile());
    if (found) return found;
    // An asset (an image, JSON): no text of the screen's.
    if (/\.(?!tsx?$)[a-z0-9]+$/i.test(spec) && existsSync(base)) return undefined;
    throw new Error(`entrySources: ${spec} (imported by ${from}) is not a source file`);
  };
  const seen = new Set<string>();
  const stack = [path.resolve(entry)];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
      const spec = statement.moduleSpecifier;
      if (!spec || !ts.isStringLiteral(spec)) continue;
      if (ts.isImportDeclaration(statement) ? statement.importClause?.isTypeOnly : statement.isTypeOnly) continue;
      if (
        !spec.text.startsWith('.') &&
        !Object.keys(aliases).some((a) => spec.text === a || spec.text.startsWith(`${a}/`))
      )
        continue;
      const target = resolve(file, spec.text);
      if (target) stack.push(target);
    }
  }
  return [...seen];
}

/**
 * Printable ASCII, the extra symbols and every Hangul character and symbol in the sources under
 * `dirs` (folders or single files): a character the font lacks fetches one of Pretendard's 25 KB subsets on every page that
 * shows it (the footer's © did, on every page). `extra`: the symbols kept besides (the app's list by default).
 */
export function interfaceChars(dirs: string[], extra: string = EXTRA): string {
  const chars = new Set<string>(extra);
  for (let c = 0x20; c < 0x7f; c++) chars.add(String.fromCharCode(c));
  for (const dir of dirs) {
    for (const file of sourceFiles(dir))
      for (const ch of readFileSync(file, 'utf8')) if (HANGUL.test(ch) || SYMBOL.test(ch)) chars.add(ch);
  }
  return [...chars].sort().join('');
}

/**
 * The OpenType features the cut keeps: those browsers apply to every text by default (kerning, marks,
 * composition, standard and contextual ligatures and alternates, Hangul jamo) and those the app's
 * style sheets turn on (`font-variant-numeric: tabular-nums` → tnum; ui-font.test.ts checks the
 * sheets). The rest (stylistic sets, fractions, case forms, `aalt`…) only pulled in alternate glyphs
 * no page draws: 14 of the font's 100 KB, on every page's first paint.
 */
export const UI_FONT_FEATURES = [
  'ccmp',
  'locl',
  'mark',
  'mkmk',
  'kern',
  'liga',
  'clig',
  'calt',
  'rlig',
  'rclt',
  'ljmo',
  'vjmo',
  'tjmo',
  'tnum',
] as const;

/** Cuts the font again when the sources' characters are not all in the kept one, or the kept features changed. */
export type UiFontOptions = {
  sources: string[];
  font: string;
  outDir: string;
  /** The cut's file name (UI_FONT_FILE for the member app). */
  file?: string;
  /** The symbols kept besides those in the sources (interfaceChars). */
  extra?: string;
};

export async function ensureUiFont({ sources, font, outDir, file = UI_FONT_FILE, extra }: UiFontOptions) {
  const target = path.join(outDir, file);
  const charsFile = `${target}.chars.txt`;
  const featuresFile = `${target}.features.txt`;
  const features = UI_FONT_FEATURES.join(' ');
  const wanted = interfaceChars(sources, extra);
  const kept = existsSync(target) && existsSync(charsFile) ? readFileSync(charsFile, 'utf8') : '';
  const keptFeatures = existsSync(featuresFile) ? readFileSync(featuresFile, 'utf8') : '';
  if ([...wanted].every((ch) => kept.includes(ch)) && keptFeatures === features) return false;
  const merged = [...new Set([...kept, ...wanted])].sort().join('');
  const bytes = await subsetFont(readFileSync(font), merged, {
    targetFormat: 'woff2',
    variationAxes: { wght: { min: 400, max: 800 } },
    keepFeatures: [...UI_FONT_FEATURES],
  });
  writeFileSync(target, bytes);
  writeFileSync(charsFile, merged);
  writeFileSync(featuresFile, features);
  return true;
}

export function uiFont(options: UiFontOptions): Plugin {
  const file = options.file ?? UI_FONT_FILE;
  let base = '/';
  return {
    name: 'ongi-ui-font',
    configResolved(config) {
      base = config.base;
    },
    async buildStart() {
      if (await ensureUiFont(options)) this.warn(`${file} was cut again for new characters: commit it`);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const asset = Object.values(ctx.bundle ?? {}).find(
          (i) => i.type === 'asset' && i.originalFileNames.some((n) => n.endsWith(file)),
        );
        if (!asset) return [];
        const href = base + asset.fileName;
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
