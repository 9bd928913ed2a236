// Signing out and deleting the account forget the member's push subscriptions (and nobody else's).
import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETE_CONFIRMATION } from '../../src/contract';
import { cookieHeader, ORIGIN, signUpMember, type SignedInMember } from '../helpers/auth';
import { call } from '../helpers/mypage';
import { newReceiver, subscriptionJson } from '../helpers/push';

async function subscribeDevices(member: SignedInMember, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const endpoint = `https://fcm.googleapis.com/${crypto.randomUUID()}`;
    const res = await call('/api/on/push/subscriptions', {
      method: 'POST',
      token: member.accessToken,
      json: subscriptionJson(await newReceiver(), endpoint),
    });
    expect(res.status).toBe(200);
  }
}

async function devicesOf(memberId: number): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM push_subscriptions WHERE member_id = ?')
    .bind(memberId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe('push subscriptions end with the session', () => {
  it('POST /api/logout removes all of the member’s subscriptions, not other members’', async () => {
    const me = await signUpMember();
    const other = await signUpMember();
    await subscribeDevices(me, 2);
    await subscribeDevices(other, 1);
    const res = await SELF.fetch(`${ORIGIN}/api/logout`, {
      method: 'POST',
      headers: { Cookie: cookieHeader(me.cookies) },
    });
    expect(res.status).toBe(200);
    expect(await devicesOf(me.memberId)).toBe(0);
    expect(await devicesOf(other.memberId)).toBe(1);
  });

  it('a logout without a session removes nothing', async () => {
    const me = await signUpMember();
    await subscribeDevices(me, 1);
    expect((await SELF.fetch(`${ORIGIN}/api/logout`, { method: 'POST' })).status).toBe(200);
    expect(await devicesOf(me.memberId)).toBe(1);
  });

  it('deleting the account removes them', async () => {
    const me = await signUpMember();
    const other = await signUpMember();
    await subscribeDevices(me, 3);
    await subscribeDevices(other, 1);
    const res = await call('/api/on/mypage/account', {
      method: 'DELETE',
      token: me.accessToken,
      json: { confirm: ACCOUNT_DELETE_CONFIRMATION },
    });
    expect(res.status).toBe(200);
    expect(await devicesOf(me.memberId)).toBe(0);
    expect(await devicesOf(other.memberId)).toBe(1);
  });
});
