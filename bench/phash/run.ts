// `npm run bench:phash`: measures the duplicate-photo threshold (issue 20 §3, docs/trust.md
// "Verified photos"). Originals: drawn demo profile photos (scripts/demo/avatar.ts, one per
// simulated member) and generated varied pictures (worker/test/photo-verification/images.ts).
// Each original is transformed the way a re-uploaded copy would be (resize, recompress, crop 5 %,
// brightness ±, and all at once); every transformed copy against its original is a true match,
// every pair of different originals a different photo. Prints, per Hamming threshold, the true
// matches found and the different photos wrongly matched, through the Worker's own decoder and
// hash (media/phash.ts).
//   tsx bench/phash/run.ts [--members 120] [--patterns 120]
import { parseArgs } from 'node:util';
import { decode as decodePng } from 'fast-png';
import {
  PHASH_MATCH_DISTANCE,
  PHASH_REFUSE_DISTANCE,
  hammingDistance,
  phashOf,
} from '../../worker/src/areas/media/phash';
import { randomLook, profilePhoto } from '../../scripts/demo/avatar';
import { seededRandom } from '../../scripts/demo/random';
import { SCENES } from '../../scripts/demo/scenes';
import {
  brighten,
  crop,
  patternImage,
  resize,
  toJpeg,
  toPng,
  type Rgb,
} from '../../worker/test/photo-verification/images';

const { values } = parseArgs({
  options: { members: { type: 'string', default: '120' }, patterns: { type: 'string', default: '120' } },
});
const members = Number(values.members);
const patterns = Number(values.patterns);

function rgbOfPng(bytes: Uint8Array): Rgb {
  const png = decodePng(bytes);
  const data = new Uint8Array(png.width * png.height * 3);
  for (let i = 0, j = 0; i < data.length; i += 3, j += png.channels) {
    data[i] = png.data[j]!;
    data[i + 1] = png.data[j + 1]!;
    data[i + 2] = png.data[j + 2]!;
  }
  return { width: png.width, height: png.height, data };
}

const originals: Rgb[] = [];
const rng = seededRandom(20);
for (let i = 0; i < members; i++) {
  const look = randomLook(rng, i % 2 === 0 ? 'F' : 'M');
  originals.push(rgbOfPng(profilePhoto(look, rng.pick([...SCENES]), 0, rng)));
}
for (let i = 0; i < patterns; i++) originals.push(patternImage(50_000 + i, 320, 400));

const TRANSFORMS: [string, (img: Rgb) => Uint8Array, 'png' | 'jpeg'][] = [
  ['resize 50 %', (img) => toPng(resize(img, img.width >> 1, img.height >> 1)), 'png'],
  ['resize 150 %', (img) => toPng(resize(img, Math.round(img.width * 1.5), Math.round(img.height * 1.5))), 'png'],
  ['JPEG q85', (img) => toJpeg(img, 85), 'jpeg'],
  ['JPEG q40', (img) => toJpeg(img, 40), 'jpeg'],
  ['crop 5 %', (img) => toPng(crop(img, 0.05)), 'png'],
  ['brightness +30', (img) => toPng(brighten(img, 30)), 'png'],
  ['brightness −30', (img) => toPng(brighten(img, -30)), 'png'],
  [
    'all: 75 % + crop 5 % + +15 + JPEG q70',
    (img) =>
      toJpeg(brighten(crop(resize(img, Math.round(img.width * 0.75), Math.round(img.height * 0.75)), 0.05), 15), 70),
    'jpeg',
  ],
];

const started = Date.now();
const hashes = originals.map((img) => phashOf(toPng(img), 'png'));
const missing = hashes.filter((h) => h === null).length;
const trueDistances: Record<string, number[]> = {};
for (const [name, transform, format] of TRANSFORMS) {
  trueDistances[name] = originals.flatMap((img, i) => {
    const h = hashes[i];
    const t = phashOf(transform(img), format);
    return h && t ? [hammingDistance(h, t)] : [];
  });
}
const allTrue = Object.values(trueDistances).flat();
const different: number[] = [];
const drawnDifferent: number[] = [];
for (let i = 0; i < hashes.length; i++) {
  for (let j = i + 1; j < hashes.length; j++) {
    const a = hashes[i];
    const b = hashes[j];
    if (!a || !b) continue;
    const d = hammingDistance(a, b);
    different.push(d);
    if (i < members && j < members) drawnDifferent.push(d);
  }
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
console.log(
  `originals: ${members} drawn demo photos + ${patterns} generated pictures (${missing} without a hash); ` +
    `${allTrue.length} true pairs, ${different.length} different pairs (${drawnDifferent.length} drawn–drawn); ${Date.now() - started} ms`,
);
console.log('');
console.log('| threshold ≤ | true matches found | different photos wrongly matched | of them drawn–drawn |');
console.log('|---:|---:|---:|---:|');
for (let t = 0; t <= 24; t += 2) {
  const found = allTrue.filter((d) => d <= t).length;
  const wrong = different.filter((d) => d <= t).length;
  const wrongDrawn = drawnDifferent.filter((d) => d <= t).length;
  const mark = t === PHASH_MATCH_DISTANCE ? ' **(flag)**' : t === PHASH_REFUSE_DISTANCE ? ' **(refuse, banned)**' : '';
  console.log(
    `| ${t}${mark} | ${found} / ${allTrue.length} (${pct(found, allTrue.length)}) | ${wrong} / ${different.length} (${pct(wrong, different.length)}) | ${wrongDrawn} |`,
  );
}
console.log('');
console.log('| transformation | max distance | found at the chosen threshold |');
console.log('|---|---:|---:|');
for (const [name, ds] of Object.entries(trueDistances)) {
  const found = ds.filter((d) => d <= PHASH_MATCH_DISTANCE).length;
  console.log(`| ${name} | ${Math.max(...ds)} | ${found} / ${ds.length} |`);
}
const minDifferent = Math.min(...different);
console.log('');
console.log(
  `closest different photos: ${minDifferent} bits apart; different pairs ≤ 16 bits: ${different.filter((d) => d <= 16).length}`,
);
