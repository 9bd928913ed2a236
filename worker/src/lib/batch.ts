// Multi-row inserts sized for D1 (at most 100 bound parameters per statement), so the same
// bulk loaders run on D1 in the Worker and on libSQL in Node tooling.
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './env';

const MAX_PARAMS = 100;

/** Splits rows so that no statement binds more than D1's parameter limit. */
export function chunkForInsert<T extends object>(rows: readonly T[]): T[][] {
  const first = rows[0];
  if (!first) return [];
  const perRow = Math.max(1, Object.keys(first).length);
  const size = Math.max(1, Math.floor(MAX_PARAMS / perRow));
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}

/** Runs the statements as one batch: a single transaction on both D1 and libSQL. */
export async function runBatch(db: Db, items: BatchItem<'sqlite'>[]): Promise<void> {
  const [first, ...rest] = items;
  if (!first) return;
  await db.batch([first, ...rest]);
}
