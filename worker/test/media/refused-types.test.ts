// GIF, HEIC and WebP uploads through every upload path (signup, my page photos, community post) are
// refused with a message that names the accepted types, and nothing is stored.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { devSignIn, signUpMember, signupData, signupForm, postSignup, uniqueEmail } from '../helpers/auth';
import { sendPost } from '../helpers/community';
import { call } from '../helpers/mypage';
import { VALIDATION_KO } from '../../src/contract';
import { gifFile, heicFile, webpFile } from './refused-fixtures';

type ErrorBody = { code: string; message: string };
const ACCEPTED_TYPES = 'JPG, PNG 사진만 올릴 수 있어요.';
const refused = [
  ['GIF', gifFile, ACCEPTED_TYPES],
  ['HEIC', heicFile, ACCEPTED_TYPES],
  ['WebP', webpFile, VALIDATION_KO.imageWebp],
] as const;

const objects = async (prefix: string) => (await env.MEDIA.list({ prefix })).objects.length;

describe('refused picture types name the accepted ones', () => {
  it.each(refused)('signup with a %s photo', async (_kind, file, message) => {
    const identity = { email: uniqueEmail('gif'), name: '사진회원', gender: 'F' as const, birthday: '1997-01-02' };
    const { body, cookies } = await devSignIn(identity);
    expect(body.status).toBe('NEED_AGREEMENT');
    const before = await objects('profiles/');
    const res = await postSignup(signupForm(signupData(identity), [file()]), cookies);
    expect(res.status).toBe(400);
    expect(await res.json<ErrorBody>()).toMatchObject({ code: 'IMAGE_TYPE_UNSUPPORTED', message });
    expect(await objects('profiles/')).toBe(before);
  });

  it.each(refused)('my page main photo as %s', async (_kind, file, message) => {
    const m = await signUpMember();
    const form = new FormData();
    const photo = file();
    form.append('mainImage', photo, photo.name);
    form.append('subImages', '');
    form.append('subImages', '');
    const res = await call('/api/on/mypage/profile-images', { method: 'POST', token: m.accessToken, body: form });
    expect(res.status).toBe(400);
    expect(await res.json<ErrorBody>()).toMatchObject({ code: 'IMAGE_TYPE_UNSUPPORTED', message });
  });

  it.each(refused)('community post with a %s picture', async (_kind, file, message) => {
    const m = await signUpMember();
    const before = await objects('posts/');
    const res = await sendPost(m, {}, file());
    expect(res.status).toBe(400);
    expect(await res.json<ErrorBody>()).toMatchObject({ code: 'IMAGE_TYPE_UNSUPPORTED', message });
    expect(await objects('posts/')).toBe(before);
  });
});
