// Build step: the HTML of the pages whose first screen does not depend on the member (src/prerender.tsx),
// written to prerender.json for the Worker to put into the shell (worker/src/lib/spa.ts), so the page
// paints before the entry script has loaded; main.tsx hydrates it. index.html itself stays empty (the
// service worker's offline shell, rendered by the client as before).
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';

/**
 * Run before the body is parsed by a prerendered shell: a visitor holding a member token is sent on
 * by the landing page (to /main), so its prerendered markup stays hidden for them (base.css) until
 * the entry renders. An external file because the policy allows no inline scripts.
 */
export const SIGNED_IN_GATE =
  "try{localStorage.getItem('accessToken')&&document.documentElement.setAttribute('data-signed-in','')}catch(e){}\n";

/** What prerender.json holds. */
export type PrerenderTable = { gate: string; pages: { path: string; html: string }[] };

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
          PRERENDERED_PATHS: readonly string[];
          prerender: (p: string) => Promise<string>;
        };
        const pages = [];
        for (const p of mod.PRERENDERED_PATHS) pages.push({ path: p, html: await mod.prerender(p) });
        const gateName = `assets/signed-in-${createHash('sha256').update(SIGNED_IN_GATE).digest('hex').slice(0, 8)}.js`;
        mkdirSync(path.join(dir, 'assets'), { recursive: true });
        writeFileSync(path.join(dir, gateName), SIGNED_IN_GATE);
        const table: PrerenderTable = { gate: base + gateName, pages };
        writeFileSync(path.join(dir, 'prerender.json'), JSON.stringify(table));
      } finally {
        await server.close();
      }
    },
  };
}
