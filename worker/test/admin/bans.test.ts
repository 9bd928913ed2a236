// Ban and unban (spec §4, §5): state rules with 409s, the until/reason rules, history newest first,
// the member cut off at once (member calls 403 MEMBER_BANNED, refresh refused, rooms closed), and
// a temporary ban lapsing by itself on the Worker's clock.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, BanHistoryEntry } from '../../src/contract/admin';
import { signAccessToken } from '../../src/lib/tokens';
import { ORIGIN, bearer, cookieHeader, freshIp, signUpMember, type SignedInMember } from '../helpers/auth';
import {
  call,
  callAt,
  consoleAdmin,
  consoleRequest,
  seedMember,
  seedRoom,
  signInAt,
  type ConsoleAdmin,
  type ErrorBody,
} from './console-helpers';
import { makeAdmin } from './helpers';

let admin: ConsoleAdmin;
/** A session valid on the 2030 clocks below. */
let cookie2030: string;
beforeAll(async () => {
  admin = await consoleAdmin('정지 담당');
  // Its own admin: a login at a later clock clears that admin's sessions that have ended by then.
  cookie2030 = await signInAt(await makeAdmin({ name: '정지 담당' }), '2030-06-01T00:00:00.000Z');
});

const ban = (id: number, body: unknown) =>
  call(`/admin/members/${id}/ban`, { method: 'PATCH', cookie: admin.cookie, body });
const unban = (id: number) => call(`/admin/members/${id}/unban`, { method: 'PATCH', cookie: admin.cookie });
const history = async (id: number) =>
  (await call(`/admin/members/${id}/ban-history`, { cookie: admin.cookie })).json<BanHistoryEntry[]>();

const ping = (token: string, fixedNow = new Date().toISOString()) =>
  callAt(fixedNow, new Request(`${ORIGIN}/api/on/ping`, { headers: bearer(token) }));

/** An access token minted at `at`, so it is fresh on a Worker whose clock reads `at`. */
const tokenAt = (memberId: number, at: string) => signAccessToken(env, memberId, new Date(at));

const refresh = (m: SignedInMember) =>
  callAt(
    new Date().toISOString(),
    new Request(`${ORIGIN}/api/on/auth/refresh`, {
      method: 'POST',
      headers: { Cookie: cookieHeader(m.cookies), 'CF-Connecting-IP': freshIp(), Origin: ORIGIN },
    }),
  );

/** A Korea-time "YYYY-MM-DDTHH:mm:00" some hours after `from`. */
function kstLocal(from: Date, hoursAhead: number): string {
  return new Date(from.getTime() + (9 + hoursAhead) * 3600_000).toISOString().slice(0, 16) + ':00';
}

describe('PATCH /admin/members/{id}/ban', () => {
  it('bans permanently: the member, their history, 403 MEMBER_BANNED on member calls and no refresh', async () => {
    const member = await signUpMember({ name: '정지대상' });
    expect((await refresh(member)).status).toBe(200); // the refresh cookie works before the ban
    const fresh = await signUpMember({ name: '다른기기' }); // unrelated member keeps working

    const res = await ban(member.memberId, { reason: '  반복된 욕설  ', until: null });
    expect(res.status).toBe(200);
    expect(await res.json<AdminUser>()).toMatchObject({ id: member.memberId, status: 'BANNED', bannedUntil: null });

    const entries = await history(member.memberId);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'BAN',
        reason: '반복된 욕설',
        until: null,
        adminId: admin.id,
        adminName: '정지 담당',
      }),
    ]);
    expect(entries[0]?.bannedAt).toBe(entries[0]?.createdAt);

    const denied = await ping(member.accessToken);
    expect(denied.status).toBe(403);
    expect(await denied.json<ErrorBody>()).toMatchObject({
      code: 'MEMBER_BANNED',
      message: '이용이 정지된 계정이에요. 고객센터로 문의해 주세요.',
    });
    expect([401, 403]).toContain((await refresh(member)).status);
    const families = await env.DB.prepare('SELECT revoked_at, revoke_reason FROM refresh_families WHERE member_id = ?')
      .bind(member.memberId)
      .all<{ revoked_at: string | null; revoke_reason: string | null }>();
    expect(families.results.length).toBeGreaterThan(0);
    expect(families.results.every((f) => f.revoked_at !== null)).toBe(true);

    expect((await ping(fresh.accessToken)).status).toBe(200);
  });

  it('refuses to ban a member who is already banned (409) and writes no second history entry', async () => {
    const id = await seedMember();
    expect((await ban(id, { until: null })).status).toBe(200);
    const again = await ban(id, { reason: '또', until: null });
    expect(again.status).toBe(409);
    expect(await again.json<ErrorBody>()).toMatchObject({ code: 'ALREADY_BANNED', message: '이미 정지된 회원이에요.' });
    expect(await history(id)).toHaveLength(1);
  });

  it('takes a temporary end in Korea time and stores it as UTC', async () => {
    const id = await seedMember();
    const res = await callAt(
      '2030-05-01T00:00:00.000Z',
      consoleRequest(`/admin/members/${id}/ban`, {
        method: 'PATCH',
        cookie: cookie2030,
        body: { reason: '스팸', until: '2030-05-03T18:30:00' },
      }),
    );
    expect(res.status).toBe(200);
    expect((await res.json<AdminUser>()).bannedUntil).toBe('2030-05-03T09:30:00.000Z');
  });

  it('refuses an end that is not ahead of now, not a real time or not in the wire format', async () => {
    const id = await seedMember();
    const now = new Date();
    for (const until of [kstLocal(now, -1), '2030-02-30T10:00:00', '2030-05-03 18:30', '2030-05-03T18:30:00Z']) {
      const res = await ban(id, { until });
      expect(res.status, until).toBe(400);
      expect((await res.json<ErrorBody>()).fields?.until, until).toBeTruthy();
    }
    expect((await ban(id, { until: kstLocal(now, 2) })).status).toBe(200);
  });

  it('takes a reason of 200 characters and refuses 201, an unknown field or a missing until', async () => {
    const id = await seedMember();
    const tooLong = await ban(id, { reason: '가'.repeat(201), until: null });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json<ErrorBody>()).fields?.reason).toBe('정지 사유는 200자를 넘을 수 없어요.');
    expect((await ban(id, { until: null, extra: 1 })).status).toBe(400);
    expect((await ban(id, { reason: '사유' })).status).toBe(400);
    expect(await history(id)).toEqual([]);
    expect((await ban(id, { reason: '가'.repeat(200), until: null })).status).toBe(200);
  });

  it('closes the member’s open chat rooms with reason BANNED and leaves others alone', async () => {
    const target = await seedMember();
    const friend = await seedMember();
    const other = await seedMember();
    const room = await seedRoom(target, friend, { lastMessageAt: new Date().toISOString() });
    const untouched = await seedRoom(friend, other);
    expect((await ban(target, { until: null })).status).toBe(200);
    const rows = await env.DB.prepare('SELECT id, closed_at, closed_reason FROM chat_rooms WHERE id IN (?, ?)')
      .bind(room, untouched)
      .all<{ id: number; closed_at: string | null; closed_reason: string | null }>();
    const byId = new Map(rows.results.map((r) => [r.id, r]));
    expect(byId.get(room)).toMatchObject({ closed_reason: 'BANNED' });
    expect(byId.get(room)?.closed_at).not.toBeNull();
    expect(byId.get(untouched)?.closed_at).toBeNull();
  });

  it('answers 404 for an unknown or withdrawn member', async () => {
    const gone = await seedMember({ deletedAt: '2026-01-01T00:00:00.000Z' });
    expect((await ban(gone, { until: null })).status).toBe(404);
    expect((await ban(99999999, { until: null })).status).toBe(404);
  });
});

describe('PATCH /admin/members/{id}/unban', () => {
  it('lifts a ban: ACTIVE again, UNBAN on top of the history, member calls work', async () => {
    const member = await signUpMember();
    expect((await ban(member.memberId, { reason: '사칭', until: null })).status).toBe(200);
    const res = await unban(member.memberId);
    expect(res.status).toBe(200);
    expect(await res.json<AdminUser>()).toMatchObject({ status: 'ACTIVE', bannedUntil: null });
    const entries = await history(member.memberId);
    expect(entries.map((e) => e.action)).toEqual(['UNBAN', 'BAN']);
    expect(entries[0]).toMatchObject({ adminId: admin.id, adminName: '정지 담당', reason: null, until: null });
    expect((await ping(member.accessToken)).status).toBe(200);
  });

  it('refuses to unban a member who is not banned (409)', async () => {
    const id = await seedMember();
    const res = await unban(id);
    expect(res.status).toBe(409);
    expect(await res.json<ErrorBody>()).toMatchObject({ code: 'NOT_BANNED', message: '정지된 회원이 아니에요.' });
    expect(await history(id)).toEqual([]);
  });
});

describe('a temporary ban on the Worker clock', () => {
  it('holds until its end and lapses by itself afterwards: member calls, list status, unban and re-ban follow', async () => {
    const member = await signUpMember({ name: '임시정지' });
    const before = '2030-06-01T00:00:00.000Z'; // 09:00 KST
    const banRes = await callAt(
      before,
      consoleRequest(`/admin/members/${member.memberId}/ban`, {
        method: 'PATCH',
        cookie: cookie2030,
        body: { reason: '도배', until: '2030-06-01T12:00:00' }, // 03:00Z
      }),
    );
    expect(banRes.status).toBe(200);

    const duringAt = '2030-06-01T02:59:00.000Z';
    const during = await ping(await tokenAt(member.memberId, duringAt), duringAt);
    expect(during.status).toBe(403);
    expect((await during.json<ErrorBody>()).message).toMatch(
      /^이용이 정지된 계정이에요\. 2030년 6월 1일 오후 12:00까지/,
    );
    const after = '2030-06-01T03:00:00.000Z';
    expect((await ping(await tokenAt(member.memberId, after), after)).status).toBe(200);
    const at = (path: string, method = 'GET') => callAt(after, consoleRequest(path, { method, cookie: cookie2030 }));
    const listed = await (
      await at(`/admin/api/users?filter=${encodeURIComponent(JSON.stringify({ id: member.memberId }))}`)
    ).json<AdminUser[]>();
    expect(listed[0]).toMatchObject({ status: 'ACTIVE', bannedUntil: null });
    expect((await at(`/admin/members/${member.memberId}/unban`, 'PATCH')).status).toBe(409);

    const rebanned = await callAt(
      after,
      consoleRequest(`/admin/members/${member.memberId}/ban`, {
        method: 'PATCH',
        cookie: cookie2030,
        body: { until: null },
      }),
    );
    expect(rebanned.status).toBe(200);
    expect((await history(member.memberId)).map((e) => e.action)).toEqual(['BAN', 'BAN']);
  });
});

describe('GET /admin/members/{id}/ban-history', () => {
  it('is empty for a member never banned and 404 for an unknown id', async () => {
    expect(await history(await seedMember())).toEqual([]);
    expect((await call('/admin/members/99999999/ban-history', { cookie: admin.cookie })).status).toBe(404);
  });
});
