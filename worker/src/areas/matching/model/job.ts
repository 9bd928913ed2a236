// The daily training job (Cron Trigger, worker/src/index.ts scheduled()): bounded work per run —
// at most MAX_EVENTS of the last WINDOW_DAYS' events, at most TrainOptions.epochs epochs (fewer when
// the held-out loss stops falling) — then every
// trained member's vectors are written to member_vectors. The benchmark calls the same function.
import type { Db } from '../../../lib/env';
import { answerMap } from '../../../contract/values-core';
import { answersOf } from '../../values/repo';
import { loadAttributes, loadEvents, storeVectors } from './repo';
import { trainReciprocalMF, type TrainOptions } from './train';

export const TRAINING = { windowDays: 90, maxEvents: 200_000 } as const;

export type TrainingReport = {
  events: number;
  members: number;
  lossFirst: number;
  lossLast: number;
  /** Epochs kept (chosen on the held-out events) and their held-out loss. */
  epochs: number;
  validationLoss: number | null;
};

export async function trainRecommender(
  db: Db,
  now: Date,
  options: Partial<TrainOptions> = {},
  /** false: train without the 가치관 answers (the benchmark's ablation only; the cron uses them). */
  useValues = true,
): Promise<TrainingReport> {
  const since = new Date(now.getTime() - TRAINING.windowDays * 86_400_000).toISOString();
  const events = await loadEvents(db, since, TRAINING.maxEvents);
  const ids = [...new Set(events.flatMap((e) => [e.from, e.to]))];
  const { tokens, profiles } = await loadAttributes(db, ids);
  // 가치관 answers for the pair features (valuesSatisfied, compatibility): one read in slices of 90 ids.
  if (useValues)
    for (const [id, list] of await answersOf(db, ids)) {
      const profile = profiles.get(id);
      if (profile && list.length > 0) profile.values = answerMap(list);
    }
  // Events of deleted members are left out (their attributes did not load).
  const kept = events.filter((e) => tokens.has(e.from) && tokens.has(e.to));
  const { vectors, pair, lossByEpoch, validationByEpoch, epochs } = trainReciprocalMF(kept, tokens, options, profiles);
  await storeVectors(db, vectors, pair, now.toISOString());
  return {
    events: kept.length,
    members: vectors.size,
    lossFirst: lossByEpoch[0] ?? 0,
    lossLast: lossByEpoch[lossByEpoch.length - 1] ?? 0,
    epochs,
    validationLoss: validationByEpoch.length ? Math.min(...validationByEpoch) : null,
  };
}
