// Build step: how the lazily loaded code is cut into files. Left to itself the bundler makes one file
// per set of routes sharing a module — 20 to 30 small files for any page in the member frame, each
// a request on a phone's link before the page can show. Here a few named files take what many pages
// load together (see vite.config.ts: the query client, what the public notices need, the member
// frame's libraries and its own code); pages and the pieces only some pages share keep the bundler's
// own split. Nothing the entry loads is moved (the landing page stays as small).
import path from 'node:path';

type ModuleInfo = { id: string; importedIds: string[] };
type Context = { getModuleInfo(id: string): ModuleInfo | null };
type Group = { debugName: string; name: (id: string, ctx: Context) => string | null; priority: number };

/**
 * One named file: every lazily loaded module `roots` import statically (roots included, unless
 * `shared`: then only what they import — each root, a page, keeps its own small file).
 */
export type ChunkSpec = { name: string; roots: string[]; only?: 'libraries' | 'sources'; shared?: boolean };

/** Every module `roots` import statically, the roots included. */
export function staticClosure(roots: string[], ctx: Context): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    stack.push(...info.importedIds);
  }
  return seen;
}

const isLibrary = (id: string) => id.split(path.sep).join('/').includes('/node_modules/');

/**
 * rolldown's `output.codeSplitting.groups` for `specs`, earlier specs first (a module goes to the
 * first spec that reaches it). `entry`: the entry module (src/main.tsx), whose static imports stay put.
 */
export function chunkGroups(entry: string, specs: ChunkSpec[]): Group[] {
  let initial: Set<string> | undefined;
  const closures = new Map<ChunkSpec, Set<string>>();
  return specs.map((spec, i) => ({
    debugName: spec.only ? `${spec.name} (${spec.only})` : spec.name,
    priority: specs.length - i,
    name: (id, ctx) => {
      initial ??= staticClosure([entry], ctx);
      if (id.startsWith('\0') || initial.has(id)) return null;
      if (spec.only === 'libraries' && !isLibrary(id)) return null;
      if (spec.only === 'sources' && isLibrary(id)) return null;
      if (spec.shared && spec.roots.includes(id)) return null;
      let reached = closures.get(spec);
      if (!reached) closures.set(spec, (reached = staticClosure(spec.roots, ctx)));
      return reached.has(id) ? spec.name : null;
    },
  }));
}
