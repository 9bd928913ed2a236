// `npm run bench:safety`: the safety detector (worker/src/contract/safety) on the labelled Korean
// corpus (bench/safety/corpus.json; docs/safety.md "Detector"). Prints, for each split (held-out,
// written before any rule; fresh and blind, each measured once before its misses were fixed; final,
// written after the last rule change and never tuned on; dev, the rules' training ground) and for
// all together: per kind the support (messages labelled with it), precision, recall and F1, counted
// per message; the false-alarm rate on clean messages (any flag at all); and the time per message.
//   tsx bench/safety/run.ts [--misses]   (--misses lists every wrong answer)
import { readFileSync } from 'node:fs';
import { SAFETY_KINDS, type SafetyKind } from '../../worker/src/contract/safety/kinds';
import { detectSafety, safetyKindsOf } from '../../worker/src/contract/safety/detector';

type Entry = {
  split: 'heldout' | 'fresh' | 'blind' | 'final' | 'dev';
  kinds: SafetyKind[];
  text: string;
  note: string;
};
const corpus = JSON.parse(readFileSync(new URL('./corpus.json', import.meta.url), 'utf8')) as Entry[];
const showMisses = process.argv.includes('--misses');

const pct = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '—');

function report(name: string, entries: Entry[]) {
  const rows: string[] = [];
  const misses: string[] = [];
  const found = entries.map((e) => safetyKindsOf(e.text));
  for (const kind of SAFETY_KINDS) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    entries.forEach((e, i) => {
      const want = e.kinds.includes(kind);
      const got = found[i]?.includes(kind) ?? false;
      if (want && got) tp++;
      else if (got) {
        fp++;
        misses.push(`  FP ${kind.padEnd(7)} ${e.text}`);
      } else if (want) {
        fn++;
        misses.push(`  FN ${kind.padEnd(7)} ${e.text}`);
      }
    });
    const p = tp / (tp + fp);
    const r = tp / (tp + fn);
    const f1 = (2 * p * r) / (p + r);
    rows.push(`| ${kind} | ${tp + fn} | ${pct(p)} | ${pct(r)} | ${pct(f1)} |`);
  }
  const clean = entries.map((e, i) => ({ e, got: found[i] ?? [] })).filter(({ e }) => e.kinds.length === 0);
  const alarms = clean.filter(({ got }) => got.length > 0).length;
  console.log(`\n### ${name} (${entries.length} messages, ${clean.length} clean)\n`);
  console.log('| Kind | Support | Precision | Recall | F1 |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const row of rows) console.log(row);
  console.log(
    `\nFalse alarms on clean talk: ${alarms} / ${clean.length} (${((100 * alarms) / clean.length).toFixed(1)} %)`,
  );
  if (showMisses && misses.length) console.log(misses.join('\n'));
}

const split = (name: Entry['split']) => corpus.filter((e) => e.split === name);
report('Held-out: written before any rule', split('heldout'));
report('Fresh: written after the first tuning; its misses were fixed after its first measure', split('fresh'));
report('Blind: written after the third probe; its misses were fixed after its first measure', split('blind'));
report('Final: written after the last rule change, never tuned on', split('final'));
report('Dev: the rules were tuned on these', split('dev'));
report('All', corpus);

// Time per message: warm up, then run the whole corpus repeatedly.
for (const e of corpus) detectSafety(e.text);
const rounds = 50;
const t0 = performance.now();
for (let r = 0; r < rounds; r++) for (const e of corpus) detectSafety(e.text);
const perMessage = ((performance.now() - t0) * 1000) / (rounds * corpus.length);
const long = corpus
  .map((e) => e.text)
  .join(' ')
  .slice(0, 1000);
const t1 = performance.now();
for (let r = 0; r < rounds; r++) detectSafety(long);
const perLong = ((performance.now() - t1) * 1000) / rounds;
console.log(
  `\nTime: ${perMessage.toFixed(1)} µs per corpus message; ${perLong.toFixed(0)} µs for a 1,000-character text.`,
);
