// GET /api/on/profile/modal/{memberId}: the contract's shape, hidden members answer 404.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ModalProfile } from '../../src/contract';
import { signUpMember } from '../helpers/auth';
import { ban, block, call, memberWithPhotos, rawMember, type ErrorBody } from '../helpers/mypage';

const modal = (token: string, id: number | string) => call(`/api/on/profile/modal/${id}`, { token });
const SEOUL = { city: '서울특별시', district: '마포구', lat: 37.56, lng: 126.91 };

describe('GET /api/on/profile/modal/{memberId}', () => {
  it('answers name, age, city, district, interests, images MAIN first and hearted', async () => {
    const me = await signUpMember();
    const target = await memberWithPhotos(2, { name: '정다은', interests: ['음악', '독서'], location: SEOUL });
    const res = await modal(me.accessToken, target.memberId);
    expect(res.status).toBe(200);
    const body = await res.json<ModalProfile>();
    expect(body).toMatchObject({
      memberId: target.memberId,
      name: '정다은',
      city: '서울특별시',
      district: '마포구',
      interests: ['독서', '음악'],
      hearted: false,
    });
    expect(body.age).toBeGreaterThan(20);
    expect(body.images.map((i) => i.role)).toEqual(['MAIN', 'SUB']);
    expect(body.images[0]?.url).toMatch(/^\/media\/profiles\//);
  });

  it('shows hearted: true after the viewer hearts the member, and false again after taking it back', async () => {
    const me = await signUpMember();
    const target = await memberWithPhotos(1);
    await call(`/api/on/heart/${target.memberId}`, { method: 'PUT', token: me.accessToken });
    expect((await (await modal(me.accessToken, target.memberId)).json<ModalProfile>()).hearted).toBe(true);
    await call(`/api/on/heart/${target.memberId}`, { method: 'DELETE', token: me.accessToken });
    expect((await (await modal(me.accessToken, target.memberId)).json<ModalProfile>()).hearted).toBe(false);
  });

  it('answers null city and district for a member without a location', async () => {
    const me = await signUpMember();
    const target = await signUpMember({ agreements: { LOCATION: false } });
    const body = await (await modal(me.accessToken, target.memberId)).json<ModalProfile>();
    expect(body).toMatchObject({ city: null, district: null, images: [] });
  });

  it('lets a member open their own profile', async () => {
    const me = await memberWithPhotos(1);
    expect((await modal(me.accessToken, me.memberId)).status).toBe(200);
  });

  it('answers the same 404 for nobody, a withdrawn, a banned and a blocked member (either way)', async () => {
    const me = await signUpMember();
    const [withdrawn, banned, blockedByMe, blockedMe] = await Promise.all([1, 2, 3, 4].map(() => rawMember()));
    await env.DB.prepare('UPDATE members SET deleted_at = ? WHERE id = ?')
      .bind(new Date().toISOString(), withdrawn)
      .run();
    await ban(banned ?? 0);
    await block(me.memberId, blockedByMe ?? 0);
    await block(blockedMe ?? 0, me.memberId);
    for (const id of [999_999_999, withdrawn, banned, blockedByMe, blockedMe, '0', 'x']) {
      const res = await modal(me.accessToken, id ?? 0);
      expect(res.status, `member ${id}`).toBe(404);
      expect((await res.json<ErrorBody>()).code).toBe('PROFILE_NOT_FOUND');
    }
  });

  it('answers 401 to a visitor and 403 to a banned member', async () => {
    const target = await rawMember();
    expect((await call(`/api/on/profile/modal/${target}`)).status).toBe(401);
    const me = await signUpMember();
    await ban(me.memberId);
    expect((await modal(me.accessToken, target)).status).toBe(403);
  });
});
