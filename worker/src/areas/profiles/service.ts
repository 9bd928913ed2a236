// The profile modal (GET /api/on/profile/modal/{memberId}).
import { sql } from 'drizzle-orm';
import { ageOn } from '../../contract/age';
import type { ModalProfile } from '../../contract/profiles';
import { batchReads } from '../../lib/db';
import type { Db } from '../../lib/env';
import { imageUrl } from '../media/service';
import { inCanonicalOrder } from '../mypage/service';
import { clockPlaceholders, clockValues } from '../visibility/repo';
import { memberNotFound } from '../visibility/service';
import type { BatchResponse } from 'drizzle-orm/batch';
import { modalQueries } from './repo';
import { detailsQueries, storedDetailsFrom } from '../profile-details/repo';
import { publicDetails } from '../profile-details/service';
import { publicVoice } from '../profile-details/voice';
import type { Env } from '../../lib/env';
import { pairAnswersQuery } from '../values/repo';
import { profileValues } from '../values/service';

/** A member one may not see answers like one that does not exist (the visibility module's 404). */
export const profileNotFound = memberNotFound;

/** The modal's reads, one batch: the member, photos, interests, both members' 가치관 answers and details (the route adds the auth statement). */
export const modalReads = (db: Db, viewerId: number, targetId: number, now: Date) =>
  batchReads(
    db,
    'profile-modal',
    () => {
      const [viewer, target] = [sql.placeholder('viewer'), sql.placeholder('target')];
      return [
        ...modalQueries(db, viewer, target, clockPlaceholders()),
        pairAnswersQuery(db, viewer, target),
        ...detailsQueries(db, target),
      ] as const;
    },
    { viewer: viewerId, target: targetId, ...clockValues(now) },
  );

/**
 * The modal from its reads: the visibility module decided in SQL (areas/visibility). The details
 * were read alongside and are dropped unless the member is visible.
 */
export async function modalFrom(
  env: Env,
  [targets, images, interests, values, ...details]: BatchResponse<ReturnType<typeof modalReads>>,
  viewerId: number,
  targetId: number,
  now: Date,
): Promise<ModalProfile> {
  const target = targets[0];
  if (!target?.visible) throw profileNotFound();
  const stored = storedDetailsFrom(details);
  return {
    memberId: target.id,
    name: target.name,
    age: ageOn(target.birthday, now),
    city: target.city,
    district: target.district,
    interests: inCanonicalOrder(interests.map((r) => r.tag)),
    images: images.map((img) => ({ role: img.role, url: imageUrl(img.objectKey) })),
    hearted: target.hearted,
    details: publicDetails(stored),
    // Only past the visibility check above: never for a blocked or hidden member.
    voice: await publicVoice(env, stored.voice, now),
    verified: { identity: target.identityVerified, photo: target.photoVerified },
    ...profileValues(values, viewerId, targetId),
  };
}
