// `npx tsx bench/safety/detector-speed.ts [--oracle]`: the safety detector's cost per text
// (docs/safety.md "Cost per message"), on what chat actually carries: the chat bench's messages
// (bench/chat/load.mjs), the demo data's community lines (scripts/demo/post-texts.ts), the labelled
// corpus (bench/safety/corpus.json) and seeded everyday Korean sentences with emoji, digits and Latin
// words. Per set: µs per text (median of 9 warm passes) and the share of texts flagged.
// --oracle also times the detector as it was before its fast path (worker/test-node/safety/
// detector-oracle.ts), so one run shows before and after on the same machine.
// Profile with: node --cpu-prof --import tsx bench/safety/detector-speed.ts
import { readFileSync } from 'node:fs';
import { detectSafety } from '../../worker/src/contract/safety/detector';
import { detectSafetyOracle } from '../../worker/test-node/safety/detector-oracle';
import * as demo from '../../scripts/demo/post-texts';
import { seededRandom } from '../../scripts/demo/random';

type Detect = (raw: string) => { flags: unknown[] };

// The chat bench's message (bench/chat/load.mjs): the same words, its ids counting up.
const runTag = Date.UTC(2026, 10, 27).toString(36);
const chatBench = Array.from({ length: 500 }, (_, k) => {
  const seq = k + 1;
  return `안녕하세요! ${seq}번째 메시지예요 (${runTag}-1-${k % 37}-${seq})`;
});

// Every line of the demo community texts.
const demoLines = Object.values(demo)
  .flatMap((v) => (Array.isArray(v) ? v : []))
  .flatMap((v: unknown) => (typeof v === 'string' ? [v] : Object.values(v as object).flat()))
  .filter((s): s is string => typeof s === 'string' && s.length > 0);

const corpus = (
  JSON.parse(readFileSync(new URL('./corpus.json', import.meta.url), 'utf8')) as Array<{ text: string }>
).map((e) => e.text);

// Everyday chat: greetings, plans, times and places, a Latin word or two, emoji and laughter.
// The project's seeded generator (scripts/demo/random.ts), so every run times the same texts.
const rng = seededRandom(20261127);
// prettier-ignore
const PIECES = {
  open: ['안녕하세요', '반가워요', '오늘', '어제', '주말에', '퇴근하고', '아까', '저도', '혹시', '그럼', '와', '음'],
  middle: [
    '날씨가 너무 좋네요', '카페 가서 라떼 마셨어요', '영화 보러 갈까 고민 중이에요', '저녁은 드셨어요', '산책하기 딱 좋았어요',
    '회사 일이 좀 많았어요', '강아지 산책 시켰어요', '요리하는 거 좋아하세요', '전시회 다녀왔어요', '책 읽다가 잠들었어요',
    '러닝 5km 뛰었어요', '떡볶이 먹고 싶어요', '여행 사진 보니까 설레요', '음악 추천해 주실래요', '내일 비 온대요',
  ],
  latin: ['ok', 'lol', 'Netflix', 'iPhone', 'OTT', 'MBTI', 'ENFP', 'IU', 'BTS', 'good', 'Starbucks', 'K-pop'],
  digits: ['7시', '2시 반', '3번 출구', '1992년생', '180cm', '2026년', '10분', '5월', '30분 뒤에', '12월 24일'],
  tail: ['ㅎㅎ', 'ㅋㅋㅋ', '^^', '!', '?', '~', '...', ':)', 'ㅠㅠ', ''],
  emoji: ['😀', '😂', '🥰', '👍', '☕', '🌸', '🙏', '✨', '👨‍👩‍👧', '❤️', ''],
};
const generated = Array.from({ length: 2000 }, () => {
  const parts = [rng.pick(PIECES.open), rng.pick(PIECES.middle)];
  if (rng.next() < 0.4) parts.push(rng.pick(PIECES.digits));
  if (rng.next() < 0.3) parts.push(rng.pick(PIECES.latin));
  if (rng.next() < 0.5) parts.push(rng.pick(PIECES.middle));
  return `${parts.join(' ')}${rng.pick(PIECES.tail)} ${rng.pick(PIECES.emoji)}`.trim();
});

const SETS: Array<[string, string[]]> = [
  ['chat bench messages', chatBench],
  ['demo community lines', demoLines],
  ['safety corpus (labelled)', corpus],
  ['generated everyday chat', generated],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** µs per text for each detector: median of 9 warm passes, the detectors taking turns in each pass (a busy machine slows both alike). */
function time(detects: Detect[], texts: string[]): number[] {
  for (const detect of detects) for (let r = 0; r < 3; r++) for (const t of texts) detect(t); // warm
  const passes: number[][] = detects.map(() => []);
  // about 20,000 calls per detector and pass, so a pass is long enough to time
  const rounds = Math.max(1, Math.ceil(20_000 / texts.length));
  for (let p = 0; p < 9; p++) {
    detects.forEach((detect, d) => {
      const t0 = performance.now();
      for (let r = 0; r < rounds; r++) for (const t of texts) detect(t);
      passes[d]?.push(((performance.now() - t0) * 1000) / (rounds * texts.length));
    });
  }
  return passes.map(median);
}

const withOracle = process.argv.includes('--oracle');
const detectors: Array<[string, Detect]> = [['detector', detectSafety]];
if (withOracle) detectors.unshift(['oracle (before)', detectSafetyOracle]);

console.log(`node ${process.version}; µs per text, median of 9 warm passes\n`);
const header = ['| Texts | n | flagged', ...detectors.map(([name]) => name)];
console.log(`${header.join(' | ')} |`);
console.log(`| --- | ---: | ---: |${detectors.map(() => ' ---: |').join('')}`);
for (const [name, texts] of SETS) {
  const flagged = texts.filter((t) => detectSafety(t).flags.length > 0).length;
  const cells = time(
    detectors.map(([, detect]) => detect),
    texts,
  ).map((us) => us.toFixed(1));
  console.log(
    `| ${name} | ${texts.length} | ${((100 * flagged) / texts.length).toFixed(1)} % | ${cells.join(' | ')} |`,
  );
}
