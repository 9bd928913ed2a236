// The profile's 목소리 소개 (docs/voice.md "A voice on the profile"): one recording of at most
// VOICE_LIMITS.introMaxMs answering a prompt card, checked like a chat voice note (lib/audio),
// stored privately in R2 under voice/{memberId}/… and heard only through short-lived signed links:
// others get one on the profile modal while the member is visible to them (the visibility module)
// and the recording is not hidden by an admin; the member and admins always.
import { PROMPT_IDS, promptText, type PromptId } from '../../contract/profile-details-core';
import { CHAT_LIMITS } from '../../contract/chat';
import { VOICE_LIMITS, VOICE_MESSAGES, type MyProfileVoice, type ProfileVoice } from '../../contract/voice';
import { FLAT_WAVEFORM, parseWaveform, waveformText } from '../../contract/voice-wave';
import { checkVoiceUpload } from '../../lib/audio';
import type { RequestContext } from '../../lib/context';
import { randomToken } from '../../lib/crypto';
import type { Env } from '../../lib/env';
import { AppError, NotFound } from '../../lib/errors';
import { checkSignedLink, signedLink, type LinkKind, type LinkScope } from '../../lib/signed-link';
import { deleteVoice, readVoice, setVoiceHidden, upsertVoice, type VoiceRow } from './voice-repo';

export const VOICE_MEDIA_PATH = '/api/voice-media/';
const KEY_PATTERN = /^voice\/[1-9][0-9]{0,15}\/[A-Za-z0-9_-]{16,64}\.(webm|ogg|m4a)$/;

const PROFILE_VOICE: LinkKind = {
  namespace: 'profile-voice',
  path: VOICE_MEDIA_PATH,
  ttlSeconds: CHAT_LIMITS.photoLinkTtlSeconds,
  isKey: (key) => KEY_PATTERN.test(key),
};

const voiceNotFound = () => new NotFound(VOICE_MESSAGES.notFound, 'VOICE_NOT_FOUND');

/** The recording as others hear it (no hide reason). */
async function heard(env: Env, row: VoiceRow, now: Date, scope: LinkScope): Promise<ProfileVoice> {
  return {
    audioUrl: await signedLink(env, PROFILE_VOICE, row.objectKey, now, scope),
    durationMs: row.durationMs,
    waveform: parseWaveform(row.waveform),
    promptId: row.promptId as PromptId,
    prompt: promptText(row.promptId) ?? '',
  };
}

/** The member's own view (and an admin's: scope admin), with the hide reason; playable while hidden. */
export async function ownVoice(
  env: Env,
  row: VoiceRow,
  now: Date,
  scope: LinkScope = 'owner',
): Promise<MyProfileVoice> {
  return { ...(await heard(env, row, now, scope)), hiddenReason: row.hiddenReason, updatedAt: row.updatedAt };
}

/**
 * What another member gets on the profile modal: nothing while an admin hides it. The caller has
 * already decided (visibility module) that the viewer may see this member at all.
 */
export async function publicVoice(env: Env, row: VoiceRow | undefined, now: Date): Promise<ProfileVoice | null> {
  if (!row || row.hiddenReason !== null) return null;
  return heard(env, row, now, 'member');
}

/** GET /api/on/mypage/voice: mine, or null. */
export async function myVoice(ctx: RequestContext, memberId: number): Promise<MyProfileVoice | null> {
  const row = await readVoice(ctx.db, memberId);
  return row ? ownVoice(ctx.env, row, ctx.now) : null;
}

/** The admin's view of a member's recording (admin-scope link, playable while hidden). */
export async function voiceForAdmin(env: Env, db: RequestContext['db'], memberId: number, now: Date) {
  const row = await readVoice(db, memberId);
  return row ? ownVoice(env, row, now, 'admin') : null;
}

/**
 * PUT /api/on/mypage/voice: records (or re-records) the 목소리 소개. The old object is deleted
 * once the new row points to the new one.
 */
export async function saveMyVoice(
  ctx: RequestContext,
  memberId: number,
  input: { audio: Blob; durationMs: number; waveform: number[] | null; promptId: string | undefined },
): Promise<MyProfileVoice> {
  if (!input.promptId || !(PROMPT_IDS as readonly string[]).includes(input.promptId)) {
    throw new AppError(400, 'INVALID_INPUT', '질문 카드를 골라 주세요.', { promptId: '질문 카드를 골라 주세요.' });
  }
  const audio = await checkVoiceUpload(input.audio, {
    durationMs: input.durationMs,
    maxMs: VOICE_LIMITS.introMaxMs,
    tooLong: VOICE_MESSAGES.introTooLong,
  });
  const key = `voice/${memberId}/${randomToken(16)}.${audio.ext}`;
  await ctx.env.MEDIA.put(key, audio.bytes, { httpMetadata: { contentType: audio.contentType } });
  const old = await readVoice(ctx.db, memberId);
  let row: VoiceRow;
  try {
    row = await upsertVoice(ctx.db, {
      memberId,
      objectKey: key,
      contentType: audio.contentType,
      durationMs: audio.durationMs,
      waveform: waveformText(input.waveform ?? FLAT_WAVEFORM),
      promptId: input.promptId,
      updatedAt: ctx.now.toISOString(),
    });
  } catch (err) {
    await ctx.env.MEDIA.delete(key);
    throw err;
  }
  if (old && old.objectKey !== key) await ctx.env.MEDIA.delete(old.objectKey);
  return ownVoice(ctx.env, row, ctx.now);
}

/** DELETE /api/on/mypage/voice: the row and the object go (204 either way). */
export async function deleteMyVoice(ctx: RequestContext, memberId: number): Promise<void> {
  const key = await deleteVoice(ctx.db, memberId);
  if (key) await ctx.env.MEDIA.delete(key);
}

/** Account deletion: the row and its R2 object. */
export async function eraseVoice(env: Env, db: RequestContext['db'], memberId: number): Promise<void> {
  const key = await deleteVoice(db, memberId);
  if (key) await env.MEDIA.delete(key);
}

/** Admin: hides the recording from others (the member sees why) or lifts the hide. */
export async function hideVoice(db: RequestContext['db'], memberId: number, reason: string | null): Promise<boolean> {
  return setVoiceHidden(db, memberId, reason);
}

/**
 * The signed-link route: the object when the link is genuine and the recording is still the
 * member's current one and (member links) not hidden; null otherwise (404).
 */
export async function voiceObjectFor(
  ctx: RequestContext,
  key: string,
  link: { exp: string | undefined; sig: string | undefined; scope: LinkScope },
): Promise<{ left: number } | null> {
  const left = await checkSignedLink(ctx.env, PROFILE_VOICE, key, link, ctx.now);
  if (left === null) return null;
  const memberId = Number(key.split('/')[1]);
  const row = await readVoice(ctx.db, memberId);
  if (!row || row.objectKey !== key) return null;
  if (row.hiddenReason !== null && link.scope === 'member') return null;
  return { left };
}

export { voiceNotFound };
