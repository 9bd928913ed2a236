// Gzip size of each SPA's initial JavaScript and CSS: what index.html loads before any lazy route.
// Run after `npm run build`: `node bench/bundle-size.mjs`.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const pub = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'public');

function initialAssets(indexFile, baseDir) {
  const html = readFileSync(indexFile, 'utf8');
  const refs = new Set();
  for (const m of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.(?:js|css))"/g)) refs.add(m[1]);
  return [...refs].map((ref) => path.join(baseDir, ref.replace(/^\/(admin\/)?/, '')));
}

function report(name, indexFile, baseDir) {
  if (!existsSync(indexFile)) return console.log(`${name}: not built`);
  let raw = 0;
  let gz = 0;
  for (const file of initialAssets(indexFile, baseDir)) {
    const buf = readFileSync(file);
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
    console.log(
      `  ${path.relative(pub, file)}  ${(buf.length / 1024).toFixed(1)} KiB → gzip ${(gzipSync(buf, { level: 9 }).length / 1024).toFixed(1)} KiB`,
    );
  }
  console.log(`${name}: initial ${(raw / 1024).toFixed(1)} KiB, gzip ${(gz / 1024).toFixed(1)} KiB`);
}

report('member-web', path.join(pub, 'index.html'), pub);
report('admin-web', path.join(pub, 'admin', 'index.html'), path.join(pub, 'admin'));
