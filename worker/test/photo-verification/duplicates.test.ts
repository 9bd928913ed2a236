// Duplicate photos (issue 20 §3): every profile photo gets a perceptual hash; one that looks like
// another live account's is flagged for the operators, one that looks like a permanently banned
// account's is refused and nothing of it is kept.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { AdminPhotoMatch } from '../../src/contract/photo-verification';
import { adminSession, ban, call, countRows, imageKeys, memberWithPhotos, type ErrorBody } from '../helpers/mypage';
import { signUpMember } from '../helpers/auth';
import { brighten, crop, patternImage, resize, toJpeg, toPng } from './images';

let seed = 9000 + Math.floor(Math.random() * 1000) * 50;
const freshPicture = () => patternImage((seed += 1), 200, 240);

const file = (bytes: Uint8Array, name: string, type: string) => new File([bytes], name, { type });

async function uploadMain(token: string, photo: File): Promise<Response> {
  const form = new FormData();
  form.append('mainImage', photo);
  return call('/api/on/mypage/profile-images', { method: 'POST', token, body: form });
}

describe('duplicate photos', () => {
  it('stores a hash with every profile photo, at signup and on my page', async () => {
    const picture = freshPicture();
    const m = await signUpMember({ images: [file(toPng(picture), 'a.png', 'image/png')] });
    const row = await env.DB.prepare('SELECT phash FROM member_images WHERE member_id = ? AND slot = 0')
      .bind(m.memberId)
      .first<{ phash: string }>();
    expect(row!.phash).toMatch(/^[0-9a-f]{16}$/);
    expect((await uploadMain(m.accessToken, file(toJpeg(freshPicture()), 'b.jpg', 'image/jpeg'))).status).toBe(200);
    const after = await env.DB.prepare('SELECT phash FROM member_images WHERE member_id = ? AND slot = 0')
      .bind(m.memberId)
      .first<{ phash: string }>();
    expect(after!.phash).toMatch(/^[0-9a-f]{16}$/);
    expect(after!.phash).not.toBe(row!.phash);
  });

  it("flags a photo that looks like another live account's, for the operators to dismiss", async () => {
    const picture = freshPicture();
    const first = await signUpMember({ images: [file(toPng(picture), 'a.png', 'image/png')] });
    const copycat = await memberWithPhotos(1);
    const copy = toJpeg(brighten(crop(resize(picture, 150, 180), 0.05), 12), 70);
    expect((await uploadMain(copycat.accessToken, file(copy, 'c.jpg', 'image/jpeg'))).status).toBe(200);
    const [copyKey] = await imageKeys(copycat.memberId);
    const [firstKey] = await imageKeys(first.memberId);

    const admin = await adminSession();
    const matches = await (await call('/admin/photo-matches', { admin })).json<AdminPhotoMatch[]>();
    const flagged = matches.find((m) => m.member.id === copycat.memberId);
    expect(flagged).toMatchObject({
      member: { id: copycat.memberId, imageUrl: `/media/${copyKey}` },
      other: { id: first.memberId, imageUrl: `/media/${firstKey}` },
      status: 'OPEN',
    });
    expect(flagged!.distance).toBeLessThanOrEqual(10);
    // An unrelated photo is not flagged.
    const unrelated = await memberWithPhotos(1);
    await uploadMain(unrelated.accessToken, file(toPng(freshPicture()), 'u.png', 'image/png'));
    expect(await countRows('SELECT count(*) AS n FROM photo_matches WHERE member_id = ?', unrelated.memberId)).toBe(0);

    const dismissed = await call(`/admin/photo-matches/${flagged!.id}/dismiss`, { method: 'POST', admin });
    expect(dismissed.status).toBe(200);
    const open = await (await call('/admin/photo-matches', { admin })).json<AdminPhotoMatch[]>();
    expect(open.some((m) => m.id === flagged!.id)).toBe(false);
    expect((await call(`/admin/photo-matches/${flagged!.id}/dismiss`, { method: 'POST', admin })).status).toBe(404);
  });

  it("refuses a photo that looks like a permanently banned account's, at signup and on my page, keeping nothing", async () => {
    const picture = freshPicture();
    const banned = await signUpMember({ images: [file(toPng(picture), 'a.png', 'image/png')] });
    await ban(banned.memberId, null);
    const objectsBefore = (await env.MEDIA.list({ prefix: 'profiles/' })).objects.length;

    const m = await memberWithPhotos(1);
    const before = await imageKeys(m.memberId);
    const res = await uploadMain(m.accessToken, file(toJpeg(resize(picture, 160, 192), 60), 'x.jpg', 'image/jpeg'));
    expect(res.status).toBe(400);
    const body = await res.json<ErrorBody>();
    expect(body.code).toBe('PHOTO_NOT_ALLOWED');
    expect(body.message).toContain('이 사진은 사용할 수 없어요');
    expect(await imageKeys(m.memberId)).toEqual(before);

    await expect(signUpMember({ images: [file(toPng(brighten(picture, -20)), 's.png', 'image/png')] })).rejects.toThrow(
      /400.*PHOTO_NOT_ALLOWED/,
    );
    // Neither refused upload left an object behind (m's own signup photo is the only new one).
    expect((await env.MEDIA.list({ prefix: 'profiles/' })).objects.length).toBe(objectsBefore + 1);
  });
});
