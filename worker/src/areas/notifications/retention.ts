// The daily clean-up (Cron Trigger): notifications whose latest event is older than `keepDays`.
import { NOTIFICATION_LIMITS } from '../../contract/notifications';
import { iso } from '../../lib/clock';
import type { Db } from '../../lib/env';
import { deleteOlderThan } from './repo';

const CHUNK = 1_000;
/** Bounds one run; what is left goes the next day. */
const MAX_CHUNKS = 100;

export async function deleteOldNotifications(db: Db, now: Date): Promise<number> {
  const before = iso(new Date(now.getTime() - NOTIFICATION_LIMITS.keepDays * 86_400_000));
  let total = 0;
  for (let i = 0; i < MAX_CHUNKS; i++) {
    const gone = await deleteOlderThan(db, before, CHUNK);
    total += gone;
    if (gone < CHUNK) break;
  }
  return total;
}
