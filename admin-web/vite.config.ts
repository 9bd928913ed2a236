// Admin console build: served by the Worker under /admin/ (hash routing), built into
// dist/public/admin — the only folder this build empties.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { uiFont } from '../member-web/build/ui-font.ts';
import { ADMIN_UI_FONT_EXTRA, ADMIN_UI_FONT_FILE, adminInterfaceSources } from './build/admin-font.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const contractDir = path.resolve(here, '../worker/src/contract');

export const contractAlias = [
  { find: /^@contract$/, replacement: path.join(contractDir, 'index.ts') },
  { find: /^@contract\/(.*)$/, replacement: `${contractDir}/$1` },
];

const workerOrigin = 'http://127.0.0.1:8787';

export default defineConfig({
  base: '/admin/',
  plugins: [
    react(),
    // The login screens' font (build/admin-font.ts), preloaded by the shell.
    uiFont({
      sources: adminInterfaceSources(here),
      font: path.resolve(here, '../node_modules/pretendard/dist/web/variable/woff2/PretendardVariable.woff2'),
      outDir: path.join(here, 'src/assets/fonts'),
      file: ADMIN_UI_FONT_FILE,
      extra: ADMIN_UI_FONT_EXTRA,
    }),
  ],
  resolve: { alias: contractAlias },
  build: {
    outDir: path.resolve(process.env.ONGI_PUBLIC_DIR ?? path.resolve(here, '../dist/public'), 'admin'),
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
  },
  server: {
    // `npm run dev -w admin-web` against a running `wrangler dev`: the console's API calls only.
    proxy: Object.fromEntries(
      [
        '/admin/login',
        '/admin/logout',
        '/admin/check',
        '/admin/api',
        '/admin/users',
        '/admin/members',
        '/admin/reports',
        '/admin/userReportInfo',
        '/notices',
        '/feedback',
        '/media',
      ].map((p) => [p, workerOrigin]),
    ),
  },
});
