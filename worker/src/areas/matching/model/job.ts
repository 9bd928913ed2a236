// The daily training job (Cron Trigger, worker/src/index.ts scheduled()): bounded work per run —
// at most MAX_EVENTS of the last WINDOW_DAYS' events, a fixed number of epochs — then every
// trained member's vectors are written to member_vectors. The benchmark calls the same function.
import type { Db } from '../../../lib/env';
import { loadAttributes, loadEvents, storeVectors } from './repo';
import { trainReciprocalMF, type TrainOptions } from './train';

export const TRAINING = { windowDays: 90, maxEvents: 200_000 } as const;

export type TrainingReport = { events: number; members: number; lossFirst: number; lossLast: number };

export async function trainRecommender(
  db: Db,
  now: Date,
  options: Partial<TrainOptions> = {},
): Promise<TrainingReport> {
  const since = new Date(now.getTime() - TRAINING.windowDays * 86_400_000).toISOString();
  const events = await loadEvents(db, since, TRAINING.maxEvents);
  const ids = [...new Set(events.flatMap((e) => [e.from, e.to]))];
  const attributes = await loadAttributes(db, ids);
  // Events of deleted members are left out (their attributes did not load).
  const kept = events.filter((e) => attributes.has(e.from) && attributes.has(e.to));
  const { vectors, lossByEpoch } = trainReciprocalMF(kept, attributes, options);
  await storeVectors(db, vectors, now.toISOString());
  return {
    events: kept.length,
    members: vectors.size,
    lossFirst: lossByEpoch[0] ?? 0,
    lossLast: lossByEpoch[lossByEpoch.length - 1] ?? 0,
  };
}
