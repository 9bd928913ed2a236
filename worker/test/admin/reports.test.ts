// Reports in the console: summaries per reported member (most pending first), the reports against
// one member with parsed message samples, and accept/reject only while PENDING.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminReport, ReportedUserSummary } from '../../src/contract/admin';
import {
  call,
  consoleAdmin,
  seedMember,
  seedReport,
  uniqueName,
  type ConsoleAdmin,
  type ErrorBody,
} from './console-helpers';

let admin: ConsoleAdmin;
beforeAll(async () => {
  admin = await consoleAdmin('신고 담당');
});

const get = async <T>(path: string) => {
  const res = await call(path, { cookie: admin.cookie });
  expect(res.status, path).toBe(200);
  return res.json<T>();
};
const settle = (id: number, action: 'accept' | 'reject') =>
  call(`/admin/reports/${id}/${action}`, { method: 'PATCH', cookie: admin.cookie });

describe('GET /admin/userReportInfo', () => {
  it('counts accepted and pending reports per reported member, most pending first, without withdrawn members', async () => {
    const tag = uniqueName('신고요약');
    const reporter = await seedMember();
    const few = await seedMember({ name: `${tag}1` });
    const many = await seedMember({ name: `${tag}2`, gender: 'M', providerType: 'KAKAO' });
    const gone = await seedMember({ name: `${tag}3`, deletedAt: '2026-01-01T00:00:00.000Z' });
    await seedReport({ reporterId: reporter, targetId: few });
    await seedReport({ reporterId: reporter, targetId: few, status: 'ACCEPTED' });
    await seedReport({ reporterId: reporter, targetId: few, status: 'ACCEPTED' });
    for (let i = 0; i < 3; i++) await seedReport({ reporterId: reporter, targetId: many });
    await seedReport({ reporterId: reporter, targetId: many, status: 'REJECTED' });
    await seedReport({ reporterId: reporter, targetId: gone });

    const all = await get<ReportedUserSummary[]>('/admin/userReportInfo');
    const mine = all.filter((s) => s.name.startsWith(tag));
    expect(mine.map((s) => s.id)).toEqual([many, few]);
    expect(mine[0]).toMatchObject({
      gender: 'M',
      providerType: 'KAKAO',
      status: 'ACTIVE',
      reportPendingCount: 3,
      reportAcceptedCount: 0,
      reportRejectedCount: 1,
    });
    expect(mine[1]).toMatchObject({ reportPendingCount: 1, reportAcceptedCount: 2 });
    expect(typeof mine[1]?.age).toBe('number');
    // Ordered by pending count across everyone listed.
    const pending = all.map((s) => s.reportPendingCount);
    expect(pending).toEqual([...pending].sort((a, b) => b - a));
  });
});

describe('GET /admin/reports/{memberId}', () => {
  it('lists the reports against a member newest first, with names, room and parsed samples', async () => {
    const reporter = await seedMember({ name: '신고한사람' });
    const target = await seedMember({ name: '신고된사람' });
    const samples = [
      { from: 'other', text: '바보야', time: '2026-11-20T10:00:00.000Z' },
      { from: 'me', text: '그만해 주세요', time: '2026-11-20T10:01:00.000Z' },
    ];
    const older = await seedReport({
      reporterId: reporter,
      targetId: target,
      reasonType: 'ABUSE',
      content: '채팅에서 욕을 했어요.',
      chatRoomId: 77,
      messageSamples: JSON.stringify(samples),
      createdAt: '2026-11-20T10:05:00.000Z',
    });
    const newer = await seedReport({
      reporterId: reporter,
      targetId: target,
      reasonType: 'SPAM',
      messageSamples: '{not json',
      createdAt: '2026-11-21T10:05:00.000Z',
    });
    const reports = await get<AdminReport[]>(`/admin/reports/${target}`);
    expect(reports.map((r) => r.id)).toEqual([newer, older]);
    expect(reports[1]).toMatchObject({
      id: older,
      status: 'PENDING',
      reportType: 'ABUSE',
      memberId: reporter,
      reporterName: '신고한사람',
      targetId: target,
      targetName: '신고된사람',
      chatroomId: 77,
      content: '채팅에서 욕을 했어요.',
      messageSamples: samples,
      createdAt: '2026-11-20T10:05:00.000Z',
      reportedAt: '2026-11-20T10:05:00.000Z',
      handledAt: null,
    });
    expect(reports[0]?.messageSamples).toEqual([]);
  });

  it('is an empty list for a member nobody reported, and 404 for an unknown member', async () => {
    expect(await get(`/admin/reports/${await seedMember()}`)).toEqual([]);
    expect((await call('/admin/reports/99999999', { cookie: admin.cookie })).status).toBe(404);
  });
});

describe('PATCH /admin/reports/{id}/accept|reject', () => {
  it('accepts a PENDING report, stamping the time and admin, and returns it', async () => {
    const id = await seedReport({ reporterId: await seedMember(), targetId: await seedMember() });
    const started = Date.now();
    const res = await settle(id, 'accept');
    expect(res.status).toBe(200);
    const report = await res.json<AdminReport>();
    expect(report).toMatchObject({ id, status: 'ACCEPTED', handledBy: admin.id });
    expect(new Date(report.handledAt ?? 0).getTime()).toBeGreaterThanOrEqual(started - 1000);
  });

  it('rejects a PENDING report', async () => {
    const id = await seedReport({ reporterId: await seedMember(), targetId: await seedMember() });
    const res = await settle(id, 'reject');
    expect(res.status).toBe(200);
    expect(await res.json<AdminReport>()).toMatchObject({ id, status: 'REJECTED', handledBy: admin.id });
  });

  it('refuses to handle a report twice (409) and keeps the first decision', async () => {
    const id = await seedReport({ reporterId: await seedMember(), targetId: await seedMember() });
    expect((await settle(id, 'reject')).status).toBe(200);
    for (const action of ['accept', 'reject'] as const) {
      const res = await settle(id, action);
      expect(res.status).toBe(409);
      expect(await res.json<ErrorBody>()).toMatchObject({
        code: 'REPORT_ALREADY_HANDLED',
        message: '이미 처리된 신고예요.',
      });
    }
    const seeded = await seedReport({
      reporterId: await seedMember(),
      targetId: await seedMember(),
      status: 'ACCEPTED',
    });
    expect((await settle(seeded, 'reject')).status).toBe(409);
  });

  it('answers 404 for an unknown report', async () => {
    expect((await settle(99999999, 'accept')).status).toBe(404);
  });
});
