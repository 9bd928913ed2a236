// Rows whose queue message was lost (the runtime died between the row's write and its enqueue, or
// the send failed): the Cron Trigger re-enqueues them every few minutes, within a bounded age, so
// they are announced and pushed after all (docs/notifications.md "Sweep"). Delivery
// stays once per row (the claim) and per device (push_deliveries), so a row enqueued twice is
// announced once and no device gets it twice.
import { iso } from '../../lib/clock';
import type { Db, Env } from '../../lib/env';
import { findStranded } from './delivery-repo';
import { enqueueMany } from './queue';

/** The Cron Trigger that runs the sweep (wrangler.toml [triggers]); the daily one runs the other jobs. */
export const NOTIF_SWEEP_CRON = '*/5 * * * *';
/** Younger rows are left alone: their own queue message is most likely still on its way. */
export const SWEEP_GRACE_MS = 60_000;
/** Older rows are not swept: a day is the longest push TTL of a person's event (push-policy.ts). */
export const SWEEP_MAX_AGE_MS = 24 * 3_600_000;
/** Rows re-enqueued per run at most (the rest, if any, goes on the next run). */
export const SWEEP_LIMIT = 1_000;

/** Re-enqueues the stranded rows; answers how many. */
export async function redeliverStranded(env: Env, db: Db, now: Date): Promise<number> {
  const ids = await findStranded(db, {
    oldest: iso(new Date(now.getTime() - SWEEP_MAX_AGE_MS)),
    youngest: iso(new Date(now.getTime() - SWEEP_GRACE_MS)),
    now: iso(now),
    limit: SWEEP_LIMIT,
  });
  await enqueueMany(
    env,
    ids.map((notificationId) => ({ type: 'deliver', notificationId })),
  );
  return ids.length;
}
