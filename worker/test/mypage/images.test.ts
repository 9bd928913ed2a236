// GET/POST/DELETE /api/on/mypage/profile-images: one MAIN + two SUB, MAIN first, R2 kept in step.
import { describe, expect, it } from 'vitest';
import { MYPAGE_KO, VALIDATION_KO, type ProfileImage } from '../../src/contract';
import { pngFile, signUpMember } from '../helpers/auth';
import { ban, call, imageKeys, keyOfUrl, memberWithPhotos, r2Has, type ErrorBody } from '../helpers/mypage';

const PATH = '/api/on/mypage/profile-images';

/** The contract's form: `mainImage` (0–1) and `subImages` as exactly two parts, '' = keep the slot. */
async function form(o: { main?: File; subs?: (File | null)[] }): Promise<FormData> {
  const f = new FormData();
  if (o.main) f.append('mainImage', o.main, o.main.name);
  for (const sub of o.subs ?? [null, null]) {
    if (sub) f.append('subImages', sub, sub.name);
    else f.append('subImages', '');
  }
  return f;
}

const list = async (token: string) => (await call(PATH, { token })).json<ProfileImage[]>();

describe('GET /api/on/mypage/profile-images', () => {
  it('lists the signup photos MAIN first with loadable URLs', async () => {
    const m = await memberWithPhotos(3);
    const images = await list(m.accessToken);
    expect(images.map((i) => i.role)).toEqual(['MAIN', 'SUB', 'SUB']);
    const keys = await imageKeys(m.memberId);
    expect(images.map((i) => keyOfUrl(i.url))).toEqual(keys);
    const photo = await call(images[0]?.url ?? '');
    expect(photo.status).toBe(200);
    expect(photo.headers.get('Content-Type')).toBe('image/jpeg'); // an opaque PNG is stored as a JPEG (media/clean.ts)
  });

  it('answers 401 to a visitor and 403 MEMBER_BANNED to a banned member', async () => {
    expect((await call(PATH)).status).toBe(401);
    const m = await signUpMember();
    await ban(m.memberId);
    const res = await call(PATH, { token: m.accessToken });
    expect(res.status).toBe(403);
    expect((await res.json<ErrorBody>()).code).toBe('MEMBER_BANNED');
  });
});

describe('POST /api/on/mypage/profile-images', () => {
  it('uploads a first MAIN photo for a member without photos', async () => {
    const m = await signUpMember();
    const res = await call(PATH, { method: 'POST', token: m.accessToken, body: await form({ main: await pngFile() }) });
    expect(res.status).toBe(200);
    const images = await res.json<ProfileImage[]>();
    expect(images).toHaveLength(1);
    expect(images[0]?.role).toBe('MAIN');
    expect(await r2Has(keyOfUrl(images[0]?.url ?? ''))).toBe(true);
  });

  it('replaces the MAIN photo and deletes the old object from R2, keeping the SUB slots', async () => {
    const m = await memberWithPhotos(3);
    const before = await imageKeys(m.memberId);
    const res = await call(PATH, { method: 'POST', token: m.accessToken, body: await form({ main: await pngFile() }) });
    expect(res.status).toBe(200);
    const after = await imageKeys(m.memberId);
    expect(after).toHaveLength(3);
    expect(after[0]).not.toBe(before[0]);
    expect(after.slice(1)).toEqual(before.slice(1));
    expect(await r2Has(before[0] ?? '')).toBe(false);
    expect(await r2Has(after[0] ?? '')).toBe(true);
  });

  it('puts a file in the second sub part into the second SUB slot, an empty part keeping the first', async () => {
    const m = await memberWithPhotos(3);
    const before = await imageKeys(m.memberId);
    const res = await call(PATH, {
      method: 'POST',
      token: m.accessToken,
      body: await form({ subs: [null, await pngFile('second.png')] }),
    });
    expect(res.status).toBe(200);
    const after = await imageKeys(m.memberId);
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(after[2]).not.toBe(before[2]);
    expect(await r2Has(before[2] ?? '')).toBe(false);
  });

  it('makes a lone SUB upload the MAIN photo, so a member never has SUBs without a MAIN', async () => {
    const m = await signUpMember();
    const res = await call(PATH, {
      method: 'POST',
      token: m.accessToken,
      body: await form({ subs: [await pngFile(), null] }),
    });
    expect((await res.json<ProfileImage[]>()).map((i) => i.role)).toEqual(['MAIN']);
  });

  it('refuses a 4th photo (a third sub part) with the limit message and stores nothing', async () => {
    const m = await memberWithPhotos(1);
    const before = await imageKeys(m.memberId);
    const f = await form({ subs: [await pngFile(), await pngFile()] });
    f.append('subImages', await pngFile('third.png'), 'third.png');
    const res = await call(PATH, { method: 'POST', token: m.accessToken, body: f });
    expect(res.status).toBe(400);
    expect(await res.json<ErrorBody>()).toMatchObject({ code: 'IMAGES_TOO_MANY', message: MYPAGE_KO.imagesTooMany });
    expect(await imageKeys(m.memberId)).toEqual(before);
  });

  it('refuses two MAIN photos in one upload', async () => {
    const m = await signUpMember();
    const f = await form({ main: await pngFile() });
    f.append('mainImage', await pngFile('again.png'), 'again.png');
    const res = await call(PATH, { method: 'POST', token: m.accessToken, body: f });
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).code).toBe('IMAGES_TOO_MANY');
    expect(await imageKeys(m.memberId)).toEqual([]);
  });

  it('refuses a file that is not an image, whatever its name and type say, and keeps the old photos', async () => {
    const m = await memberWithPhotos(1);
    const before = await imageKeys(m.memberId);
    const fake = new File([new TextEncoder().encode('not really a picture')], 'photo.png', { type: 'image/png' });
    const res = await call(PATH, { method: 'POST', token: m.accessToken, body: await form({ main: fake }) });
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).message).toBe(VALIDATION_KO.imageOnly);
    expect(await imageKeys(m.memberId)).toEqual(before);
    expect(await r2Has(before[0] ?? '')).toBe(true);
  });

  it('refuses an upload with no file at all', async () => {
    const m = await signUpMember();
    const res = await call(PATH, { method: 'POST', token: m.accessToken, body: await form({}) });
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).code).toBe('IMAGE_REQUIRED');
  });

  it('answers 401 to a visitor and 403 to a banned member without storing anything', async () => {
    expect((await call(PATH, { method: 'POST', body: await form({ main: await pngFile() }) })).status).toBe(401);
    const m = await signUpMember();
    await ban(m.memberId);
    const res = await call(PATH, { method: 'POST', token: m.accessToken, body: await form({ main: await pngFile() }) });
    expect(res.status).toBe(403);
    expect(await imageKeys(m.memberId)).toEqual([]);
  });
});

describe('DELETE /api/on/mypage/profile-images?url=', () => {
  const del = (token: string, url: string) =>
    call(`${PATH}?url=${encodeURIComponent(url)}`, { method: 'DELETE', token });

  it('deletes a SUB photo: row and R2 object gone, the other SUB moves up', async () => {
    const m = await memberWithPhotos(3);
    const images = await list(m.accessToken);
    const firstSub = images[1]?.url ?? '';
    const res = await del(m.accessToken, firstSub);
    expect(res.status).toBe(200);
    const after = await res.json<ProfileImage[]>();
    expect(after).toEqual([images[0], images[2]]);
    expect(await r2Has(keyOfUrl(firstSub))).toBe(false);
  });

  it('deleting the MAIN photo promotes the first SUB to MAIN', async () => {
    const m = await memberWithPhotos(3);
    const images = await list(m.accessToken);
    const res = await del(m.accessToken, images[0]?.url ?? '');
    expect(res.status).toBe(200);
    const after = await res.json<ProfileImage[]>();
    expect(after).toEqual([
      { url: images[1]?.url, role: 'MAIN' },
      { url: images[2]?.url, role: 'SUB' },
    ]);
  });

  it('deleting the only photo leaves the list empty', async () => {
    const m = await memberWithPhotos(1);
    const [only] = await list(m.accessToken);
    expect((await del(m.accessToken, only?.url ?? '')).status).toBe(200);
    expect(await list(m.accessToken)).toEqual([]);
    expect(await r2Has(keyOfUrl(only?.url ?? ''))).toBe(false);
  });

  it('accepts the absolute form of the URL as well', async () => {
    const m = await memberWithPhotos(2);
    const images = await list(m.accessToken);
    expect((await del(m.accessToken, `http://localhost${images[1]?.url ?? ''}`)).status).toBe(200);
    expect(await list(m.accessToken)).toHaveLength(1);
  });

  it("answers 404 to another member's photo URL and leaves that photo alone", async () => {
    const owner = await memberWithPhotos(2);
    const other = await memberWithPhotos(1);
    const images = await list(owner.accessToken);
    const res = await del(other.accessToken, images[0]?.url ?? '');
    expect(res.status).toBe(404);
    expect(await list(owner.accessToken)).toEqual(images);
    expect(await r2Has(keyOfUrl(images[0]?.url ?? ''))).toBe(true);
    expect(await list(other.accessToken)).toHaveLength(1);
  });

  it('answers 400 without a url and 404 for a URL that is not one of our photos', async () => {
    const m = await memberWithPhotos(1);
    expect((await call(PATH, { method: 'DELETE', token: m.accessToken })).status).toBe(400);
    expect((await del(m.accessToken, 'https://example.com/x.png')).status).toBe(404);
    expect(await list(m.accessToken)).toHaveLength(1);
  });

  it('answers 401 to a visitor and 403 to a banned member, deleting nothing', async () => {
    const m = await memberWithPhotos(1);
    const [only] = await list(m.accessToken);
    expect((await call(`${PATH}?url=${encodeURIComponent(only?.url ?? '')}`, { method: 'DELETE' })).status).toBe(401);
    await ban(m.memberId);
    expect((await del(m.accessToken, only?.url ?? '')).status).toBe(403);
    expect(await imageKeys(m.memberId)).toHaveLength(1);
  });
});
