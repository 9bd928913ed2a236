// Images: the server checks the bytes, strips all metadata and stores under random keys.
// Never trusts the client's file name or type (architecture "Images").
import { LIMITS } from '../../contract';
import { randomToken } from '../../lib/crypto';
import { NotFound, TooLarge } from '../../lib/errors';
import { cleanImage } from './clean';
import { phashOfPixels } from './phash';

export type StoredImage = {
  key: string;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  bytes: number;
  /** Perceptual hash (profile photos only; null for flat pictures): media/phash.ts. */
  phash: string | null;
};
export type ImagePurpose = 'profiles' | 'posts';

const URL_PREFIX = '/media/';
/** Keys this module creates: `<purpose>/<random>.<ext>`. Anything else is not ours to serve or delete. */
const KEY_PATTERN = /^(profiles|posts)\/[A-Za-z0-9_-]{16,64}\.(jpg|png|webp)$/;

export const isMediaKey = (key: string): boolean => KEY_PATTERN.test(key);

export function newImageKey(purpose: ImagePurpose, ext: 'jpg' | 'png' | 'webp'): string {
  return `${purpose}/${randomToken(16)}.${ext}`;
}

/** Validates (magic bytes, size, dimensions), re-encodes from the pixels (media/clean.ts) and stores in R2. */
export async function storeImage(bucket: R2Bucket, file: Blob, purpose: ImagePurpose): Promise<StoredImage> {
  // Checked before reading the body so an oversize upload is never buffered.
  if (file.size > LIMITS.imageMaxBytes) {
    throw new TooLarge(`사진은 ${LIMITS.imageMaxBytes / 1024 / 1024}MB 이하로 올려 주세요.`, 'IMAGE_TOO_LARGE');
  }
  const image = cleanImage(new Uint8Array(await file.arrayBuffer()));
  const key = newImageKey(purpose, image.ext);
  // From the pixels just encoded: one decode per upload.
  const phash = purpose === 'profiles' ? phashOfPixels(image.pixels) : null;
  await bucket.put(key, image.bytes, { httpMetadata: { contentType: image.contentType } });
  return {
    key,
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    bytes: image.bytes.length,
    phash,
  };
}

/** Deletes a stored image; keys this module did not make are ignored. */
export async function deleteImage(bucket: R2Bucket, key: string): Promise<void> {
  if (isMediaKey(key)) await bucket.delete(key);
}

/** The browser-loadable URL of a stored image. */
export function imageUrl(key: string): string {
  return `${URL_PREFIX}${key}`;
}

/** The key behind a URL from `imageUrl` (absolute or path-only), or null when it is not one of ours. */
export function keyFromImageUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://local').pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(URL_PREFIX)) return null;
  const key = path.slice(URL_PREFIX.length);
  return isMediaKey(key) ? key : null;
}

const hasBody = (object: R2Object): object is R2ObjectBody => 'body' in object;

export type MediaRead =
  | { kind: 'not-modified'; etag: string }
  | { kind: 'body'; etag: string; body: ReadableStream; contentType: string; size: number };

/** Reads an image for serving; answers "not modified" when the browser's ETag still matches. */
export async function readImage(bucket: R2Bucket, key: string, ifNoneMatch: string | undefined): Promise<MediaRead> {
  if (!isMediaKey(key)) throw new NotFound('사진을 찾을 수 없어요.');
  // With a precondition R2 returns the object's metadata without a body when the ETag matches.
  const object = ifNoneMatch
    ? await bucket.get(key, { onlyIf: new Headers({ 'If-None-Match': ifNoneMatch }) })
    : await bucket.get(key);
  if (!object) throw new NotFound('사진을 찾을 수 없어요.');
  if (!hasBody(object)) return { kind: 'not-modified', etag: object.httpEtag };
  return {
    kind: 'body',
    etag: object.httpEtag,
    body: object.body,
    contentType: object.httpMetadata?.contentType ?? 'application/octet-stream',
    size: object.size,
  };
}
