// Verified photos (docs/api-extensions.md "Verified photos"): the member's own state and selfie,
// and the operators' queue, selfie, decisions and duplicate-photo flags.
import { Hono, type Context } from 'hono';
import {
  PHOTO_VERIFICATION_KO,
  photoDecisionBody,
  photoSubmitFields,
  type AdminPhotoMatch,
  type AdminPhotoQueueCount,
  type AdminPhotoVerification,
  type PhotoPoseStart,
  type PhotoVerificationState,
  type VerificationState,
} from '../../contract/photo-verification';
import { requireAdmin } from '../../lib/admin-auth';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { Invalid, NotFound } from '../../lib/errors';
import { requireMember } from '../members/member-auth';
import { idParam, noStore } from '../../lib/params';
import { jsonBody, parseWith } from '../../lib/validation';
import { dismissMatch, openMatchCount, openMatches } from './matches-service';
import {
  decidePhoto,
  photoQueue,
  photoQueueCount,
  photoQueueItem,
  readSelfie,
  startPhotoCheck,
  submitSelfie,
  verificationState,
} from './service';
import { auditConsoleAction } from '../audit/service';

export const photoVerificationRoutes = new Hono<AppEnv>();

photoVerificationRoutes.get('/api/on/verification', requireMember, async (c) => {
  noStore(c);
  return c.json<VerificationState>(await verificationState(c.get('db'), c.get('memberId')));
});

photoVerificationRoutes.post('/api/on/verification/photo/start', requireMember, async (c) =>
  c.json<PhotoPoseStart>(await startPhotoCheck(c.env, c.get('db'), c.get('memberId'), nowDate(c.env))),
);

photoVerificationRoutes.post('/api/on/verification/photo', requireMember, async (c) => {
  const { selfie, fields } = await readSelfieForm(c);
  return c.json<PhotoVerificationState>(
    await submitSelfie(c.env, c.get('db'), c.get('memberId'), { selfie, ...fields }, nowDate(c.env)),
  );
});

async function readSelfieForm(c: Context<AppEnv>) {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new Invalid('사진을 읽지 못했어요. 다시 시도해 주세요.', undefined, 'INVALID_FORM');
  }
  const selfie = form.get('selfie');
  if (!selfie || typeof selfie === 'string' || selfie.size === 0) {
    throw new Invalid(
      PHOTO_VERIFICATION_KO.selfieRequired,
      { selfie: PHOTO_VERIFICATION_KO.selfieRequired },
      'SELFIE_REQUIRED',
    );
  }
  const rest: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) if (name !== 'selfie') rest[name] = value;
  return { selfie, fields: parseWith(photoSubmitFields, rest) };
}

// ---- console ------------------------------------------------------------------------------

const requestMissing = () => new NotFound(PHOTO_VERIFICATION_KO.notFound, 'PHOTO_VERIFICATION_NOT_FOUND');

photoVerificationRoutes.get('/admin/photo-verifications', requireAdmin, async (c) => {
  noStore(c);
  return c.json<AdminPhotoVerification[]>(await photoQueue(c.get('db')));
});

photoVerificationRoutes.get('/admin/photo-verifications/count', requireAdmin, async (c) => {
  noStore(c);
  const [pending, duplicates] = await Promise.all([photoQueueCount(c.get('db')), openMatchCount(c.get('db'))]);
  return c.json<AdminPhotoQueueCount>({ pending, duplicates });
});

photoVerificationRoutes.get('/admin/photo-verifications/:id', requireAdmin, async (c) => {
  noStore(c);
  return c.json<AdminPhotoVerification>(await photoQueueItem(c.get('db'), idParam(c, 'id', requestMissing)));
});

photoVerificationRoutes.get('/admin/photo-verifications/:id/selfie', requireAdmin, async (c) => {
  const object = await readSelfie(c.env, c.get('db'), idParam(c, 'id', requestMissing));
  return new Response(object.body, {
    headers: {
      'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
      'Content-Length': String(object.size),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});

photoVerificationRoutes.post('/admin/photo-verifications/:id/decision', requireAdmin, async (c) => {
  noStore(c);
  const id = idParam(c, 'id', requestMissing);
  const body = parseWith(photoDecisionBody, await jsonBody(c));
  const decided = await decidePhoto(c.env, c.get('db'), id, c.get('adminId'), body, nowDate(c.env));
  await auditConsoleAction(c, {
    action: 'PHOTO_VERIFICATION_DECIDED',
    memberId: decided.memberId,
    subjectType: 'photo_verification',
    subjectId: id,
    detail: { decision: body.decision, ...(body.decision === 'REJECT' ? { rejectReason: body.reason } : {}) },
  });
  return c.json<AdminPhotoVerification>(decided);
});

photoVerificationRoutes.get('/admin/photo-matches', requireAdmin, async (c) => {
  noStore(c);
  return c.json<AdminPhotoMatch[]>(await openMatches(c.get('db')));
});

photoVerificationRoutes.post('/admin/photo-matches/:id/dismiss', requireAdmin, async (c) => {
  noStore(c);
  const id = idParam(c, 'id', () => new NotFound(PHOTO_VERIFICATION_KO.matchNotFound, 'PHOTO_MATCH_NOT_FOUND'));
  const memberId = await dismissMatch(c.get('db'), id, nowDate(c.env));
  await auditConsoleAction(c, {
    action: 'PHOTO_MATCH_DECIDED',
    memberId,
    subjectType: 'photo_match',
    subjectId: id,
    detail: { status: 'DISMISSED' },
  });
  return c.json({ id, status: 'DISMISSED' as const });
});
