// Build step: the HTML of the pages whose first screen does not depend on the member (src/first-paint/prerender.tsx),
// written to prerender.json for the Worker to put into the shell (worker/src/lib/spa.ts), so the page
// paints before the entry script has loaded; main.tsx hydrates it. index.html itself stays empty (the
// service worker's offline shell, rendered by the client as before).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type Plugin } from 'vite';
import type { ListTemplate } from '../../../worker/src/contract/shell-list';

/** The classic script a prerendered shell loads (see the file): hides it from members, starts the entry after its paint. */
const FIRST_PAINT_SCRIPT = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'first-paint.js'),
  'utf8',
);

/** What prerender.json holds; `list`: the page's list template (worker/src/contract/shell-list.ts). */
export type PrerenderTable = {
  script: string;
  pages: { path: string; member: boolean; html: string; list?: ListTemplate }[];
};

export function prerenderPages(root: string, entry: string): Plugin {
  let base = '/';
  return {
    name: 'ongi-prerender',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    async writeBundle(options) {
      const dir = options.dir ?? '.';
      // The app's own modules under Vite's SSR loader (same config: aliases, JSX), outside the bundle.
      const server = await createServer({
        root,
        configFile: path.join(root, 'vite.config.ts'),
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
        logLevel: 'warn',
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const mod = (await server.ssrLoadModule(entry)) as {
          PRERENDERED: readonly { path: string; member: boolean }[];
          prerender: (p: string, member: boolean) => Promise<string>;
          prerenderList: (p: string) => Promise<ListTemplate | undefined>;
        };
        const pages: PrerenderTable['pages'] = [];
        for (const p of mod.PRERENDERED) {
          const list = await mod.prerenderList(p.path);
          pages.push({ ...p, html: await mod.prerender(p.path, p.member), ...(list ? { list } : {}) });
        }
        const hash = createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('hex').slice(0, 8);
        const script = `assets/first-paint-${hash}.js`;
        mkdirSync(path.join(dir, 'assets'), { recursive: true });
        writeFileSync(path.join(dir, script), FIRST_PAINT_SCRIPT);
        const table: PrerenderTable = { script: base + script, pages };
        writeFileSync(path.join(dir, 'prerender.json'), JSON.stringify(table));
      } finally {
        await server.close();
      }
    },
  };
}
