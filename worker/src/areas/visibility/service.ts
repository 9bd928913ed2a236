// The visibility module's checks that answer (docs/trust.md "Adults only"): a member one may not
// see answers exactly like a member that does not exist — the same 404, code and message.
import { PROFILE_KO } from '../../contract/profiles';
import type { Db } from '../../lib/env';
import { NotFound } from '../../lib/errors';
import { isVisible } from './repo';

/** The profile surfaces' "doesn't exist" (modal, profile pages, hearts). */
export const memberNotFound = () => new NotFound(PROFILE_KO.notFound, 'PROFILE_NOT_FOUND');

/**
 * Throws the 404 of a missing member unless `targetId` is visible to `viewerId` (repo.ts has the
 * rule). A surface with its own "missing" answer (chat requests) passes it as `notFound`.
 */
export async function requireVisible(
  db: Db,
  viewerId: number,
  targetId: number,
  now: Date,
  notFound: () => Error = memberNotFound,
): Promise<void> {
  if (!(await isVisible(db, viewerId, targetId, now))) throw notFound();
}
