// Verified photos (사진 인증, docs/trust.md "Verified photos"): the server picks a pose, the member sends a selfie
// copying it, an operator compares it with the member's photos and decides. Selfies are private:
// stored under `selfies/` (never a /media key), shown only through the admin route, deleted 30
// days after the decision by the daily cron.
import {
  PHOTO_REJECT_REASONS,
  PHOTO_VERIFICATION_KO,
  PHOTO_VERIFICATION_LIMITS,
  POSES,
  POSE_IDS,
  isPose,
  type AdminPhotoVerification,
  type PhotoDecisionBody,
  type PhotoPoseStart,
  type PhotoVerificationState,
  type Pose,
  type VerificationState,
  type PhotoSource,
} from '../../contract/photo-verification';
import { hmacSign, hmacVerify, randomToken } from '../../lib/crypto';
import type { Db, Env } from '../../lib/env';
import { Conflict, Invalid, NotFound, RateLimited, TooLarge } from '../../lib/errors';
import { jwtSecret } from '../../lib/tokens';
import { cleanImage } from '../media/clean';
import { imageUrl } from '../media/service';
import { notifyPhotoVerification } from '../notifications/producers';
import {
  attemptsSince,
  clearSelfieKey,
  decide,
  expiredSelfies,
  insertAttempt,
  latestAttempt,
  pendingCount,
  pendingQueue,
  photoOwner,
  queueItem,
  selfieKeyOf,
  type QueueRow,
} from './repo';

export const SELFIE_PREFIX = 'selfies/';
const SELFIE_KEY = /^selfies\/[A-Za-z0-9_-]{16,64}\.(jpg|png|webp)$/;

const KST_OFFSET_MS = 9 * 3_600_000;

/** Midnight of today's Korean calendar day, as a UTC ISO instant. */
export function koreanDayStart(now: Date): string {
  const kst = new Date(now.getTime() + KST_OFFSET_MS);
  return new Date(Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth(), kst.getUTCDate()) - KST_OFFSET_MS).toISOString();
}

const memberGone = () => new NotFound('회원 정보를 찾을 수 없어요.', 'MEMBER_NOT_FOUND');

/** The photo half of GET /api/on/verification (only ever the caller's own). */
export async function photoVerificationState(db: Db, memberId: number): Promise<PhotoVerificationState> {
  const [owner, latest] = await Promise.all([photoOwner(db, memberId), latestAttempt(db, memberId)]);
  if (!owner) throw memberGone();
  if (owner.photoVerifiedAt) return { status: 'VERIFIED' };
  if (latest?.status === 'PENDING' && isPose(latest.pose)) return { status: 'PENDING', pose: latest.pose };
  if (latest?.status === 'REJECTED' && isPose(latest.pose)) {
    const reason =
      latest.reason && Object.hasOwn(PHOTO_REJECT_REASONS, latest.reason)
        ? PHOTO_REJECT_REASONS[latest.reason as keyof typeof PHOTO_REJECT_REASONS]
        : undefined;
    return { status: 'REJECTED', pose: latest.pose, ...(reason ? { reason } : {}) };
  }
  return { status: 'NONE' };
}

/** GET /api/on/verification (integrator: the identity half belongs to §2's module). */
export async function verificationState(db: Db, memberId: number): Promise<VerificationState> {
  const [owner, photo] = await Promise.all([photoOwner(db, memberId), photoVerificationState(db, memberId)]);
  if (!owner) throw memberGone();
  return { identity: { verified: owner.identityVerifiedAt !== null, verifiedAt: owner.identityVerifiedAt }, photo };
}

/** The checks both start and submit make; answers the current main photo's key. */
async function checkCanAttempt(db: Db, memberId: number, now: Date): Promise<string> {
  const [owner, latest, today] = await Promise.all([
    photoOwner(db, memberId),
    latestAttempt(db, memberId),
    attemptsSince(db, memberId, koreanDayStart(now)),
  ]);
  if (!owner) throw memberGone();
  if (!owner.mainImageKey) throw new Invalid(PHOTO_VERIFICATION_KO.needMainPhoto, undefined, 'MAIN_PHOTO_REQUIRED');
  if (owner.photoVerifiedAt) throw new Conflict(PHOTO_VERIFICATION_KO.alreadyVerified, 'ALREADY_VERIFIED');
  if (latest?.status === 'PENDING') throw new Conflict(PHOTO_VERIFICATION_KO.alreadyPending, 'VERIFICATION_PENDING');
  if (today >= PHOTO_VERIFICATION_LIMITS.attemptsPerDay) throw tooMany();
  return owner.mainImageKey;
}

const tooMany = () => new RateLimited(PHOTO_VERIFICATION_KO.tooMany(PHOTO_VERIFICATION_LIMITS.attemptsPerDay));

const poseData = (memberId: number, pose: Pose, exp: number) => `photo-pose.${memberId}.${pose}.${exp}`;

/** POST /api/on/verification/photo/start: a random pose, signed so the client cannot choose it. */
export async function startPhotoCheck(env: Env, db: Db, memberId: number, now: Date): Promise<PhotoPoseStart> {
  await checkCanAttempt(db, memberId, now);
  const pick = crypto.getRandomValues(new Uint32Array(1))[0]! % POSE_IDS.length;
  const pose = POSE_IDS[pick]!;
  const exp = Math.floor(now.getTime() / 1000) + PHOTO_VERIFICATION_LIMITS.poseTtlSeconds;
  const sig = await hmacSign(jwtSecret(env), poseData(memberId, pose, exp));
  return {
    pose,
    caption: POSES[pose],
    poseToken: `${pose}.${exp}.${sig}`,
    expiresAt: new Date(exp * 1000).toISOString(),
  };
}

async function poseFromToken(env: Env, memberId: number, token: string, now: Date): Promise<Pose> {
  const [pose = '', expText = '', sig = ''] = token.split('.');
  const exp = Number(expText);
  const valid =
    isPose(pose) &&
    Number.isSafeInteger(exp) &&
    exp > now.getTime() / 1000 &&
    (await hmacVerify(jwtSecret(env), poseData(memberId, pose, exp), sig));
  if (!valid)
    throw new Invalid(
      PHOTO_VERIFICATION_KO.poseExpired,
      { poseToken: PHOTO_VERIFICATION_KO.poseExpired },
      'POSE_EXPIRED',
    );
  return pose as Pose;
}

export type SelfieSubmission = { selfie: File; poseToken: string; source: PhotoSource };

/** POST /api/on/verification/photo: checks and stores the selfie, then queues it for an operator. */
export async function submitSelfie(
  env: Env,
  db: Db,
  memberId: number,
  s: SelfieSubmission,
  now: Date,
): Promise<PhotoVerificationState> {
  // Size first, so an oversize upload is never read.
  if (s.selfie.size > PHOTO_VERIFICATION_LIMITS.selfieMaxBytes)
    throw new TooLarge(PHOTO_VERIFICATION_KO.selfieTooLarge, 'IMAGE_TOO_LARGE');
  const pose = await poseFromToken(env, memberId, s.poseToken, now);
  const mainImageKey = await checkCanAttempt(db, memberId, now);
  const image = cleanImage(new Uint8Array(await s.selfie.arrayBuffer()));
  const key = `${SELFIE_PREFIX}${randomToken(16)}.${image.ext}`;
  await env.MEDIA.put(key, image.bytes, { httpMetadata: { contentType: image.contentType } });
  const id = await insertAttempt(db, {
    memberId,
    pose,
    selfieKey: key,
    source: s.source,
    mainImageKey,
    at: now.toISOString(),
    daySince: koreanDayStart(now),
    dailyLimit: PHOTO_VERIFICATION_LIMITS.attemptsPerDay,
  }).catch(async (err: unknown) => {
    await env.MEDIA.delete(key);
    throw err;
  });
  if (id === undefined) {
    // Lost a race with another submission: nothing of this one is kept.
    await env.MEDIA.delete(key);
    throw new Conflict(PHOTO_VERIFICATION_KO.alreadyPending, 'VERIFICATION_PENDING');
  }
  return { status: 'PENDING', pose };
}

// ---- console ------------------------------------------------------------------------------

export const QUEUE_MAX = 100;

/** The admin route that serves a selfie (admin session only). */
export const selfieUrl = (id: number) => `/admin/photo-verifications/${id}/selfie`;

function toAdmin(row: QueueRow): AdminPhotoVerification {
  const pairs = (row.images ? row.images.split('|') : [])
    .map((p) => {
      const at = p.indexOf(':');
      return { slot: Number(p.slice(0, at)), key: p.slice(at + 1) };
    })
    .sort((a, b) => a.slot - b.slot);
  const currentMain = pairs.find((p) => p.slot === 0)?.key ?? null;
  const pose = isPose(row.pose) ? row.pose : 'V_SIGN';
  return {
    id: row.id,
    memberId: row.memberId,
    name: row.name,
    email: row.email,
    pose,
    poseCaption: POSES[pose],
    source: row.source,
    status: row.status,
    reason:
      row.reason && Object.hasOwn(PHOTO_REJECT_REASONS, row.reason)
        ? PHOTO_REJECT_REASONS[row.reason as keyof typeof PHOTO_REJECT_REASONS]
        : null,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
    selfieUrl: row.selfieKey ? selfieUrl(row.id) : null,
    photoUrls: pairs.map((p) => imageUrl(p.key)),
    mainImageUrl: row.mainImageKey && row.mainImageKey === currentMain ? imageUrl(row.mainImageKey) : null,
  };
}

export async function photoQueue(db: Db): Promise<AdminPhotoVerification[]> {
  return (await pendingQueue(db, QUEUE_MAX)).map(toAdmin);
}

const requestMissing = () => new NotFound(PHOTO_VERIFICATION_KO.notFound, 'PHOTO_VERIFICATION_NOT_FOUND');

export async function photoQueueItem(db: Db, id: number): Promise<AdminPhotoVerification> {
  const row = await queueItem(db, id);
  if (!row) throw requestMissing();
  return toAdmin(row);
}

export const photoQueueCount = (db: Db) => pendingCount(db);

/** The selfie's bytes for the console. */
export async function readSelfie(env: Env, db: Db, id: number): Promise<R2ObjectBody> {
  const key = await selfieKeyOf(db, id);
  const object = key && SELFIE_KEY.test(key) ? await env.MEDIA.get(key) : null;
  if (!object) throw new NotFound('인증 사진을 찾을 수 없어요.', 'SELFIE_NOT_FOUND');
  return object;
}

export async function decidePhoto(
  env: Env,
  db: Db,
  id: number,
  adminId: number,
  body: PhotoDecisionBody,
  now: Date,
): Promise<AdminPhotoVerification> {
  const approve = body.decision === 'APPROVE';
  const reason = body.decision === 'REJECT' ? body.reason : null;
  const decided = await decide(db, { id, adminId, approve, reason, at: now.toISOString() });
  if (!decided) {
    if (!(await queueItem(db, id))) throw requestMissing();
    throw new Conflict(PHOTO_VERIFICATION_KO.alreadyDecided, 'ALREADY_DECIDED');
  }
  await notifyPhotoVerification(
    { env, db, now },
    {
      verificationId: id,
      memberId: decided.memberId,
      text: reason ? PHOTO_VERIFICATION_KO.rejected(PHOTO_REJECT_REASONS[reason]) : PHOTO_VERIFICATION_KO.approved,
    },
  );
  return photoQueueItem(db, id);
}

/** Deletes selfie objects (account deletion); keys outside `selfies/` are ignored. */
export async function deleteSelfies(env: Env, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.filter((key) => SELFIE_KEY.test(key)).map((key) => env.MEDIA.delete(key)));
}

/** Daily cron: selfies leave R2 30 days after their decision; the row keeps the decision. */
export async function deleteOldSelfies(env: Env, db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - PHOTO_VERIFICATION_LIMITS.selfieKeepDays * 86_400_000).toISOString();
  const rows = await expiredSelfies(db, before, 500);
  for (const row of rows) {
    await env.MEDIA.delete(row.key);
    await clearSelfieKey(db, row.id);
  }
  return rows.length;
}
