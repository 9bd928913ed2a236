// 아는 사람 피하기 and 비공개 모드 (docs/privacy.md): numbers normalised and kept only as keyed
// hashes, the list capped with a Korean reason, avoided members hidden from each other both ways,
// and a private member missing (404-like) from every list and by id for everyone they have not
// liked or written to. Both are rules of the visibility module, so each surface is checked.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { NearbyPage, PopularProfile } from '../../src/contract/matching';
import {
  PRIVACY_KO,
  PRIVACY_LIMITS,
  normalizePhone,
  type AvoidPhonesResult,
  type PrivacySettings,
} from '../../src/contract/privacy';
import { phoneHashOf } from '../../src/areas/privacy/phone-hash';
import { callAs, chatRequest, heart, recommendedIds, seedCandidate, seedMember } from '../helpers/matching';
import { devVerify, personOf, uniqueEmail } from '../helpers/auth';

const KEY = env.IDENTITY_CI_KEY!;
const MISSING = 2_000_000_000;

const hashOf = (phone: string) => phoneHashOf(KEY, phone);

async function setPhone(memberId: number, phone: string): Promise<void> {
  await env.DB.prepare('UPDATE members SET phone_hash = ? WHERE id = ?')
    .bind(await hashOf(phone), memberId)
    .run();
}

const avoid = (memberId: number, phones: string[]) =>
  callAs(memberId, '/api/on/privacy/avoid-phones', { method: 'POST', body: { phones } });

async function answer(res: Response) {
  const body = await res.json<{ code: string; message: string }>();
  return { status: res.status, code: body.code, message: body.message };
}

const ids = async (memberId: number, path: string, pick: (b: never) => number[]) => {
  const res = await callAs(memberId, path);
  expect(res.status, path).toBe(200);
  return pick((await res.json()) as never);
};
const nearbyIds = (m: number) =>
  ids(m, '/api/on/matching/nearby?radiusKm=50&page=0', (b: NearbyPage) => b.content.map((c) => c.memberId));
const popularIds = (m: number) => ids(m, '/api/on/matching/popular', (b: PopularProfile[]) => b.map((p) => p.memberId));
const receivedIds = (m: number) =>
  ids(m, '/api/on/hearts/received?page=0&size=50', (b: { content: { memberId: number }[] }) =>
    b.content.map((c) => c.memberId),
  );
const likedIds = (m: number) =>
  ids(m, '/api/on/mypage/profile-likes?page=0&size=24', (b: { content: { memberId: number }[] }) =>
    b.content.map((c) => c.memberId),
  );

describe('아는 사람 피하기: the list', () => {
  it('normalises what people type, keeps only keyed hashes, caps the list and explains why', async () => {
    expect(normalizePhone('010-1234-5678')).toBe('01012345678');
    expect(normalizePhone('+82 10 1234 5678')).toBe('01012345678');
    expect(normalizePhone('82-10-1234-5678')).toBe('01012345678');
    expect(normalizePhone('+82 (0)10.1234.5678')).toBe('01012345678');
    expect(normalizePhone('02-123-4567')).toBeNull(); // a landline: 본인확인 never confirms one
    expect(normalizePhone('전화번호')).toBeNull();

    const me = await seedMember();
    const res = await avoid(me, ['010-1234-5678', '+82 10 1234 5678', ' 010 9876 5432 ', '이모', '02-123-4567']);
    expect(res.status).toBe(200);
    expect(await res.json<AvoidPhonesResult>()).toEqual({ added: 2, invalid: 2, avoidCount: 2 });
    const stored = await env.DB.prepare('SELECT phone_hash FROM avoid_phones WHERE member_id = ? ORDER BY phone_hash')
      .bind(me)
      .all<{ phone_hash: string }>();
    expect(stored.results.map((r) => r.phone_hash).sort()).toEqual(
      [await hashOf('01012345678'), await hashOf('01098765432')].sort(),
    );
    // Neither the number nor its unkeyed SHA-256 is anywhere in the row.
    const plain = [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode('01012345678')))]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');
    for (const r of stored.results) {
      expect(r.phone_hash).not.toContain('01012345678');
      expect(r.phone_hash).not.toBe(plain);
    }

    // A 10,000-entry paste: refused before any entry is read, with the reason in Korean.
    const flood = Array.from({ length: 10_000 }, (_, i) => `010${String(10_000_000 + i)}`);
    expect(await answer(await avoid(me, flood))).toMatchObject({ status: 400, message: PRIVACY_KO.phonesTooMany });
    // The cap counts the whole list: 2 + 999 > 1,000 is refused whole, 2 + 998 fits.
    const more = (n: number) => Array.from({ length: n }, (_, i) => `010${String(20_000_000 + i)}`);
    expect(await answer(await avoid(me, more(999)))).toEqual({
      status: 400,
      code: 'AVOID_LIST_FULL',
      message: PRIVACY_KO.phonesTooMany,
    });
    expect((await (await avoid(me, more(998))).json<AvoidPhonesResult>()).avoidCount).toBe(
      PRIVACY_LIMITS.avoidPhonesMax,
    );
    expect(await answer(await avoid(me, ['010-5555-1234']))).toMatchObject({ code: 'AVOID_LIST_FULL' });
    expect(await answer(await avoid(me, ['없는 번호']))).toMatchObject({ status: 400, code: 'NO_VALID_PHONES' });
    expect((await avoid(me, [])).status).toBe(400);

    const settings = await (await callAs(me, '/api/on/privacy')).json<PrivacySettings>();
    expect(settings).toEqual({ avoidCount: 1000, privateMode: false, phoneVerified: false });
    expect((await callAs(me, '/api/on/privacy/avoid-phones', { method: 'DELETE' })).status).toBe(200);
    expect((await (await callAs(me, '/api/on/privacy')).json<PrivacySettings>()).avoidCount).toBe(0);
  });

  it('본인확인 stores the verified phone as the same keyed hash', async () => {
    const member = await seedMember({ identityVerified: false });
    const person = await personOf({ email: uniqueEmail('phone') });
    const id = await devVerify(person);
    const res = await callAs(member, '/api/on/identity', { method: 'POST', body: { identityVerificationId: id } });
    expect(res.status, await res.clone().text()).toBe(200);
    const row = await env.DB.prepare('SELECT phone_hash FROM members WHERE id = ?')
      .bind(member)
      .first<{ phone_hash: string }>();
    expect(row?.phone_hash).toBe(await hashOf(person.phoneNumber));
    expect((await (await callAs(member, '/api/on/privacy')).json<PrivacySettings>()).phoneVerified).toBe(true);
  });
});

describe('아는 사람 피하기: hidden from each other, both ways, everywhere', () => {
  it('recommend, nearby, popular, received hearts and the profile by id', async () => {
    const me = await seedMember();
    await setPhone(me, '01011112222');
    const iAvoid = await seedCandidate();
    await setPhone(iAvoid, '01033334444');
    const avoidsMe = await seedCandidate();
    await setPhone(avoidsMe, '01055556666');
    const other = await seedCandidate();
    await setPhone(other, '01077778888');
    expect((await avoid(me, ['010-3333-4444'])).status).toBe(200);
    expect((await avoid(avoidsMe, ['+82 10-1111-2222'])).status).toBe(200);
    for (const id of [iAvoid, avoidsMe, other]) {
      await heart(id, me);
      for (let i = 0; i < 3; i++) await heart(await seedMember(), id);
    }

    const missing = await answer(await callAs(me, `/api/on/profile/modal/${MISSING}`));
    for (const hidden of [iAvoid, avoidsMe]) {
      expect(await answer(await callAs(me, `/api/on/profile/modal/${hidden}`))).toEqual(missing);
      expect(await answer(await callAs(hidden, `/api/on/profile/modal/${me}`))).toEqual(missing);
    }
    expect((await callAs(me, `/api/on/profile/modal/${other}`)).status).toBe(200);

    const lists = {
      recommend: await recommendedIds(me),
      nearby: await nearbyIds(me),
      popular: await popularIds(me),
      received: await receivedIds(me),
    };
    for (const [what, list] of Object.entries(lists)) {
      expect(list, what).toContain(other);
      expect(list, what).not.toContain(iAvoid);
      expect(list, what).not.toContain(avoidsMe);
    }
    // And the other way: neither of them finds me.
    for (const hidden of [iAvoid, avoidsMe]) expect(await nearbyIds(hidden)).not.toContain(me);

    // Clearing my list shows the one I avoided again; the one who avoids me still does not see me.
    await callAs(me, '/api/on/privacy/avoid-phones', { method: 'DELETE' });
    expect((await callAs(me, `/api/on/profile/modal/${iAvoid}`)).status).toBe(200);
    expect((await callAs(avoidsMe, `/api/on/profile/modal/${me}`)).status).toBe(404);
  });
});

describe('비공개 모드', () => {
  it('only those I liked or wrote to see me, in every list and by id; everyone else gets a missing member', async () => {
    const hidden = await seedCandidate();
    const liked = await seedMember(); // I hearted her
    const asked = await seedMember(); // I sent her a chat request
    const talking = await seedMember(); // she asked, I accepted: a room
    const stranger = await seedMember();
    const admirer = await seedMember(); // hearted me, I did not heart back
    await heart(hidden, liked);
    await heart(hidden, stranger); // hearted before… then taken back below, to show the rule is live
    await chatRequest(hidden, asked, 'PENDING');
    await chatRequest(talking, hidden, 'ACCEPTED');
    await heart(admirer, hidden);
    for (let i = 0; i < 6; i++) await heart(await seedCandidate({ gender: 'M', lookingFor: 'F' }), hidden);
    await env.DB.prepare('DELETE FROM hearts WHERE member_id = ? AND target_id = ?').bind(hidden, stranger).run();
    const post = await env.DB.prepare(
      "INSERT INTO community_posts (member_id, category, title, content) VALUES (?, 'FREE', '안녕하세요', '반가워요 모두') RETURNING id",
    )
      .bind(hidden)
      .first<{ id: number }>();

    // Before: the stranger sees me.
    expect((await callAs(stranger, `/api/on/profile/modal/${hidden}`)).status).toBe(200);
    const on = await callAs(hidden, '/api/on/privacy/private-mode', { method: 'PUT', body: { on: true } });
    expect((await on.json<PrivacySettings>()).privateMode).toBe(true);
    expect((await callAs(hidden, '/api/on/privacy/private-mode', { method: 'PUT', body: { on: 'yes' } })).status).toBe(
      400,
    );

    const missing = await answer(await callAs(stranger, `/api/on/profile/modal/${MISSING}`));
    for (const viewer of [stranger, admirer])
      expect(await answer(await callAs(viewer, `/api/on/profile/modal/${hidden}`))).toEqual(missing);
    for (const viewer of [liked, asked, talking])
      expect((await callAs(viewer, `/api/on/profile/modal/${hidden}`)).status).toBe(200);

    const postIds = (m: number) => ids(m, '/api/on/community/posts', (b: { id: number }[]) => b.map((p) => p.id));
    for (const viewer of [stranger, admirer]) {
      expect(await recommendedIds(viewer), 'recommend').not.toContain(hidden);
      expect(await nearbyIds(viewer), 'nearby').not.toContain(hidden);
      expect(await popularIds(viewer), 'popular').not.toContain(hidden);
      expect(await postIds(viewer), 'community').not.toContain(post!.id);
      expect((await callAs(viewer, `/api/on/community/posts/${post!.id}`)).status, 'post by id').toBe(404);
    }
    // The admirer hearted me: I no longer appear in their 내가 보낸 마음.
    expect(await likedIds(admirer)).not.toContain(hidden);
    // Those I liked see me where I would be listed: received hearts, popular, the community.
    expect(await receivedIds(liked)).toContain(hidden);
    expect(await popularIds(liked)).toContain(hidden);
    expect(await postIds(liked)).toContain(post!.id);
    // I still see everyone, and my own post.
    expect((await callAs(hidden, `/api/on/profile/modal/${stranger}`)).status).toBe(200);
    expect(await receivedIds(hidden)).toContain(admirer);
    expect(await postIds(hidden)).toContain(post!.id);

    await callAs(hidden, '/api/on/privacy/private-mode', { method: 'PUT', body: { on: false } });
    expect((await callAs(stranger, `/api/on/profile/modal/${hidden}`)).status).toBe(200);
  });
});
