// My photos (api-contract "My page"): at most one MAIN and two SUB, MAIN first; replaced and
// deleted photos leave R2 as soon as their rows are gone.
import { LIMITS } from '../../contract/limits';
import { MYPAGE_KO, type ProfileImage } from '../../contract/mypage';
import { Invalid, NotFound } from '../../lib/errors';
import type { Env, Db } from '../../lib/env';
import { deleteImage, imageUrl, keyFromImageUrl, storeImage, type StoredImage } from '../media/service';
import { flagLookalikes, refuseBannedLookalikes } from '../photo-verification/duplicates';
import { deleteImageByKey, listImages, replaceSlots, type SlotUpload } from './images-repo';

export async function myImages(db: Db, memberId: number): Promise<ProfileImage[]> {
  const rows = await listImages(db, memberId);
  return rows.map((r) => ({ url: imageUrl(r.objectKey), role: r.role }));
}

/**
 * The upload form: `main` is the MAIN photo or null (keep), `subs[k]` the photo for the k-th SUB
 * box or null (keep that slot).
 */
export type ImageUpload = { main: Blob | null; subs: (Blob | null)[] };

export async function uploadImages(env: Env, db: Db, memberId: number, upload: ImageUpload): Promise<ProfileImage[]> {
  if (upload.subs.length > LIMITS.subImages) {
    throw new Invalid(MYPAGE_KO.imagesTooMany, { subImages: MYPAGE_KO.imagesTooMany }, 'IMAGES_TOO_MANY');
  }
  const wanted: { slot: number; file: Blob }[] = [];
  if (upload.main) wanted.push({ slot: 0, file: upload.main });
  upload.subs.forEach((file, i) => {
    if (file) wanted.push({ slot: i + 1, file });
  });
  if (wanted.length === 0) throw new Invalid(MYPAGE_KO.noImageGiven, undefined, 'IMAGE_REQUIRED');

  const stored: SlotUpload[] = [];
  try {
    for (const { slot, file } of wanted) stored.push({ slot, image: await storeImage(env.MEDIA, file, 'profiles') });
    await refuseBannedLookalikes(
      db,
      stored.map((s) => s.image.phash),
    );
  } catch (err) {
    await removeObjects(
      env,
      stored.map((s) => s.image),
    );
    throw err;
  }
  let replaced: string[];
  try {
    replaced = await replaceSlots(db, memberId, stored);
  } catch (err) {
    await removeObjects(
      env,
      stored.map((s) => s.image),
    );
    throw err;
  }
  await Promise.all(replaced.map((key) => deleteImage(env.MEDIA, key).catch(() => undefined)));
  await flagLookalikes(
    db,
    memberId,
    stored.map((s) => s.image),
  );
  return myImages(db, memberId);
}

/** Deletes one of my photos by the URL the list gave; deleting MAIN promotes the first SUB. */
export async function deleteMyImage(
  env: Env,
  db: Db,
  memberId: number,
  url: string | undefined,
): Promise<ProfileImage[]> {
  if (!url) throw new Invalid(MYPAGE_KO.imageUrlRequired, { url: MYPAGE_KO.imageUrlRequired }, 'IMAGE_URL_REQUIRED');
  const key = keyFromImageUrl(url);
  // "Not yours" and "not a photo" look the same as "gone".
  if (!key || !(await deleteImageByKey(db, memberId, key)))
    throw new NotFound(MYPAGE_KO.imageNotFound, 'IMAGE_NOT_FOUND');
  await deleteImage(env.MEDIA, key).catch(() => undefined);
  return myImages(db, memberId);
}

async function removeObjects(env: Env, images: StoredImage[]): Promise<void> {
  await Promise.all(images.map((img) => deleteImage(env.MEDIA, img.key).catch(() => undefined)));
}
