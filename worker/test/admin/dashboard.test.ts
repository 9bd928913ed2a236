// GET /admin/api/dashboard on a fixed clock: Korea-time week and day boundaries, open rooms with a
// message in the last 7 days, live posts, and zero-filled 30-day series matching the seeded rows.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '../../src/contract/admin';
import { kstWeekStart } from '../../src/areas/admin/dashboard-service';
import { callAt, consoleRequest, seedMember, seedPost, seedReport, seedRoom, signInAt } from './console-helpers';
import { makeAdmin } from './helpers';

// Wednesday 2031-03-12 12:00 in Korea; the week began Monday 2031-03-10 00:00 KST = 03-09 15:00Z.
const NOW = '2031-03-12T03:00:00.000Z';
let cookie: string;

const dashboardAt = async (at = NOW) => {
  const res = await callAt(at, consoleRequest('/admin/api/dashboard', { cookie }));
  expect(res.status).toBe(200);
  return res.json<AdminDashboard>();
};

beforeAll(async () => {
  cookie = await signInAt(await makeAdmin(), NOW);
});

describe('kstWeekStart', () => {
  it('starts weeks on Monday 00:00 Korea time', () => {
    expect(kstWeekStart(new Date(NOW)).toISOString()).toBe('2031-03-09T15:00:00.000Z');
    // Monday 00:30 KST is in the new week; Sunday 23:30 KST in the old one.
    expect(kstWeekStart(new Date('2031-03-09T15:30:00.000Z')).toISOString()).toBe('2031-03-09T15:00:00.000Z');
    expect(kstWeekStart(new Date('2031-03-09T14:30:00.000Z')).toISOString()).toBe('2031-03-02T15:00:00.000Z');
  });
});

describe('GET /admin/api/dashboard', () => {
  it('matches the seeded members, reports, chats and posts', async () => {
    const before = await dashboardAt();

    const lastWeek = await seedMember({ createdAt: '2031-03-09T14:59:59.000Z' }); // Sun 23:59:59 KST
    const monday = await seedMember({ createdAt: '2031-03-09T15:00:00.000Z' }); // Mon 00:00 KST
    const today = await seedMember({ createdAt: '2031-03-12T01:00:00.000Z' });
    await seedMember({ createdAt: '2031-03-11T00:00:00.000Z', deletedAt: '2031-03-11T05:00:00.000Z' });
    await seedMember({ createdAt: '2031-01-01T00:00:00.000Z' }); // outside the 30 days

    await seedReport({ reporterId: monday, targetId: today, createdAt: '2031-03-10T00:00:00.000Z' });
    await seedReport({ reporterId: monday, targetId: today, createdAt: '2031-03-12T02:00:00.000Z' });
    await seedReport({
      reporterId: monday,
      targetId: today,
      status: 'ACCEPTED',
      createdAt: '2031-03-11T00:00:00.000Z',
    });
    await seedReport({
      reporterId: monday,
      targetId: today,
      status: 'REJECTED',
      createdAt: '2031-03-11T01:00:00.000Z',
    });
    await seedReport({ reporterId: monday, targetId: lastWeek, createdAt: '2031-03-09T14:00:00.000Z' });

    await seedRoom(monday, today, { lastMessageAt: '2031-03-06T03:00:00.000Z' }); // exactly 6 days ago: active
    await seedRoom(lastWeek, today, { lastMessageAt: '2031-03-05T02:59:00.000Z' }); // over 7 days: not
    await seedRoom(lastWeek, monday, {
      lastMessageAt: '2031-03-12T00:00:00.000Z',
      closedAt: '2031-03-12T01:00:00.000Z',
    });
    await seedRoom(today, lastWeek); // never a message

    await seedPost(today, { createdAt: '2031-03-11T00:00:00.000Z' });
    await seedPost(today, { createdAt: '2031-03-01T00:00:00.000Z' });
    await seedPost(today, { createdAt: '2031-03-11T00:00:00.000Z', deletedAt: '2031-03-11T02:00:00.000Z' });

    const after = await dashboardAt();
    expect(after.generatedAt).toBe(NOW);
    expect(after.weekStartsAt).toBe('2031-03-09T15:00:00.000Z');
    expect(after.members.total - before.members.total).toBe(4);
    expect(after.members.newThisWeek - before.members.newThisWeek).toBe(2);
    expect(after.reportsThisWeek.pending - before.reportsThisWeek.pending).toBe(2);
    expect(after.reportsThisWeek.handled - before.reportsThisWeek.handled).toBe(2);
    expect(after.activeChats - before.activeChats).toBe(1);
    expect(after.posts.total - before.posts.total).toBe(2);
    expect(after.posts.thisWeek - before.posts.thisWeek).toBe(1);

    expect(after.daily).toHaveLength(30);
    expect(after.daily[0]?.day).toBe('2031-02-11');
    expect(after.daily[29]?.day).toBe('2031-03-12');
    const delta = (day: string, key: 'signups' | 'reports') =>
      (after.daily.find((d) => d.day === day)?.[key] ?? 0) - (before.daily.find((d) => d.day === day)?.[key] ?? 0);
    expect(delta('2031-03-09', 'signups')).toBe(1); // Sunday, Korea time
    expect(delta('2031-03-10', 'signups')).toBe(1);
    expect(delta('2031-03-11', 'signups')).toBe(1); // withdrawn later, but signed up that day
    expect(delta('2031-03-12', 'signups')).toBe(1);
    expect(delta('2031-03-09', 'reports')).toBe(1); // 14:00Z = 23:00 KST Sunday
    expect(delta('2031-03-10', 'reports')).toBe(1);
    expect(delta('2031-03-11', 'reports')).toBe(2);
    expect(delta('2031-03-12', 'reports')).toBe(1);
    expect(after.daily.reduce((n, d) => n + d.signups, 0) - before.daily.reduce((n, d) => n + d.signups, 0)).toBe(4);
  });

  it('zero-fills every day', async () => {
    const quiet = await dashboardAt('2029-01-15T00:00:00.000Z'); // before the session's start: sessions only check their end;
    expect(quiet.daily).toHaveLength(30);
    expect(quiet.daily.every((d) => d.signups === 0 && d.reports === 0)).toBe(true);
    expect(new Set(quiet.daily.map((d) => d.day)).size).toBe(30);
  });
});
