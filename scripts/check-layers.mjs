// The Worker's floors, checked on every `npm run typecheck` (CONTRIBUTING.md, "Import rules").
// Reads every .ts file under a source folder (default worker/src), resolves its relative imports
// (static, type-only, re-exports, dynamic `import()`), and fails when a file imports a floor above
// its own or when files import each other in a circle:
//   contract/  imports only contract/ (the SPAs import it too)
//   db/        imports only contract/ and db/
//   lib/       imports only contract/, db/ and lib/ (never an area)
//   areas/     imports anything below, and other areas; never the entry (app.ts, index.ts)
//   areas/demo/ (the seed tooling's data layer, used from scripts/) is imported by no other file
// Usage: node scripts/check-layers.mjs [folder] [--quiet]. Exit 0 clean, 1 on any finding.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const here = path.dirname(fileURLToPath(import.meta.url));
const EXTS = ['.ts', '.tsx', '.mts'];

/** The floor of a file, from its path relative to the source folder. */
function floorOf(rel) {
  const top = rel.split('/')[0];
  if (top === 'contract' || top === 'db' || top === 'lib' || top === 'areas') return top;
  return 'entry';
}

const MAY_IMPORT = {
  contract: ['contract'],
  db: ['contract', 'db'],
  lib: ['contract', 'db', 'lib'],
  areas: ['contract', 'db', 'lib', 'areas'],
  entry: ['contract', 'db', 'lib', 'areas', 'entry'],
};

/** Seed tooling's data layer (used from scripts/): nothing in the Worker may depend on it. */
const ENTRY_ONLY_AREAS = ['areas/demo/'];

function listFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) listFiles(full, out);
    // Tests beside the code (`*.test.ts`) are not shipped and may read fixtures from anywhere.
    else if (EXTS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts') && !/\.test\.tsx?$/.test(name))
      out.push(full);
  }
  return out;
}

/** Every module specifier a file names, with its line. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found = [];
  const add = (node) =>
    found.push({ spec: node.text, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 });
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) add(arg);
    } else if (ts.isImportTypeNode(node)) {
      const lit = node.argument;
      if (ts.isLiteralTypeNode(lit) && ts.isStringLiteral(lit.literal)) add(lit.literal);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const e = node.moduleReference.expression;
      if (ts.isStringLiteral(e)) add(e);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function resolve(fromFile, spec, known) {
  if (!spec.startsWith('./') && !spec.startsWith('../')) return null; // a package
  const base = path.resolve(path.dirname(fromFile), spec);
  const candidates = [base, ...EXTS.map((e) => base + e), ...EXTS.map((e) => path.join(base, 'index' + e))];
  for (const c of candidates) if (known.has(c)) return c;
  const stripped = base.replace(/\.(m?js)$/, '');
  for (const e of EXTS) if (known.has(stripped + e)) return stripped + e;
  return undefined; // outside the folder (or missing: tsc reports that)
}

/** Strongly connected components with more than one file (or a file importing itself): the circles. */
function circles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? new Set()).has(v)) out.push(comp.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) strong(v);
  return out;
}

/** One path around a circle, for the message: a → b → … → a. */
function loopThrough(comp, graph) {
  const inComp = new Set(comp);
  const start = comp[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!inComp.has(w)) continue;
      if (w === start) {
        const pathBack = [v];
        for (let p = prev.get(v); p; p = prev.get(p)) pathBack.push(p);
        return [...pathBack.reverse(), start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...comp, start];
}

export function checkLayers(srcDir) {
  const root = path.resolve(srcDir);
  const files = listFiles(root);
  const known = new Set(files);
  const rel = (f) => path.relative(root, f).split(path.sep).join('/');
  const graph = new Map();
  const upward = [];
  let imports = 0;
  for (const file of files) {
    const from = rel(file);
    const floor = floorOf(from);
    const edges = new Set();
    graph.set(file, edges);
    for (const { spec, line } of importsOf(file)) {
      const target = resolve(file, spec, known);
      if (target === null) continue;
      if (target === undefined) {
        if (floor === 'contract' && !spec.startsWith('.')) continue;
        // A relative import leaving the folder: only the entry may (it serves the built SPAs).
        if (floor !== 'entry')
          upward.push({ from, line, to: spec, why: `${floor}/ imports a file outside the source folder` });
        continue;
      }
      imports++;
      edges.add(target);
      const to = rel(target);
      const toFloor = floorOf(to);
      if (!MAY_IMPORT[floor].includes(toFloor)) {
        upward.push({
          from,
          line,
          to,
          why: `${floor}/ may import only ${MAY_IMPORT[floor].map((f) => f + '/').join(', ')}`,
        });
      } else if (floor !== 'entry' && ENTRY_ONLY_AREAS.some((a) => to.startsWith(a) && !from.startsWith(a))) {
        upward.push({
          from,
          line,
          to,
          why: `${to.split('/').slice(0, 2).join('/')}/ is the seed tooling's data layer: nothing in the Worker imports it`,
        });
      }
    }
  }
  const loops = circles(graph).map((comp) => loopThrough(comp, graph).map(rel));
  return { files: files.length, imports, upward, loops };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const quiet = args.includes('--quiet');
  const dir = args.find((a) => !a.startsWith('--')) ?? path.join(here, '..', 'worker', 'src');
  const { files, imports, upward, loops } = checkLayers(dir);
  const shown = path.relative(process.cwd(), path.resolve(dir)) || '.';
  if (upward.length === 0 && loops.length === 0) {
    if (!quiet) console.log(`layers: ${shown} clean (${files} files, ${imports} imports, no upward import, no circle)`);
    process.exit(0);
  }
  console.error(`layers: ${shown}: ${upward.length} upward import(s), ${loops.length} import circle(s)`);
  for (const u of upward) console.error(`  ✗ ${u.from}:${u.line} imports ${u.to}\n      ${u.why}`);
  for (const l of loops) console.error(`  ✗ circle: ${l.join(' → ')}`);
  console.error(
    '  Floors: contract < db < lib < areas < app.ts/index.ts; a file imports only its floor or lower, and no circles.\n' +
      '  Move the shared piece down (contract/ or lib/), or pass it in from above (CONTRIBUTING.md, "Import rules").',
  );
  process.exit(1);
}
