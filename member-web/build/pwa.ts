// Build step for the installable app: the web app manifest, its icons (drawn in code) and the
// service worker /sw.js with the precache list of this build's hashed files.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { pwaKo } from '../src/i18n/ko-pwa.ts';
import { ICONS, SHARE_IMAGE, drawIcon, drawShareImage } from './pwa-icons.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export const THEME_COLOR = '#ff7a59';
export const BACKGROUND_COLOR = '#fff9f5';
export const MANIFEST_FILE = 'manifest.webmanifest';
export const SERVICE_WORKER_FILE = 'sw.js';

export function webManifest(): Record<string, unknown> {
  const icon = (file: string, size: number, purpose: string) => ({
    src: `/${file}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: '/main',
    name: pwaKo.manifest.name,
    short_name: pwaKo.manifest.shortName,
    description: pwaKo.manifest.description,
    lang: 'ko',
    dir: 'ltr',
    start_url: '/main',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['lifestyle', 'social'],
    icons: ICONS.filter((i) => i.kind !== 'badge' && !i.file.includes('apple')).map((i) =>
      icon(i.file, i.size, i.kind === 'maskable' ? 'maskable' : 'any'),
    ),
  };
}

/** What the service worker precaches: the shell and what every page may need, not other fonts' subsets. */
export function precacheList(files: string[]): string[] {
  const wanted = files.filter(
    (f) =>
      /^assets\/.+\.(js|css)$/.test(f) ||
      /^assets\/ongi-sans-.+\.woff2$/.test(f) ||
      f === 'favicon.svg' ||
      f === MANIFEST_FILE ||
      (f.startsWith('icons/') && !f.includes('512')),
  );
  return ['/index.html', ...wanted.sort().map((f) => `/${f}`)];
}

/** The app's mark (public/favicon.svg) as a data URI, so the offline page needs no request for it. */
export function offlineIconUri(): string {
  const svg = readFileSync(path.join(here, '../public/favicon.svg'), 'utf8').trim();
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export function pwa(): Plugin {
  return {
    name: 'ongi-pwa',
    apply: 'build',
    generateBundle() {
      for (const i of ICONS) this.emitFile({ type: 'asset', fileName: i.file, source: drawIcon(i.size, i.kind) });
      this.emitFile({ type: 'asset', fileName: SHARE_IMAGE.file, source: drawShareImage() });
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: `${JSON.stringify(webManifest(), null, 2)}\n` });
    },
    // After every plugin's generateBundle: Vite drops pure-CSS chunks' JS files late, so the
    // precache list is taken from the bundle as written.
    writeBundle(options, bundle) {
      const files = [...Object.keys(bundle), 'favicon.svg'];
      const precache = precacheList([...new Set(files)]);
      // The version changes whenever a precached file's name does (hashed names) or the worker's code does.
      const code = readFileSync(path.join(here, '../src/sw/service-worker.js'), 'utf8');
      const version = createHash('sha256').update(precache.join('\n')).update(code).digest('hex').slice(0, 12);
      const build = {
        version,
        precache,
        shell: '/index.html',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        offline: pwaKo.offline,
        // Inside the offline page itself: that page shows when the caches are gone, icon included.
        offlineIcon: offlineIconUri(),
      };
      writeFileSync(
        path.join(options.dir ?? '.', SERVICE_WORKER_FILE),
        `const BUILD = ${JSON.stringify(build)};\n${code}`,
      );
    },
  };
}
