// Who may see whom, and the profile modal (GET /api/on/profile/modal/{memberId}).
import { sql } from 'drizzle-orm';
import { ageOn } from '../../contract/age';
import { PROFILE_KO, type ModalProfile } from '../../contract/profiles';
import { batchReads } from '../../lib/db';
import type { Db } from '../../lib/env';
import { NotFound } from '../../lib/errors';
import { imageUrl } from '../media/service';
import { isBanned } from '../members/service';
import { inCanonicalOrder } from '../mypage/service';
import { isBlockedEitherWay } from '../blocks/repo';
import type { BatchResponse } from 'drizzle-orm/batch';
import { findTarget, modalQueries, type TargetRow } from './repo';
import { detailsQueries, storedDetailsFrom } from '../profile-details/repo';
import { publicDetails } from '../profile-details/service';

export const profileNotFound = () => new NotFound(PROFILE_KO.notFound, 'PROFILE_NOT_FOUND');

/**
 * The member `viewerId` may see, or 404: a missing, withdrawn or currently banned member, and
 * anyone the viewer blocked or who blocked the viewer, all look the same ("doesn't exist").
 */
export async function visibleTarget(db: Db, viewerId: number, targetId: number, now: Date): Promise<TargetRow> {
  const target = await findTarget(db, targetId);
  if (!target || target.deletedAt !== null || isBanned(target, now)) throw profileNotFound();
  if (targetId !== viewerId && (await isBlockedEitherWay(db, viewerId, targetId))) throw profileNotFound();
  return target;
}

/** The modal's reads, one batch: the member, photos, interests and details (the route adds the auth statement). */
export const modalReads = (db: Db, viewerId: number, targetId: number) =>
  batchReads(
    db,
    'profile-modal',
    () => {
      const [viewer, target] = [sql.placeholder('viewer'), sql.placeholder('target')];
      return [...modalQueries(db, viewer, target), ...detailsQueries(db, target)] as const;
    },
    { viewer: viewerId, target: targetId },
  );

/**
 * The modal from its reads: the same visibility rule as visibleTarget. The details were read
 * alongside and are dropped unless the checks pass.
 */
export function modalFrom(
  [targets, images, interests, ...details]: BatchResponse<ReturnType<typeof modalReads>>,
  viewerId: number,
  targetId: number,
  now: Date,
): ModalProfile {
  const target = targets[0];
  if (!target || target.deletedAt !== null || isBanned(target, now)) throw profileNotFound();
  if (targetId !== viewerId && target.blocked) throw profileNotFound();
  return {
    memberId: target.id,
    name: target.name,
    age: ageOn(target.birthday, now),
    city: target.city,
    district: target.district,
    interests: inCanonicalOrder(interests.map((r) => r.tag)),
    images: images.map((img) => ({ role: img.role, url: imageUrl(img.objectKey) })),
    hearted: target.hearted,
    details: publicDetails(storedDetailsFrom(details)),
    verified: { identity: target.identityVerified, photo: target.photoVerified },
  };
}
