// Hearts: PUT and DELETE are idempotent; never to oneself (400), and a member the visibility
// module hides (withdrawn, banned, blocked, under 19) answers 404 like any profile one cannot see.
import { PROFILE_KO, type HeartResponse } from '../../contract/profiles';
import { iso } from '../../lib/clock';
import type { Db, Env } from '../../lib/env';
import { Invalid } from '../../lib/errors';
import { hit } from '../../lib/rate-limit';
import { requireVerifiedIdentity } from '../identity/service';
import { notifyHeart } from '../notifications/producers';
import { markTodayCard } from '../today/service';
import { profileNotFound } from '../profiles/service';
import { requireVisible } from '../visibility/service';
import { deleteHeartOfMember, insertHeart } from './repo';

/** Enough for eager browsing, too few to spam the popular ranking. */
export const HEART_LIMIT = { max: 300, windowSeconds: 3600 } as const;

const notToSelf = () => new Invalid(PROFILE_KO.heartSelf, undefined, 'HEART_SELF');

export async function giveHeart(
  db: Db,
  memberId: number,
  targetId: number,
  now: Date,
  env: Env,
): Promise<HeartResponse> {
  if (targetId === memberId) throw notToSelf();
  await requireVerifiedIdentity(db, memberId);
  await requireVisible(db, memberId, targetId, now);
  await hit(db, `heart:${memberId}`, HEART_LIMIT, now);
  // Only a new heart is news for them (a second PUT changes nothing).
  if (await insertHeart(db, memberId, targetId, iso(now)))
    await notifyHeart({ env, db, now }, { from: memberId, to: targetId });
  // 오늘의 인연 (docs/today.md): a heart to a card of my current set marks it 좋아요.
  await markTodayCard(db, memberId, targetId, 'LIKED', now);
  return { memberId: targetId, hearted: true };
}

/** Taking a heart back works even when the other member is banned or blocked now. */
export async function takeHeart(db: Db, memberId: number, targetId: number): Promise<HeartResponse> {
  if (targetId === memberId) throw notToSelf();
  // The target's existence and the delete in one round trip (the delete is guarded the same way).
  if (!(await deleteHeartOfMember(db, memberId, targetId))) throw profileNotFound();
  return { memberId: targetId, hearted: false };
}
