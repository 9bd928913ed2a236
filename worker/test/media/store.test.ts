// storeImage: what reaches R2 and what never does.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LIMITS, VALIDATION_KO } from '../../src/contract';
import { deleteImage, imageUrl, keyFromImageUrl, storeImage } from '../../src/areas/media/service';
import { hammingDistance, phashOf } from '../../src/areas/media/phash';
import { patternImage, toJpeg } from '../photo-verification/images';
import {
  CAMERA_MAKE,
  COMMENT,
  GPS_LATITUDE_RATIONALS,
  alphaPng,
  indexOfBytes,
  jpegWithMetadata,
  plainPng,
  pngWithMetadata,
  text,
  webpWithMetadata,
} from './fixtures';

const asFile = (bytes: Uint8Array, name: string, type: string) => new File([bytes], name, { type });

async function storedBytes(key: string): Promise<Uint8Array> {
  const object = await env.MEDIA.get(key);
  if (!object) throw new Error(`nothing stored under ${key}`);
  return new Uint8Array(await object.arrayBuffer());
}

describe('storeImage', () => {
  it('stores a JPEG re-encoded without its EXIF/GPS/XMP under a random profiles/ key, with its pHash', async () => {
    const { file } = jpegWithMetadata();
    const stored = await storeImage(env.MEDIA, asFile(file, 'IMG_0001.jpg', 'image/jpeg'), 'profiles');
    expect(stored.key).toMatch(/^profiles\/[A-Za-z0-9_-]{22}\.jpg$/);
    const bytes = await storedBytes(stored.key);
    expect(stored).toMatchObject({ contentType: 'image/jpeg', width: 96, height: 80, bytes: bytes.length });
    expect(indexOfBytes(bytes, GPS_LATITUDE_RATIONALS)).toBe(-1);
    expect(indexOfBytes(bytes, text(CAMERA_MAKE))).toBe(-1);
  });

  it('takes the pHash from the pixels it stores (one decode): hashing the stored file again agrees', async () => {
    const photo = toJpeg(patternImage(11, 240, 300), 90);
    const stored = await storeImage(env.MEDIA, asFile(photo, 'me.jpg', 'image/jpeg'), 'profiles');
    expect(stored.phash).toMatch(/^[0-9a-f]{16}$/);
    const bytes = await storedBytes(stored.key);
    expect(hammingDistance(stored.phash!, phashOf(bytes, 'jpeg')!)).toBeLessThanOrEqual(2);
    expect(hammingDistance(stored.phash!, phashOf(photo, 'jpeg')!)).toBeLessThanOrEqual(2);
    const head = await env.MEDIA.head(stored.key);
    expect(head?.httpMetadata?.contentType).toBe('image/jpeg');
  });

  it('stores an opaque PNG as a JPEG, one with transparency as a PNG, and gives every upload its own key', async () => {
    const png = pngWithMetadata();
    const a = await storeImage(env.MEDIA, asFile(png.file, 'a.png', 'image/png'), 'posts');
    const b = await storeImage(env.MEDIA, asFile(alphaPng(), 'b.png', 'image/png'), 'posts');
    const c = await storeImage(env.MEDIA, asFile(png.file, 'a.png', 'image/png'), 'posts');
    expect(a).toMatchObject({ contentType: 'image/jpeg', phash: null });
    expect(a.key).toMatch(/^posts\/.+\.jpg$/);
    expect(b.key).toMatch(/^posts\/.+\.png$/);
    expect(c.key).not.toBe(a.key);
    expect(indexOfBytes(await storedBytes(a.key), text(COMMENT))).toBe(-1);
    expect((await env.MEDIA.head(b.key))?.httpMetadata?.contentType).toBe('image/png');
  });

  it('refuses a WebP with the Korean message and stores nothing', async () => {
    const before = (await env.MEDIA.list()).objects.length;
    const upload = storeImage(env.MEDIA, asFile(webpWithMetadata().file, 'b.webp', 'image/webp'), 'posts');
    await expect(upload).rejects.toMatchObject({
      status: 400,
      code: 'IMAGE_TYPE_UNSUPPORTED',
      message: VALIDATION_KO.imageWebp,
    });
    expect((await env.MEDIA.list()).objects.length).toBe(before);
  });

  it('refuses a 6000×6000 PNG from its header with the Korean pixel-limit message', async () => {
    const upload = storeImage(env.MEDIA, asFile(plainPng(6000, 6000), 'huge.png', 'image/png'), 'profiles');
    await expect(upload).rejects.toMatchObject({
      status: 400,
      code: 'IMAGE_TOO_MANY_PIXELS',
      message: '사진 해상도가 너무 커요. 500만 화소 이하인 사진을 올려 주세요.',
    });
  });

  it('goes by the bytes, not the name or type the client claims', async () => {
    const stored = await storeImage(env.MEDIA, asFile(alphaPng(64, 64), 'photo.jpg', 'image/jpeg'), 'profiles');
    expect(stored.contentType).toBe('image/png');
    expect(stored.key.endsWith('.png')).toBe(true);
  });

  it('refuses a text file named .jpg with NOT_AN_IMAGE and the Korean image-only message', async () => {
    const before = await env.MEDIA.list();
    const upload = storeImage(env.MEDIA, asFile(text('<html>not a photo</html>'), 'me.jpg', 'image/jpeg'), 'profiles');
    await expect(upload).rejects.toMatchObject({ status: 400, code: 'NOT_AN_IMAGE', message: VALIDATION_KO.imageOnly });
    expect((await env.MEDIA.list()).objects.length).toBe(before.objects.length);
  });

  it('refuses a file over the byte limit with IMAGE_TOO_LARGE and the limit in MB', async () => {
    const big = new Uint8Array(LIMITS.imageMaxBytes + 1);
    big.set(plainPng(64, 64));
    const upload = storeImage(env.MEDIA, asFile(big, 'big.png', 'image/png'), 'profiles');
    await expect(upload).rejects.toMatchObject({ status: 413, code: 'IMAGE_TOO_LARGE' });
    await expect(upload).rejects.toThrow(`${LIMITS.imageMaxBytes / 1024 / 1024}MB`);
  });

  it('refuses a tiny image with IMAGE_TOO_SMALL', async () => {
    const upload = storeImage(env.MEDIA, asFile(plainPng(16, 16), 'dot.png', 'image/png'), 'profiles');
    await expect(upload).rejects.toMatchObject({ status: 400, code: 'IMAGE_TOO_SMALL' });
  });

  it('deletes its own keys and ignores keys it did not make', async () => {
    const stored = await storeImage(env.MEDIA, asFile(plainPng(64, 64), 'x.png', 'image/png'), 'profiles');
    await env.MEDIA.put('config/secret.txt', 'keep me');
    await deleteImage(env.MEDIA, 'config/secret.txt');
    expect(await env.MEDIA.head('config/secret.txt')).not.toBeNull();
    await deleteImage(env.MEDIA, stored.key);
    expect(await env.MEDIA.head(stored.key)).toBeNull();
  });

  it('maps keys to /media URLs and back, rejecting foreign URLs', () => {
    const key = 'profiles/abcdefghijklmnopqrstuv.png';
    expect(imageUrl(key)).toBe(`/media/${key}`);
    expect(keyFromImageUrl(imageUrl(key))).toBe(key);
    expect(keyFromImageUrl(`http://localhost:8787/media/${key}`)).toBe(key);
    expect(keyFromImageUrl('/media/../secret.txt')).toBeNull();
    expect(keyFromImageUrl('https://example.com/x.png')).toBeNull();
  });
});
