// Nothing for blocked, banned or withdrawn members, in either direction: no row is written, and a
// row written before the block, ban or withdrawal no longer shows, counts or pushes.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { notifyReportResult, notifyRequestExpired } from '../../src/areas/notifications/producers';
import { ACCOUNT_DELETE_CONFIRMATION } from '../../src/contract';
import { makeDb } from '../../src/lib/db';
import { signUpMember } from '../helpers/auth';
import { twoMembers } from '../helpers/chat';
import { ban, block, call } from '../helpers/mypage';
import { notificationsOf, rowsOf, unreadOf } from '../helpers/notifications';

const ctx = () => ({ env, db: makeDb(env.DB), now: new Date() });
const heart = (from: { accessToken: string }, to: number) =>
  call(`/api/on/heart/${to}`, { method: 'PUT', token: from.accessToken });
const withdraw = (memberId: number) =>
  env.DB.prepare("UPDATE members SET deleted_at = '2026-01-01T00:00:00.000Z' WHERE id = ?").bind(memberId).run();

describe('a row written before', () => {
  it('is hidden (list and count) while either side blocks the other, and shows again after unblocking', async () => {
    const [a, b] = await twoMembers();
    await heart(a, b.memberId);
    expect(await unreadOf(b)).toBe(1);
    await block(b.memberId, a.memberId);
    expect(await notificationsOf(b)).toEqual([]);
    expect(await unreadOf(b)).toBe(0);
    await env.DB.prepare('DELETE FROM blocks WHERE member_id = ?').bind(b.memberId).run();
    expect(await unreadOf(b)).toBe(1);
    // The other direction hides it too.
    await block(a.memberId, b.memberId);
    expect(await notificationsOf(b)).toEqual([]);
  });

  it('is hidden while its actor is banned (a lapsed ban shows it again) and once the actor withdrew', async () => {
    const [a, b] = await twoMembers();
    await heart(a, b.memberId);
    await ban(a.memberId);
    expect(await notificationsOf(b)).toEqual([]);
    await ban(a.memberId, '2020-01-01T00:00:00.000Z');
    expect(await notificationsOf(b)).toHaveLength(1);
    await withdraw(a.memberId);
    expect(await notificationsOf(b)).toEqual([]);
    expect(await unreadOf(b)).toBe(0);
  });
});

describe('no row is written', () => {
  it('between blocked members, or when the recipient or the actor is banned or withdrawn', async () => {
    const pairs = await Promise.all([twoMembers(), twoMembers(), twoMembers(), twoMembers(), twoMembers()]);
    const [blocked, bannedRecipient, bannedActor, goneRecipient, goneActor] = pairs;
    await block(blocked[1].memberId, blocked[0].memberId);
    await ban(bannedRecipient[0].memberId);
    await ban(bannedActor[1].memberId);
    await withdraw(goneRecipient[0].memberId);
    await withdraw(goneActor[1].memberId);
    for (const [requester, target] of pairs) {
      await notifyRequestExpired(ctx(), { matchingId: 1, requesterId: requester.memberId, targetId: target.memberId });
      expect(await rowsOf(requester.memberId)).toEqual([]);
    }
  });

  it('for a report result to a reporter who withdrew or is banned', async () => {
    const [gone, banned] = await Promise.all([signUpMember(), signUpMember()]);
    await withdraw(gone.memberId);
    await ban(banned.memberId);
    for (const reporter of [gone, banned]) {
      await notifyReportResult(ctx(), {
        reportId: 1,
        reporterId: reporter.memberId,
        status: 'ACCEPTED',
        reportedAt: '2026-11-20T00:00:00.000Z',
      });
      expect(await rowsOf(reporter.memberId)).toEqual([]);
    }
  });

  it('for a report result whose reported member is banned: the reporter still hears it was handled', async () => {
    const [reporter, target] = await twoMembers();
    await ban(target.memberId);
    await notifyReportResult(ctx(), {
      reportId: 7,
      reporterId: reporter.memberId,
      status: 'REJECTED',
      reportedAt: '2026-11-20T00:00:00.000Z',
    });
    expect(await notificationsOf(reporter)).toMatchObject([
      {
        kind: 'REPORT_RESULT',
        text: '11월 20일에 보내 주신 신고를 검토했지만 운영 정책 위반을 확인하지 못했어요. 다른 문제가 있으면 다시 알려 주세요.',
      },
    ]);
  });
});

describe('account deletion', () => {
  it('erases the member’s notifications and settings, and the rows that name them to others', async () => {
    const [a, b] = await twoMembers();
    await heart(a, b.memberId);
    await heart(b, a.memberId);
    await call('/api/on/notifications/settings', {
      method: 'PUT',
      token: a.accessToken,
      json: { push: { NOTICE: false }, quietHours: { enabled: true, start: '22:00', end: '08:00' } },
    });
    expect(await rowsOf(a.memberId)).toHaveLength(1);
    const res = await call('/api/on/mypage/account', {
      method: 'DELETE',
      token: a.accessToken,
      json: { confirm: ACCOUNT_DELETE_CONFIRMATION },
    });
    expect(res.status).toBe(200);
    expect(await rowsOf(a.memberId)).toEqual([]);
    expect(await rowsOf(b.memberId)).toEqual([]);
    const settings = await env.DB.prepare('SELECT count(*) AS n FROM notification_settings WHERE member_id = ?')
      .bind(a.memberId)
      .first<{ n: number }>();
    expect(settings?.n).toBe(0);
  });
});
