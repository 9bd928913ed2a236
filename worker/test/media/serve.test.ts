// GET /media/<key>: long-lived, typed, revalidatable responses; JSON 404 for anything else.
import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { storeImage } from '../../src/areas/media/service';
import {
  GPS_LATITUDE_RATIONALS,
  ZIP_BYTES,
  alphaPng,
  indexOfBytes,
  jpegWithMetadata,
  polyglotPng,
  text,
} from './fixtures';

async function storedPng() {
  const stored = await storeImage(env.MEDIA, new File([alphaPng(64, 64)], 'x.png'), 'profiles');
  const object = await env.MEDIA.get(stored.key);
  const png = new Uint8Array(await object!.arrayBuffer());
  return { png, key: stored.key };
}

describe('GET /media/<key>', () => {
  it('serves the stored bytes with their type, an immutable cache lifetime, nosniff and an ETag', async () => {
    const { png, key } = await storedPng();
    const res = await SELF.fetch(`http://localhost/media/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('ETag')).toMatch(/^"[^"]+"$/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
  });

  it('serves the re-encoded JPEG as image/jpeg, without the GPS the upload carried', async () => {
    const { file } = jpegWithMetadata();
    const stored = await storeImage(env.MEDIA, new File([file], 'x.jpg'), 'posts');
    const res = await SELF.fetch(`http://localhost/media/${stored.key}`);
    expect(res.headers.get('Content-Type')).toBe('image/jpeg');
    const body = new Uint8Array(await res.arrayBuffer());
    expect(body.subarray(0, 3)).toEqual(Uint8Array.of(0xff, 0xd8, 0xff));
    expect(indexOfBytes(body, GPS_LATITUDE_RATIONALS)).toBe(-1);
  });

  it('serves a PNG/HTML/ZIP polyglot back as a plain picture: no HTML, no ZIP', async () => {
    const stored = await storeImage(env.MEDIA, new File([polyglotPng()], 'x.png', { type: 'image/png' }), 'posts');
    const res = await SELF.fetch(`http://localhost/media/${stored.key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/jpeg');
    const body = new Uint8Array(await res.arrayBuffer());
    for (const needle of [text('<html'), text('<script'), text('evil.html'), ZIP_BYTES.subarray(0, 4)])
      expect(indexOfBytes(body, needle)).toBe(-1);
  });

  it('answers 304 without a body when If-None-Match carries the current ETag', async () => {
    const { key } = await storedPng();
    const first = await SELF.fetch(`http://localhost/media/${key}`);
    const etag = first.headers.get('ETag') ?? '';
    await first.arrayBuffer();
    const again = await SELF.fetch(`http://localhost/media/${key}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('ETag')).toBe(etag);
    expect(again.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await again.text()).toBe('');
    const stale = await SELF.fetch(`http://localhost/media/${key}`, {
      headers: { 'If-None-Match': '"something-else"' },
    });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it('answers a missing key with a JSON 404', async () => {
    const res = await SELF.fetch('http://localhost/media/profiles/AAAAAAAAAAAAAAAAAAAAAA.png');
    expect(res.status).toBe(404);
    const body = await res.json<{ code: string; message: string; requestId: string }>();
    expect(body.code).toBe('NOT_FOUND');
    expect(body.message).toMatch(/사진을 찾을 수 없어요/);
    expect(body.requestId).toBeTruthy();
  });

  it('does not serve objects outside the image key space', async () => {
    await env.MEDIA.put('config/secret.txt', 'private');
    const res = await SELF.fetch('http://localhost/media/config/secret.txt');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('private');
  });

  it('serves the image, not the app shell, to a browser navigation', async () => {
    const { key } = await storedPng();
    const res = await SELF.fetch(`http://localhost/media/${key}`, {
      headers: { 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' },
    });
    expect(res.headers.get('Content-Type')).toBe('image/png');
    await res.arrayBuffer();
  });
});
