// Images: the server checks the bytes, strips all metadata and stores under random keys.
// INTERFACE ONLY — the media helper replaces the bodies below.
import { NotFound } from '../../lib/errors';

export type StoredImage = {
  key: string;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  width: number;
  height: number;
  bytes: number;
};
export type ImagePurpose = 'profiles' | 'posts';

/** Validates (magic bytes, size, dimensions), strips metadata and stores the image in R2. */
export async function storeImage(_bucket: R2Bucket, _file: Blob, _purpose: ImagePurpose): Promise<StoredImage> {
  throw new NotFound('이미지 저장이 아직 준비되지 않았어요.');
}

export async function deleteImage(_bucket: R2Bucket, _key: string): Promise<void> {}

/** The browser-loadable URL of a stored image. */
export function imageUrl(key: string): string {
  return `/media/${key}`;
}
