// `npm run bench:media`: CPU time of the Worker's upload pipeline (media/clean.ts: header check,
// decode, box-filter shrink to LIMITS.imageMaxSide, JPEG/PNG encode, pHash) per typical photo size.
// The numbers go to docs/trust.md "Stored images". Node's V8 runs the same JS as workerd.
//   tsx bench/media/run.ts [--runs 3]
import { parseArgs } from 'node:util';
import { cleanImage } from '../../worker/src/areas/media/clean';
import { phashOfPixels } from '../../worker/src/areas/media/phash';
import { patternImage, toJpeg, toPng } from '../../worker/test/photo-verification/images';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);

const CASES: { label: string; width: number; height: number; format: 'jpeg' | 'png' }[] = [
  { label: 'SPA-prepared JPEG 1600×1200', width: 1600, height: 1200, format: 'jpeg' },
  { label: 'SPA-prepared JPEG 1200×1600 portrait', width: 1200, height: 1600, format: 'jpeg' },
  { label: 'largest accepted JPEG 2560×1920 (4.9 MP)', width: 2560, height: 1920, format: 'jpeg' },
  { label: 'screenshot PNG 1170×2532 (3.0 MP)', width: 1170, height: 2532, format: 'png' },
];

for (const c of CASES) {
  const img = patternImage(7, c.width, c.height);
  const bytes = c.format === 'jpeg' ? toJpeg(img, 90) : toPng(img);
  const times: number[] = [];
  let out = cleanImage(bytes);
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    out = cleanImage(bytes);
    phashOfPixels(out.pixels);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `${c.label}: ${(bytes.length / 1024).toFixed(0)} KB in → ${out.width}×${out.height} ${out.format} ` +
      `${(out.bytes.length / 1024).toFixed(0)} KB, median ${median.toFixed(0)} ms (${runs} runs)`,
  );
}
