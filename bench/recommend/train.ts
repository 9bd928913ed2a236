// Trains the learned recommender's vectors on the benchmark's local D1 with the same function the
// daily Cron Trigger runs (worker/src/areas/matching/model/job.ts), so `bench:recommend` measures
// the recommend endpoint with member_vectors filled in (their pool query reads them).
//   tsx bench/recommend/train.ts --persist-to /tmp/ongi-bench-recommend/state
import { parseArgs } from 'node:util';
import { trainRecommender } from '../../worker/src/areas/matching/model/job';
import { findLocalD1, openLocalDb, stateDir } from '../../scripts/demo/local-state';

const { values: args } = parseArgs({ options: { 'persist-to': { type: 'string' } } });

async function main(): Promise<void> {
  const started = performance.now();
  const { db, client } = openLocalDb(await findLocalD1(stateDir(args['persist-to'])));
  try {
    const r = await trainRecommender(db, new Date());
    console.log(
      `  학습: 이벤트 ${r.events.toLocaleString('ko-KR')}개, 회원 ${r.members.toLocaleString('ko-KR')}명의 벡터, ` +
        `손실 ${r.lossFirst.toFixed(3)}→${r.lossLast.toFixed(3)} — ${((performance.now() - started) / 1000).toFixed(1)}초`,
    );
  } finally {
    client.close();
  }
}

main().catch((err: unknown) => {
  console.error('✖ 추천 모델을 학습하지 못했어요.', err);
  process.exit(1);
});
