// The member's own list: newest first, 20 a page, cursors that never repeat a row; unread count;
// marking read by ids or all; another member's ids change nothing; settings with defaults and checks.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { writeNotification } from '../../src/areas/notifications/repo';
import { NOTIFICATION_KINDS, type NotificationSettings, type UnreadCount } from '../../src/contract/notifications';
import { makeDb } from '../../src/lib/db';
import { signUpMember, type SignedInMember } from '../helpers/auth';
import { call, type ErrorBody } from '../helpers/mypage';
import { notificationPage, notificationsOf, rowsOf, unreadOf } from '../helpers/notifications';

const db = () => makeDb(env.DB);

/** `n` service notifications (no actor) for the member, one second apart, the last the newest. */
async function seed(member: SignedInMember, n: number, start = Date.parse('2026-11-20T00:00:00.000Z')) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const written = await writeNotification(db(), {
      memberId: member.memberId,
      kind: 'REPORT_RESULT',
      groupKey: `test:${i}`,
      actorId: null,
      text: `알림 ${i}`,
      link: '/notifications',
      count: 1,
      // Pairs share a time: the id decides between them.
      at: new Date(start + Math.floor(i / 2) * 1000).toISOString(),
      collapse: false,
    });
    if (!written) throw new Error('not written');
    ids.push(written.id);
  }
  return ids;
}

const read = (member: SignedInMember, json: unknown) =>
  call('/api/on/notifications/read', { method: 'POST', token: member.accessToken, json });

describe('GET /api/on/notifications', () => {
  it('pages 20 at a time, newest first (ties by id), every row once, nextCursor null at the end', async () => {
    const me = await signUpMember();
    const ids = await seed(me, 45);
    const first = await notificationPage(me);
    expect(first.content).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await notificationPage(me, first.nextCursor ?? undefined);
    const third = await notificationPage(me, second.nextCursor ?? undefined);
    expect(second.content).toHaveLength(20);
    expect(third.content).toHaveLength(5);
    expect(third.nextCursor).toBeNull();
    const seen = [...first.content, ...second.content, ...third.content].map((n) => n.id);
    expect(seen).toEqual([...ids].reverse());
    expect(first.content[0]).toEqual({
      id: ids[44],
      kind: 'REPORT_RESULT',
      text: '알림 44',
      link: '/notifications',
      createdAt: '2026-11-20T00:00:22.000Z',
      read: false,
    });
  });

  it('a row updated in place between two pages moves to the top and is not repeated further down', async () => {
    const me = await signUpMember();
    await seed(me, 30);
    const first = await notificationPage(me);
    const bumped = first.content[19];
    if (!bumped) throw new Error('no row 20');
    await env.DB.prepare("UPDATE notifications SET updated_at = '2026-11-21T00:00:00.000Z' WHERE id = ?")
      .bind(bumped.id)
      .run();
    const second = await notificationPage(me, first.nextCursor ?? undefined);
    expect(second.content.map((n) => n.id)).not.toContain(bumped.id);
    expect((await notificationPage(me)).content[0]?.id).toBe(bumped.id);
  });

  it('answers 400 INVALID_CURSOR for a cursor it did not make', async () => {
    const me = await signUpMember();
    for (const cursor of ['abc', btoa('2026-11-20|x'), btoa('yesterday|3')]) {
      const res = await call(`/api/on/notifications?cursor=${encodeURIComponent(cursor)}`, { token: me.accessToken });
      expect(res.status).toBe(400);
      expect((await res.json<ErrorBody>()).code).toBe('INVALID_CURSOR');
    }
  });

  it('needs a member token', async () => {
    expect((await call('/api/on/notifications')).status).toBe(401);
    expect((await call('/api/on/notifications/unread-count')).status).toBe(401);
    expect((await call('/api/on/notifications/settings')).status).toBe(401);
  });
});

describe('unread count and POST /api/on/notifications/read', () => {
  it('counts unread, marks chosen ids read, then all, answering the new count', async () => {
    const me = await signUpMember();
    const ids = await seed(me, 5);
    expect(await unreadOf(me)).toBe(5);
    const res = await read(me, { ids: [ids[0], ids[1]] });
    expect(res.status).toBe(200);
    expect(await res.json<UnreadCount>()).toEqual({ count: 3 });
    const list = await notificationsOf(me);
    expect(
      list
        .filter((n) => n.read)
        .map((n) => n.id)
        .sort(),
    ).toEqual([ids[0], ids[1]].sort());
    expect(await (await read(me, { all: true })).json<UnreadCount>()).toEqual({ count: 0 });
    expect((await notificationsOf(me)).every((n) => n.read)).toBe(true);
  });

  it("another member's ids are ignored: nothing of theirs is read, listed or counted", async () => {
    const [owner, other] = await Promise.all([signUpMember(), signUpMember()]);
    const ids = await seed(owner, 3);
    const res = await read(other, { ids });
    expect(res.status).toBe(200);
    expect(await res.json<UnreadCount>()).toEqual({ count: 0 });
    await read(other, { all: true });
    expect((await rowsOf(owner.memberId)).every((r) => r.read_at === null)).toBe(true);
    expect(await unreadOf(owner)).toBe(3);
    expect(await notificationsOf(other)).toEqual([]);
  });

  it('refuses a body that is neither { ids } (1–100 positive integers) nor { all: true }', async () => {
    const me = await signUpMember();
    const bad = [{}, { ids: [] }, { ids: [0] }, { ids: ['1'] }, { all: false }, { ids: [1], all: true }];
    bad.push({ ids: Array.from({ length: 101 }, (_, i) => i + 1) });
    for (const json of bad) {
      const res = await read(me, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
  });
});

describe('GET/PUT /api/on/notifications/settings', () => {
  const path = '/api/on/notifications/settings';

  it('starts with every kind pushed and quiet hours 22:00–08:00; a PUT keeps kinds it leaves out', async () => {
    const me = await signUpMember();
    const initial = await (await call(path, { token: me.accessToken })).json<NotificationSettings>();
    expect(Object.values(initial.push).every(Boolean)).toBe(true);
    expect(Object.keys(initial.push)).toHaveLength(NOTIFICATION_KINDS.length); // one toggle per kind
    expect(initial.quietHours).toEqual({ enabled: true, start: '22:00', end: '08:00' });

    const put = await call(path, {
      method: 'PUT',
      token: me.accessToken,
      json: { push: { NOTICE: false, POST_LIKE: false }, quietHours: { enabled: false, start: '23:30', end: '07:00' } },
    });
    expect(put.status).toBe(200);
    const again = await call(path, {
      method: 'PUT',
      token: me.accessToken,
      json: { push: { POST_LIKE: true }, quietHours: { enabled: true, start: '23:30', end: '07:00' } },
    });
    const saved = await (await call(path, { token: me.accessToken })).json<NotificationSettings>();
    expect(await again.json<NotificationSettings>()).toEqual(saved);
    expect(saved.push.NOTICE).toBe(false);
    expect(saved.push.POST_LIKE).toBe(true);
    expect(saved.push.MESSAGE).toBe(true);
    expect(saved.quietHours).toEqual({ enabled: true, start: '23:30', end: '07:00' });
  });

  it('checks HH:MM, refuses equal start and end, unknown kinds and non-boolean flags', async () => {
    const me = await signUpMember();
    const quiet = { enabled: true, start: '22:00', end: '08:00' };
    const cases: [unknown, string][] = [
      [{ push: {}, quietHours: { ...quiet, start: '24:00' } }, 'quietHours.start'],
      [{ push: {}, quietHours: { ...quiet, end: '8:00' } }, 'quietHours.end'],
      [{ push: {}, quietHours: { ...quiet, end: '22:00' } }, 'quietHours.end'],
      [{ push: { LOVE_LETTER: true }, quietHours: quiet }, 'push.LOVE_LETTER'],
      [{ push: { HEART: 'yes' }, quietHours: quiet }, 'push.HEART'],
    ];
    for (const [json, field] of cases) {
      const res = await call(path, { method: 'PUT', token: me.accessToken, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      const body = await res.json<ErrorBody>();
      expect(Object.keys(body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const equal = await call(path, {
      method: 'PUT',
      token: me.accessToken,
      json: { push: {}, quietHours: { ...quiet, end: '22:00' } },
    });
    expect((await equal.json<ErrorBody>()).message).toBe('방해 금지 시작과 끝 시간이 같을 수 없어요.');
  });
});
