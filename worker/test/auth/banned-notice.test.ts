// A banned member is told why and until when: every 403 MEMBER_BANNED (sign-in, member calls,
// refresh) carries `ban: { reason, until }` from the admin's ban.
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '../../src/contract/admin';
import { isMemberBan, type MemberBannedBody } from '../../src/contract/member-ban';
import { call as consoleCall, consoleAdmin } from '../admin/console-helpers';
import { ORIGIN, bearer, cookieHeader, freshIp, postLogin, signUpMember, withCookies } from '../helpers/auth';
import { callbackFor } from './flow';

async function banned(res: Response): Promise<MemberBannedBody> {
  expect(res.status).toBe(403);
  const body = await res.json<MemberBannedBody>();
  expect(body.code).toBe('MEMBER_BANNED');
  expect(isMemberBan(body.ban)).toBe(true);
  return body;
}

async function banViaConsole(memberId: number, body: { reason?: string; until: string | null }): Promise<AdminUser> {
  const admin = await consoleAdmin('정지 담당');
  const res = await consoleCall(`/admin/members/${memberId}/ban`, { method: 'PATCH', cookie: admin.cookie, body });
  expect(res.status).toBe(200);
  return res.json<AdminUser>();
}

describe('403 MEMBER_BANNED carries the ban', () => {
  it('at sign-in: the reason and the end of a temporary ban', async () => {
    const member = await signUpMember({ name: '정지회원' });
    const until = new Date(Date.now() + 3 * 86_400_000 + 9 * 3600_000).toISOString().slice(0, 16) + ':00';
    const user = await banViaConsole(member.memberId, { reason: '  불쾌한 메시지를 반복해서 보냈어요  ', until });
    expect(user.bannedUntil).not.toBeNull();

    const body = await banned(
      await postLogin(member.memberId, withCookies(await callbackFor({ email: member.email }))),
    );
    expect(body.ban.reason).toBe('불쾌한 메시지를 반복해서 보냈어요');
    expect(body.ban.until).not.toBeNull();
    expect(new Date(body.ban.until ?? '').getTime()).toBe(new Date(user.bannedUntil ?? '').getTime());
    expect(body.message).toMatch(/^이용이 정지된 계정이에요\. .+까지 이용할 수 없어요\.$/);
  });

  it('on member calls mid-session and on refresh: a permanent ban without a reason', async () => {
    const member = await signUpMember();
    await banViaConsole(member.memberId, { until: null });
    const ping = await SELF.fetch(`${ORIGIN}/api/on/ping`, { headers: bearer(member.accessToken) });
    expect((await banned(ping)).ban).toEqual({ reason: null, until: null });
    const refresh = await SELF.fetch(`${ORIGIN}/api/on/auth/refresh`, {
      method: 'POST',
      headers: { Cookie: cookieHeader(member.cookies), 'CF-Connecting-IP': freshIp(), Origin: ORIGIN },
    });
    // The ban revoked the refresh family; refresh still answers with the ban (issue 21 §8).
    expect((await banned(refresh)).ban).toEqual({ reason: null, until: null });
  });

  it('refresh after a temporary ban: 403 with its reason and end; once it is lifted, 401 (sign in again)', async () => {
    const member = await signUpMember();
    const until = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 16) + ':00';
    await banViaConsole(member.memberId, { reason: '불쾌한 메시지를 보냈어요', until });
    const refresh = () =>
      SELF.fetch(`${ORIGIN}/api/on/auth/refresh`, {
        method: 'POST',
        headers: { Cookie: cookieHeader(member.cookies), 'CF-Connecting-IP': freshIp(), Origin: ORIGIN },
      });
    const body = await banned(await refresh());
    expect(body.ban.reason).toBe('불쾌한 메시지를 보냈어요');
    expect(body.ban.until).not.toBeNull();
    const admin = await consoleAdmin();
    const unban = await consoleCall(`/admin/members/${member.memberId}/unban`, {
      method: 'PATCH',
      cookie: admin.cookie,
    });
    expect(unban.status).toBe(200);
    expect((await refresh()).status).toBe(401);
  });

  it('gives the reason of the latest ban after an unban and a new ban', async () => {
    const member = await signUpMember();
    const admin = await consoleAdmin();
    const act = (path: string, body?: unknown) =>
      consoleCall(`/admin/members/${member.memberId}/${path}`, { method: 'PATCH', cookie: admin.cookie, body });
    expect((await act('ban', { reason: '첫 번째 사유', until: null })).status).toBe(200);
    expect((await act('unban')).status).toBe(200);
    expect((await act('ban', { reason: '두 번째 사유', until: null })).status).toBe(200);
    const ping = await SELF.fetch(`${ORIGIN}/api/on/ping`, { headers: bearer(member.accessToken) });
    expect((await banned(ping)).ban.reason).toBe('두 번째 사유');
  });
});
