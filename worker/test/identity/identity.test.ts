// 본인확인 (issue 20 §2): the PortOne path emulated by the dev portal, bound to the signup session
// before any member row exists; one person, one account; the gate on hearts, requests and messages.
import { env, SELF } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { purgeVerifications } from '../../src/areas/identity/service';
import * as schema from '../../src/db/schema';
import { IDENTITY_KO } from '../../src/contract/identity';
import { UNDER_19_MESSAGE } from '../../src/contract/age';
import { ACCOUNT_DELETE_CONFIRMATION } from '../../src/contract/mypage';
import { NICKNAME_KO } from '../../src/contract/nickname';
import { PROFILE_CONTACT_KO } from '../../src/contract/safety/member-limits';
import {
  ORIGIN,
  bearer,
  cookieHeader,
  devSignIn,
  devVerify,
  freshIp,
  newVerificationId,
  personOf,
  postIdentity,
  postSignup,
  signUpMember,
  signupData,
  signupForm,
  uniqueEmail,
  verifyIdentity,
  type CookieJar,
  type DevIdentityInput,
  type DevPerson,
  type SignedInMember,
} from '../helpers/auth';
import { acceptRequest, openRoom, postAs, requestChat } from '../helpers/chat';

type ErrorBody = { code: string; message: string; account?: { portal: string; maskedEmail: string } };

const count = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .first<{ n: number }>()
  )?.n ?? -1;

/** A new portal identity with an open signup session, not yet verified. */
async function newSession(over: Partial<DevIdentityInput> = {}) {
  const identity = { email: uniqueEmail('idv'), name: '정온기', gender: 'F' as const, birthday: '1995-06-07', ...over };
  const { cookies, body } = await devSignIn(identity, { verify: false });
  if (body.status !== 'NEED_AGREEMENT') throw new Error('expected a new identity');
  return { identity: identity as Required<DevIdentityInput>, cookies, person: await personOf(identity) };
}

const signupWith = (identity: Required<DevIdentityInput>, cookies: CookieJar, name = '새닉네임') =>
  postSignup(signupForm(signupData(identity, { name })), cookies);

/** Makes a signed-up member unverified, as the members who joined before 본인확인 existed. */
async function unverified(m: SignedInMember): Promise<SignedInMember> {
  await env.DB.prepare('UPDATE members SET identity_verified_at = NULL WHERE id = ?').bind(m.memberId).run();
  return m;
}

const postMemberIdentity = (m: SignedInMember, identityVerificationId: string) =>
  SELF.fetch(`${ORIGIN}/api/on/identity`, {
    method: 'POST',
    headers: { ...bearer(m.accessToken), 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() },
    body: JSON.stringify({ identityVerificationId }),
  });

function kstYearsAgo(years: number): string {
  const kst = new Date(Date.now() + 9 * 3600_000);
  return `${kst.getUTCFullYear() - years}-06-01`;
}

describe('POST /api/member/identity → POST /api/member/profile', () => {
  it('binds a verified person to the session; the member takes birthday and gender from it, a nickname of their own', async () => {
    // The portal says 1990-01-01 / M; the carrier verifies another birthday and gender: the verification wins.
    const { identity, cookies, person } = await newSession({ name: '진짜이름', gender: 'M', birthday: '1990-01-01' });
    const verified: DevPerson = { ...person, birthDate: '1993-09-09', gender: 'FEMALE' };
    const id = await devVerify(verified);
    const bind = await postIdentity(cookies, id);
    expect(bind.status).toBe(200);
    expect(await bind.json()).toEqual({ name: '진짜이름', birthDate: '1993-09-09', gender: 'F' });
    // A reload of the return page sends it again: the same answer.
    expect((await postIdentity(cookies, id)).status).toBe(200);
    expect(await count('SELECT COUNT(*) AS n FROM members WHERE email = ?', identity.email)).toBe(0);

    const res = await signupWith(identity, cookies, '봄날');
    expect(res.status).toBe(200);
    const memberId = await res.json<number>();
    const member = await env.DB.prepare(
      'SELECT name, gender, birthday, identity_verified_at, nickname_chosen_at FROM members WHERE id = ?',
    )
      .bind(memberId)
      .first<Record<string, string | null>>();
    expect(member).toMatchObject({ name: '봄날', gender: 'F', birthday: '1993-09-09' });
    expect(member?.identity_verified_at).toBeTruthy();
    expect(member?.nickname_chosen_at).toBeTruthy();
    const row = await env.DB.prepare('SELECT member_id, name, ci_hash FROM identity_verifications WHERE id = ?')
      .bind(id)
      .first<{ member_id: number; name: string; ci_hash: string }>();
    expect(row?.member_id).toBe(memberId);
    expect(row?.name).toBe('진짜이름');
    // An HMAC-SHA256 hex, never the CI itself.
    expect(row?.ci_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses the form without a bound verification (403 IDENTITY_REQUIRED, before reading the body) and stores nothing', async () => {
    const { identity, cookies } = await newSession();
    const res = await postSignup(signupForm({ not: 'even valid' }), cookies);
    expect(res.status).toBe(403);
    expect((await res.json<ErrorBody>()).code).toBe('IDENTITY_REQUIRED');
    expect(await count('SELECT COUNT(*) AS n FROM members WHERE email = ?', identity.email)).toBe(0);
  });

  it('refuses a verified minor (403 UNDER_19) and stores nothing of them', async () => {
    const { identity, cookies, person } = await newSession({ birthday: kstYearsAgo(17) });
    const id = await devVerify(person);
    const res = await postIdentity(cookies, id);
    expect(res.status).toBe(403);
    const err = await res.json<ErrorBody>();
    expect(err.code).toBe('UNDER_19');
    expect(err.message).toBe(UNDER_19_MESSAGE);
    expect(await count('SELECT COUNT(*) AS n FROM identity_verifications WHERE id = ?', id)).toBe(0);
    expect((await signupWith(identity, cookies)).status).toBe(403);
    expect(await count('SELECT COUNT(*) AS n FROM members WHERE email = ?', identity.email)).toBe(0);
  });

  it('applies the year rule: 19 this calendar year is an adult even before the birthday', async () => {
    const kst = new Date(Date.now() + 9 * 3600_000);
    const { cookies, person } = await newSession();
    const res = await postIdentity(
      cookies,
      await devVerify({ ...person, birthDate: `${kst.getUTCFullYear() - 19}-12-31` }),
    );
    expect(res.status).toBe(200);
  });

  it('answers 404 for an id PortOne never saw, 400 for one not verified (READY, cancelled), and refuses claims in the body', async () => {
    const { cookies, person } = await newSession();
    const unknown = await postIdentity(cookies, newVerificationId());
    expect(unknown.status).toBe(404);
    expect((await unknown.json<ErrorBody>()).code).toBe('IDENTITY_VERIFICATION_NOT_FOUND');

    // The browser opened the carrier page (READY) but never finished.
    const ready = newVerificationId();
    const page = await SELF.fetch(
      `${ORIGIN}/dev-portal/portone/verify?identityVerificationId=${ready}&storeId=store-test-ongi&channelKey=channel-key-test-ongi&redirectUrl=${encodeURIComponent('http://localhost/signup/verify')}`,
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('휴대폰 본인확인');
    const notVerified = await postIdentity(cookies, ready);
    expect(notVerified.status).toBe(400);
    expect((await notVerified.json<ErrorBody>()).code).toBe('IDENTITY_NOT_VERIFIED');

    // The SPA cannot claim a person: the body holds the id only.
    const forged = await SELF.fetch(`${ORIGIN}/api/member/identity`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookieHeader(cookies), 'CF-Connecting-IP': freshIp() },
      body: JSON.stringify({
        identityVerificationId: newVerificationId(),
        status: 'VERIFIED',
        ...person,
      }),
    });
    expect(forged.status).toBe(400);
    expect(
      await count(
        'SELECT COUNT(*) AS n FROM identity_verifications WHERE signup_session_id IS NOT NULL AND name = ?',
        '__none__',
      ),
    ).toBe(0);
  });

  it('trusts only its own store: a verification of another store is not found, and a wrong secret is refused by the provider', async () => {
    const { cookies } = await newSession();
    const other = newVerificationId();
    const at = new Date().toISOString();
    await env.DB.prepare(
      "INSERT INTO dev_portone_verifications (id, store_id, status, customer, requested_at, updated_at, verified_at) VALUES (?, 'store-someone-else', 'VERIFIED', ?, ?, ?, ?)",
    )
      .bind(other, JSON.stringify({ name: '남의상점', birthDate: '1990-01-01', gender: 'MALE', ci: 'x' }), at, at, at)
      .run();
    const res = await postIdentity(cookies, other);
    expect(res.status).toBe(404);

    const direct = await SELF.fetch(`${ORIGIN}/dev-portal/portone/identity-verifications/${other}`, {
      headers: { Authorization: 'PortOne wrong-secret' },
    });
    expect(direct.status).toBe(401);
    expect(await direct.json()).toMatchObject({ type: 'UNAUTHORIZED' });
  });

  it("is single use: a replayed id, another session's id, and one verification for two signups are refused", async () => {
    const a = await newSession();
    const b = await newSession();
    const id = await devVerify(a.person);
    expect((await postIdentity(a.cookies, id)).status).toBe(200);
    // Another session presenting it (stolen from a URL, or one person trying two signups).
    const foreign = await postIdentity(b.cookies, id);
    expect(foreign.status).toBe(400);
    expect((await foreign.json<ErrorBody>()).code).toBe('IDENTITY_VERIFICATION_USED');
    expect((await signupWith(b.identity, b.cookies)).status).toBe(403);

    expect((await signupWith(a.identity, a.cookies)).status).toBe(200);
    // Replayed after the signup, even by the same browser.
    expect((await postIdentity(a.cookies, id)).status).toBe(401);
    const c = await newSession();
    expect((await postIdentity(c.cookies, id)).status).toBe(400);
  });

  it('accepts only a fresh verification (≤ 30 min) and a fresh binding', async () => {
    const { identity, cookies, person } = await newSession();
    const old = await devVerify(person);
    const long = new Date(Date.now() - 31 * 60_000).toISOString();
    await env.DB.prepare('UPDATE dev_portone_verifications SET verified_at = ? WHERE id = ?').bind(long, old).run();
    const res = await postIdentity(cookies, old);
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).code).toBe('IDENTITY_VERIFICATION_EXPIRED');

    const fresh = await devVerify(person);
    expect((await postIdentity(cookies, fresh)).status).toBe(200);
    await env.DB.prepare('UPDATE identity_verifications SET verified_at = ? WHERE id = ?').bind(long, fresh).run();
    const late = await signupWith(identity, cookies);
    expect(late.status).toBe(403);
    expect((await late.json<ErrorBody>()).code).toBe('IDENTITY_REQUIRED');
  });
});

describe('one person, one account', () => {
  it('refuses a second portal account of the same person with the portal and a masked email (409)', async () => {
    const first = await newSession({ email: uniqueEmail('haneul') });
    await verifyIdentity(first.cookies, first.person);
    expect((await signupWith(first.identity, first.cookies)).status).toBe(200);

    const second = await newSession();
    const res = await postIdentity(second.cookies, await devVerify(first.person));
    expect(res.status).toBe(409);
    const err = await res.json<ErrorBody>();
    expect(err.code).toBe('ALREADY_MEMBER');
    expect(err.message).toBe(IDENTITY_KO.alreadyMember);
    expect(err.account?.portal).toBe('NAVER');
    expect(err.account?.maskedEmail).toBe(`ha***@example.com`);
    expect(err.account?.maskedEmail).not.toContain(first.identity.email.split('@')[0]);
    expect(await count('SELECT COUNT(*) AS n FROM members WHERE email = ?', second.identity.email)).toBe(0);
  });

  it('refuses a permanently banned person with a new portal account (403 IDENTITY_BANNED)', async () => {
    const first = await newSession();
    await verifyIdentity(first.cookies, first.person);
    const memberId = await (await signupWith(first.identity, first.cookies)).json<number>();
    await env.DB.prepare("UPDATE members SET status = 'BANNED', banned_until = NULL WHERE id = ?").bind(memberId).run();

    const again = await newSession();
    const res = await postIdentity(again.cookies, await devVerify(first.person));
    expect(res.status).toBe(403);
    expect((await res.json<ErrorBody>()).code).toBe('IDENTITY_BANNED');
  });

  it('lets a person who left come back after 30 days, not before; deletion keeps only the CI hash and times', async () => {
    const identity = { email: uniqueEmail('leaver'), name: '떠난이', gender: 'F' as const, birthday: '1992-02-02' };
    const left_ = await signUpMember(identity);
    const person = await personOf(identity);
    const del = await SELF.fetch(`${ORIGIN}/api/on/mypage/account`, {
      method: 'DELETE',
      headers: { ...bearer(left_.accessToken), 'Content-Type': 'application/json' },
      body: JSON.stringify({ confirm: ACCOUNT_DELETE_CONFIRMATION }),
    });
    expect(del.status).toBe(200);
    const kept = await env.DB.prepare(
      'SELECT name, birth_date, ci_hash FROM identity_verifications WHERE member_id = ?',
    )
      .bind(left_.memberId)
      .first<{ name: string; birth_date: string; ci_hash: string }>();
    expect(kept).toMatchObject({ name: '', birth_date: '' });
    expect(kept?.ci_hash).toMatch(/^[0-9a-f]{64}$/);

    const soon = await newSession();
    const res = await postIdentity(soon.cookies, await devVerify(person));
    expect(res.status).toBe(403);
    const err = await res.json<ErrorBody>();
    expect(err.code).toBe('IDENTITY_COOLING_OFF');
    expect(err.message).toMatch(/30일/);

    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await env.DB.prepare('UPDATE members SET deleted_at = ? WHERE id = ?').bind(longAgo, left_.memberId).run();
    const later = await newSession();
    expect((await postIdentity(later.cookies, await devVerify(person))).status).toBe(200);

    // The daily clean-up forgets the hash after the cooling-off (a permanent ban keeps it).
    const banned = await signUpMember({ name: '정지된이' });
    await env.DB.prepare("UPDATE members SET status = 'BANNED', banned_until = NULL, deleted_at = ? WHERE id = ?")
      .bind(longAgo, banned.memberId)
      .run();
    await purgeVerifications(drizzle(env.DB, { schema }), new Date());
    const left = (id: number) => count('SELECT COUNT(*) AS n FROM identity_verifications WHERE member_id = ?', id);
    expect(await left(left_.memberId)).toBe(0);
    expect(await left(banned.memberId)).toBe(1);
  });
});

describe('members without 본인확인', () => {
  it('keep signing in but hearts, chat requests, accepting and messages answer 403 IDENTITY_REQUIRED until they verify', async () => {
    const verified = await signUpMember({ name: '확인된이', gender: 'M' });
    const other = await signUpMember({ name: '다른이', gender: 'F' });
    const me = await unverified(await signUpMember({ name: '미확인', gender: 'F' }));

    const heart = await SELF.fetch(`${ORIGIN}/api/on/heart/${verified.memberId}`, {
      method: 'PUT',
      headers: bearer(me.accessToken),
    });
    expect(heart.status).toBe(403);
    expect((await heart.json<ErrorBody>()).code).toBe('IDENTITY_REQUIRED');
    const request = await requestChat(me, verified.memberId);
    expect(request.status).toBe(403);
    expect((await request.json<ErrorBody>()).code).toBe('IDENTITY_REQUIRED');

    // A request to them they cannot accept; a room they are in they can read but not write to.
    const asked = await requestChat(verified, me.memberId);
    const { matchingId } = await asked.json<{ matchingId: number }>();
    const accept = await acceptRequest(me, matchingId);
    expect(accept.status).toBe(403);
    expect((await accept.json<ErrorBody>()).code).toBe('IDENTITY_REQUIRED');

    const fromOther = await requestChat(other, verified.memberId);
    const room = await (
      await acceptRequest(verified, (await fromOther.json<{ matchingId: number }>()).matchingId)
    ).json<{ chatRoomId: number }>();
    await env.DB.prepare('UPDATE members SET identity_verified_at = NULL WHERE id = ?').bind(other.memberId).run();
    const socket = await openRoom(other, room.chatRoomId);
    socket.send('안녕하세요', 'c1');
    const [refused] = await socket.waitFor('error');
    expect(refused?.code).toBe('IDENTITY_REQUIRED');
    socket.close();
    const photo = new FormData();
    photo.append('image', new Blob([new Uint8Array([1])], { type: 'image/png' }), 'p.png');
    const photoRes = await SELF.fetch(`${ORIGIN}/api/on/chat-rooms/${room.chatRoomId}/photos`, {
      method: 'POST',
      headers: bearer(other.accessToken),
      body: photo,
    });
    expect(photoRes.status).toBe(403);

    // The member-side verification opens everything; the verified birthday becomes theirs.
    const state = await (await SELF.fetch(`${ORIGIN}/api/on/verification`, { headers: bearer(me.accessToken) })).json();
    expect(state).toEqual({ identity: { verified: false, verifiedAt: null }, photo: { status: 'NONE' } });
    const person = await personOf({ email: me.email, name: '미확인', gender: 'F', birthday: '1994-04-04' });
    const ok = await postMemberIdentity(me, await devVerify(person));
    expect(ok.status).toBe(200);
    const after = await (
      await SELF.fetch(`${ORIGIN}/api/on/verification`, { headers: bearer(me.accessToken) })
    ).json<{
      identity: { verified: boolean };
    }>();
    expect(after.identity.verified).toBe(true);
    const birthday = await env.DB.prepare('SELECT birthday FROM members WHERE id = ?')
      .bind(me.memberId)
      .first<{ birthday: string }>();
    expect(birthday?.birthday).toBe('1994-04-04');
    expect((await acceptRequest(me, matchingId)).status).toBe(200);
  });

  it("refuses another live member's person (409) and makes a minor a minor (403 UNDER_19)", async () => {
    const owner = await newSession();
    await verifyIdentity(owner.cookies, owner.person);
    expect((await signupWith(owner.identity, owner.cookies)).status).toBe(200);
    const me = await unverified(await signUpMember({ name: '두번째' }));
    const dup = await postMemberIdentity(me, await devVerify(owner.person));
    expect(dup.status).toBe(409);
    expect((await dup.json<ErrorBody>()).code).toBe('ALREADY_MEMBER');

    const young = await unverified(await signUpMember({ name: '어린이' }));
    const minor = await personOf({ email: young.email, name: '어린이', gender: 'F', birthday: kstYearsAgo(16) });
    const res = await postMemberIdentity(young, await devVerify(minor));
    expect(res.status).toBe(403);
    expect((await res.json<ErrorBody>()).code).toBe('UNDER_19');
    const row = await env.DB.prepare('SELECT birthday FROM members WHERE id = ?')
      .bind(young.memberId)
      .first<{ birthday: string }>();
    expect(row?.birthday).toBe(minor.birthDate);
  });
});

describe('닉네임', () => {
  it('refuses contact handles and lengths outside 2–10 at signup, with Korean reasons', async () => {
    const { identity, cookies, person } = await newSession();
    await verifyIdentity(cookies, person);
    const cases: [string, string][] = [
      ['가', NICKNAME_KO.tooShort],
      ['열한글자닉네임입니다요', NICKNAME_KO.tooLong],
      ['0101234567', NICKNAME_KO.phone],
      ['카톡 abc12', NICKNAME_KO.handle],
      ['insta_kim', NICKNAME_KO.handle],
      ['kim.com', NICKNAME_KO.url],
    ];
    for (const [name, message] of cases) {
      const res = await signupWith(identity, cookies, name);
      expect(res.status, name).toBe(400);
      expect((await res.json<{ fields?: Record<string, string> }>()).fields?.name, name).toBe(message);
    }
  });

  it('invites an existing member once: GET says not chosen, PUT sets it', async () => {
    const me = await signUpMember({ name: '실명같은' });
    await env.DB.prepare('UPDATE members SET nickname_chosen_at = NULL WHERE id = ?').bind(me.memberId).run();
    const before = await (await SELF.fetch(`${ORIGIN}/api/on/nickname`, { headers: bearer(me.accessToken) })).json();
    expect(before).toEqual({ nickname: '실명같은', chosen: false });
    const put = (nickname: string) =>
      SELF.fetch(`${ORIGIN}/api/on/nickname`, {
        method: 'PUT',
        headers: { ...bearer(me.accessToken), 'Content-Type': 'application/json' },
        body: JSON.stringify({ nickname }),
      });
    expect((await put('카카오톡아이디')).status).toBe(400);
    // What the name rules let through, the detector's CONTACT still refuses (issue 22 §2).
    const line = await put('라인 id hi');
    expect(line.status).toBe(400);
    expect((await line.json<{ fields?: Record<string, string> }>()).fields?.nickname).toBe(PROFILE_CONTACT_KO);
    const res = await put('새벽별');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ nickname: '새벽별', chosen: true });
  });
});

describe('privacy', () => {
  it("GET /api/on/verification answers only the caller's own state, whatever is asked", async () => {
    const verified = await signUpMember({ name: '확인됨' });
    const me = await unverified(await signUpMember({ name: '확인안됨' }));
    for (const path of ['/api/on/verification', `/api/on/verification?memberId=${verified.memberId}`]) {
      const res = await SELF.fetch(`${ORIGIN}${path}`, { headers: bearer(me.accessToken) });
      expect((await res.json<{ identity: { verified: boolean } }>()).identity.verified, path).toBe(false);
    }
    expect(
      (await SELF.fetch(`${ORIGIN}/api/on/verification/${verified.memberId}`, { headers: bearer(me.accessToken) }))
        .status,
    ).toBe(404);
  });

  it('the export carries the verification record without the CI hash', async () => {
    const me = await signUpMember({ name: '내보내기' });
    const res = await SELF.fetch(`${ORIGIN}/api/on/mypage/export`, { headers: bearer(me.accessToken) });
    const body = await res.json<{ identityVerifications: Record<string, unknown>[] }>();
    expect(body.identityVerifications).toHaveLength(1);
    expect(body.identityVerifications[0]).toMatchObject({ provider: 'PORTONE', name: '내보내기', gender: 'F' });
    expect(JSON.stringify(body)).not.toMatch(/ci_?hash/i);
    await postAs(me, '/api/logout');
  });
});
