// Chat photos and voice notes are private to their room (docs/chat.md "Photos", docs/voice.md
// "Voice notes"): photos cleaned by the media module like profile photos, voice notes checked by
// lib/audio; both stored in R2 under chat/{roomId}/…, a prefix the public /media/ route never
// serves, and reachable only through short-lived signed links that the room's two members (and
// admins, for reports) are given. The signature binds the key and the expiry to JWT_SECRET.
import { LIMITS } from '../../contract';
import { CHAT_LIMITS } from '../../contract/chat';
import type { CleanAudio } from '../../lib/audio';
import { randomToken } from '../../lib/crypto';
import {
  checkSignedLink,
  linkExpiry as baseExpiry,
  signedLink,
  type LinkKind,
  type LinkScope,
} from '../../lib/signed-link';
import type { Env } from '../../lib/env';
import { TooLarge } from '../../lib/errors';
import { cleanImage } from '../media/clean';

export const CHAT_MEDIA_PATH = '/api/chat-media/';
const KEY_PATTERN = /^chat\/[1-9][0-9]{0,15}\/[A-Za-z0-9_-]{16,64}\.(jpg|png|webp)$/;
const VOICE_KEY_PATTERN = /^chat\/[1-9][0-9]{0,15}\/[A-Za-z0-9_-]{16,64}\.(webm|ogg|m4a)$/;

export const isChatPhotoKey = (key: string): boolean => KEY_PATTERN.test(key);
export const isChatVoiceKey = (key: string): boolean => VOICE_KEY_PATTERN.test(key);
/** A key the signed-link route may serve: a chat photo or a chat voice note. */
export const isChatMediaKey = (key: string): boolean => isChatPhotoKey(key) || isChatVoiceKey(key);

/** Checks (type by bytes, ≤ 10 MB, pixel bounds), strips all metadata and stores the photo; answers its key. */
export async function storeChatPhoto(bucket: R2Bucket, roomId: number, file: Blob): Promise<string> {
  // Checked before reading the body so an oversize upload is never buffered.
  if (file.size > LIMITS.imageMaxBytes) {
    throw new TooLarge(`사진은 ${LIMITS.imageMaxBytes / 1024 / 1024}MB 이하로 올려 주세요.`, 'IMAGE_TOO_LARGE');
  }
  const image = cleanImage(new Uint8Array(await file.arrayBuffer()));
  const key = `chat/${roomId}/${randomToken(16)}.${image.ext}`;
  await bucket.put(key, image.bytes, { httpMetadata: { contentType: image.contentType } });
  return key;
}

/**
 * Stores a voice note lib/audio has already checked and cleaned, under a random name (never the
 * client's file name) with only its content type; answers its key.
 */
export async function storeChatVoice(bucket: R2Bucket, roomId: number, audio: CleanAudio): Promise<string> {
  const key = `chat/${roomId}/${randomToken(16)}.${audio.ext}`;
  await bucket.put(key, audio.bytes, { httpMetadata: { contentType: audio.contentType } });
  return key;
}

/** Chat media links: the room's two members (scope member) or an admin (reports). */
const CHAT_MEDIA: LinkKind = {
  namespace: 'chat-media',
  path: CHAT_MEDIA_PATH,
  ttlSeconds: CHAT_LIMITS.photoLinkTtlSeconds,
  isKey: isChatMediaKey,
};

/** Unix seconds: at least photoLinkTtlSeconds from now, rounded up to the next step. */
export const linkExpiry = (now: Date): number => baseExpiry(now, CHAT_LIMITS.photoLinkTtlSeconds);

/** A signed link to a chat photo or voice note. Give it only to the room's members, or (scope admin) an admin. */
export const chatMediaUrl = (env: Env, key: string, now: Date, scope: LinkScope = 'member'): Promise<string> =>
  signedLink(env, CHAT_MEDIA, key, now, scope);

/** After an unsend the photo or voice note stays (report evidence) but members' links no longer serve it. */
export async function markChatMediaUnsent(bucket: R2Bucket, key: string): Promise<void> {
  if (!isChatMediaKey(key)) return;
  const object = await bucket.get(key);
  if (!object || object.customMetadata?.unsent) return;
  await bucket.put(key, await object.arrayBuffer(), {
    httpMetadata: object.httpMetadata,
    customMetadata: { ...object.customMetadata, unsent: '1' },
  });
}

/** Seconds the link has left, or null when it is expired, forged or not for this key and scope. */
export const checkChatMediaLink = (
  env: Env,
  key: string,
  link: { exp: string | undefined; sig: string | undefined; scope: LinkScope },
  now: Date,
): Promise<number | null> => checkSignedLink(env, CHAT_MEDIA, key, link, now);
