// storeImage: what reaches R2 and what never does.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LIMITS, VALIDATION_KO } from '../../src/contract';
import { deleteImage, imageUrl, keyFromImageUrl, storeImage } from '../../src/areas/media/service';
import {
  GPS_LATITUDE_RATIONALS,
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
  it('stores a JPEG without its EXIF/GPS/XMP under a random profiles/ key, image data unchanged', async () => {
    const { file, expected } = jpegWithMetadata();
    const stored = await storeImage(env.MEDIA, asFile(file, 'IMG_0001.jpg', 'image/jpeg'), 'profiles');
    expect(stored.key).toMatch(/^profiles\/[A-Za-z0-9_-]{22}\.jpg$/);
    expect(stored).toMatchObject({ contentType: 'image/jpeg', width: 96, height: 80, bytes: expected.length });
    const bytes = await storedBytes(stored.key);
    expect(bytes).toEqual(expected);
    expect(indexOfBytes(bytes, GPS_LATITUDE_RATIONALS)).toBe(-1);
    const head = await env.MEDIA.head(stored.key);
    expect(head?.httpMetadata?.contentType).toBe('image/jpeg');
  });

  it('stores PNG and WebP cleaned, and gives every upload its own key', async () => {
    const png = pngWithMetadata();
    const webp = webpWithMetadata();
    const a = await storeImage(env.MEDIA, asFile(png.file, 'a.png', 'image/png'), 'posts');
    const b = await storeImage(env.MEDIA, asFile(webp.file, 'b.webp', 'image/webp'), 'posts');
    const c = await storeImage(env.MEDIA, asFile(png.file, 'a.png', 'image/png'), 'posts');
    expect(a.key).toMatch(/^posts\/.+\.png$/);
    expect(b.key).toMatch(/^posts\/.+\.webp$/);
    expect(c.key).not.toBe(a.key);
    expect(await storedBytes(a.key)).toEqual(png.expected);
    expect(await storedBytes(b.key)).toEqual(webp.expected);
  });

  it('goes by the bytes, not the name or type the client claims', async () => {
    const png = plainPng(64, 64);
    const stored = await storeImage(env.MEDIA, asFile(png, 'photo.jpg', 'image/jpeg'), 'profiles');
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
