// Build step: for every page route in src/app/routes.tsx, the chunks and style sheets its lazy
// modules need (layouts and page), written to route-preloads.json. The Worker puts them into the
// shell as <link rel="modulepreload">, so a deep link fetches its page with the entry script
// instead of after it (no waterfall).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

export type RoutePreload = { path: string; js: string[]; css: string[] };
type RouteModules = { path: string; modules: string[] };

/** Every route with a path and the source files of its lazy modules, outermost first. */
export function readRouteModules(routesFile: string): RouteModules[] {
  const source = ts.createSourceFile(routesFile, readFileSync(routesFile, 'utf8'), ts.ScriptTarget.ES2022, true);
  const loaders = new Map<string, string>(); // const community = () => import('…')
  const arrays = new Map<string, ts.ArrayLiteralExpression>(); // const communityRoutes = […]
  let root: ts.ArrayLiteralExpression | undefined;

  const importOf = (node: ts.Node | undefined): string | undefined => {
    if (!node) return undefined;
    if (ts.isIdentifier(node)) return loaders.get(node.text);
    if (ts.isArrowFunction(node) && ts.isCallExpression(node.body)) {
      const call = node.body;
      const arg = call.arguments[0];
      if (call.expression.kind === ts.SyntaxKind.ImportKeyword && arg && ts.isStringLiteral(arg)) return arg.text;
    }
    return undefined;
  };
  for (const statement of source.statements) {
    const decls = ts.isVariableStatement(statement) ? statement.declarationList.declarations : [];
    for (const d of decls) {
      if (!ts.isIdentifier(d.name) || !d.initializer) continue;
      const loader = importOf(d.initializer);
      if (loader) loaders.set(d.name.text, loader);
      if (ts.isArrayLiteralExpression(d.initializer)) {
        arrays.set(d.name.text, d.initializer);
        if (d.name.text === 'routes') root = d.initializer;
      }
    }
  }
  if (!root) throw new Error(`${routesFile}: no 'routes' array`);

  const resolve = (spec: string) => {
    const base = path.resolve(path.dirname(routesFile), spec);
    for (const ext of ['.tsx', '.ts']) {
      try {
        readFileSync(base + ext);
        return base + ext;
      } catch {
        /* next */
      }
    }
    throw new Error(`${routesFile}: cannot resolve ${spec}`);
  };

  const out: RouteModules[] = [];
  const walk = (list: ts.ArrayLiteralExpression, modules: string[]) => {
    for (const el of list.elements) {
      if (ts.isSpreadElement(el) && ts.isIdentifier(el.expression)) {
        const spread = arrays.get(el.expression.text);
        if (spread) walk(spread, modules);
        continue;
      }
      if (!ts.isObjectLiteralExpression(el)) continue;
      const prop = (name: string) =>
        el.properties.find(
          (p): p is ts.PropertyAssignment =>
            ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
        )?.initializer;
      const lazy = prop('lazy');
      const spec = lazy && ts.isCallExpression(lazy) ? importOf(lazy.arguments[0]) : undefined;
      const own = spec ? [...modules, resolve(spec)] : modules;
      const routePath = prop('path');
      if (routePath && ts.isStringLiteral(routePath) && routePath.text.startsWith('/')) {
        out.push({ path: routePath.text, modules: own });
      }
      const children = prop('children');
      if (children && ts.isArrayLiteralExpression(children)) walk(children, own);
    }
  };
  walk(root, []);
  return out;
}

export type ChunkLike = {
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
  /** Every module rendered into the chunk (a merged chunk, build/chunks.ts, has no facade for them). */
  moduleIds: string[];
  css: string[];
};

/** The files each route needs beyond what the entry already loads. */
export function routePreloadsFor(routes: RouteModules[], chunks: ChunkLike[], base: string): RoutePreload[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  // A route module is the facade of its own chunk, or one of the modules of a merged one.
  const byModule = new Map<string, ChunkLike>();
  for (const c of chunks) for (const id of c.moduleIds) if (!byModule.has(id)) byModule.set(id, c);
  for (const c of chunks) if (c.facadeModuleId) byModule.set(c.facadeModuleId, c);
  const closure = (start: ChunkLike[]) => {
    const seen = new Set<string>();
    const visit = (c: ChunkLike | undefined) => {
      if (!c || seen.has(c.fileName)) return;
      seen.add(c.fileName);
      for (const i of c.imports) visit(byFile.get(i));
    };
    start.forEach(visit);
    return seen;
  };
  const initial = closure(chunks.filter((c) => c.isEntry));
  return routes
    .filter((r) => r.path !== '*')
    .map((r) => {
      const files = [...closure(r.modules.flatMap((m) => byModule.get(m) ?? []))].filter((f) => !initial.has(f));
      const css = [...new Set(files.flatMap((f) => byFile.get(f)?.css ?? []))];
      return { path: r.path, js: files.map((f) => base + f), css: css.map((f) => base + f) };
    })
    .filter((r) => r.js.length > 0);
}

export function routePreloads(routesFile: string): Plugin {
  let base = '/';
  return {
    name: 'ongi-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    // writeBundle, not generateBundle: Vite drops pure-CSS chunks' JS stubs after every plugin's
    // generateBundle, and a preload of a dropped stub is a 404 on every deep link.
    writeBundle(options, bundle) {
      const chunks: ChunkLike[] = [];
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        chunks.push({
          fileName: item.fileName,
          imports: item.imports,
          isEntry: item.isEntry,
          facadeModuleId: item.facadeModuleId,
          moduleIds: item.moduleIds,
          css: [...(item.viteMetadata?.importedCss ?? [])],
        });
      }
      const preloads = routePreloadsFor(readRouteModules(routesFile), chunks, base);
      writeFileSync(path.join(options.dir ?? '.', 'route-preloads.json'), JSON.stringify(preloads));
    },
  };
}
