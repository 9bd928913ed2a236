// Member SPA build: served by the Worker from dist/public (admin-web is built into dist/public/admin afterwards).
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { chunkGroups } from './build/chunks.ts';
import { pwa } from './build/pwa.ts';
import { prerenderPages } from './src/first-paint/prerender-plugin.ts';
import { routePreloads } from './src/first-paint/route-preloads-plugin.ts';
import { UI_FONT_FILE, interfaceSources, uiFont } from './build/ui-font.ts';
import { pretendardFaces } from './build/pretendard-faces.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
// ONGI_PUBLIC_DIR lets parallel browser-test runs build into their own folder.
const outDir = path.resolve(process.env.ONGI_PUBLIC_DIR ?? path.resolve(here, '../dist/public'));
const contractDir = path.resolve(here, '../worker/src/contract');

export const contractAlias = [
  { find: /^@contract$/, replacement: path.join(contractDir, 'index.ts') },
  { find: /^@contract\/(.*)$/, replacement: `${contractDir}/$1` },
];

/**
 * dist/public is shared: the admin console lives in dist/public/admin. Remove only what this
 * build owns (everything else at the top level) instead of emptying the whole folder.
 */
function cleanOwnOutput(): Plugin {
  return {
    name: 'ongi-clean-member-output',
    apply: 'build',
    buildStart() {
      let entries: string[] = [];
      try {
        entries = readdirSync(outDir);
      } catch {
        return; // nothing built yet
      }
      for (const entry of entries) {
        if (entry === 'admin') continue;
        rmSync(path.join(outDir, entry), { recursive: true, force: true });
      }
    },
  };
}

/**
 * react-router's package names only its development build (its warnings on: extra checks as the
 * route table is ranked and on every navigation); the app's build takes the production build, the same
 * code with the warnings off. Tests keep the development build.
 */
const routerBuild = path.resolve(here, '../node_modules/react-router/dist/production');
const routerProduction = [
  { find: /^react-router$/, replacement: path.join(routerBuild, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(routerBuild, 'dom-export.mjs') },
];

const workerOrigin = 'http://127.0.0.1:8787';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    cleanOwnOutput(),
    pwa(),
    routePreloads(path.join(here, 'src/app/routes.tsx')),
    prerenderPages(here, '/src/first-paint/prerender.tsx'),
    uiFont({
      sources: interfaceSources(here),
      font: path.resolve(here, '../node_modules/pretendard/dist/web/variable/woff2/PretendardVariable.woff2'),
      outDir: path.join(here, 'src/assets/fonts'),
    }),
    pretendardFaces(
      path.resolve(here, '../node_modules/pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css'),
      [path.join(here, 'src/assets/fonts', `${UI_FONT_FILE}.chars.txt`)],
    ),
  ],
  resolve: { alias: [...contractAlias, ...routerProduction] },
  build: {
    outDir,
    emptyOutDir: false,
    assetsDir: 'assets',
    target: 'es2022',
    rolldownOptions: {
      output: {
        // A few files for what many pages load together instead of 20–30 small ones (build/chunks.ts).
        codeSplitting: {
          // The groups leave out what the entry loads; pulling a module's imports in after it would move them back.
          includeDependenciesRecursively: false,
          groups: chunkGroups(path.join(here, 'src/main.tsx'), [
            // Every page but the landing: TanStack Query and the query client.
            { name: 'query', roots: [path.join(here, 'src/app/query-layout.tsx')] },
            // A visitor's notices: their frame and pages (the member frame loads only for members).
            {
              name: 'public',
              roots: [
                'pages/notices/open-frame.tsx',
                'pages/notices/notices-page.tsx',
                'pages/notices/notice-detail-page.tsx',
              ].map((f) => path.join(here, 'src', f)),
            },
            // Every member page: the frame's libraries, then its own code.
            { name: 'vendor', roots: [path.join(here, 'src/components/member-frame.tsx')], only: 'libraries' },
            { name: 'frame', roots: [path.join(here, 'src/components/member-frame.tsx')], only: 'sources' },
            // What the matching pages (home, random, location) import: cards, profile modal, report and block
            // dialogs, their form rules. One file instead of ~10 small ones; each page keeps its own file.
            {
              name: 'member',
              shared: true,
              roots: [
                'pages/main/home-page.tsx',
                'pages/random-matching/random-matching-page.tsx',
                'pages/location-matching/location-matching-page.tsx',
              ].map((f) => path.join(here, 'src', f)),
            },
          ]),
        },
      },
    },
  },
  server: {
    // `npm run dev -w member-web` against a running `wrangler dev` (API calls only; pages stay in Vite).
    proxy: Object.fromEntries(['/api', '/login', '/dev-portal', '/media'].map((p) => [p, workerOrigin])),
  },
});
