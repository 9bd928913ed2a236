// Notices: public reads; admin-only create/edit/soft delete with the spec's limits.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_CSRF_HEADER,
  ADMIN_CSRF_VALUE,
  NOTICE_KO,
  NOTICE_LIMITS,
  type Notice,
  type NoticeListItem,
} from '../../src/contract';
import { signUpMember } from '../helpers/auth';
import { adminSession, call, type ErrorBody } from '../helpers/mypage';

const uniqueTitle = (label: string) => `${label} ${crypto.randomUUID().slice(0, 8)}`;

/**
 * Admin writes refuse anyone without an admin session: a plain request (a member's bearer or a
 * visitor) fails the console's CSRF check (403); with the console header but no session it is 401.
 */
async function expectRefused(path: string, method: string, json: unknown, memberToken: string) {
  const consoleHeader = { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE };
  expect((await call(path, { method, json, token: memberToken })).status).toBe(403);
  expect((await call(path, { method, json })).status).toBe(403);
  const member = await call(path, { method, json, token: memberToken, headers: consoleHeader });
  expect(member.status).toBe(401);
  expect((await member.json<ErrorBody>()).code).toBe('ADMIN_SESSION_REQUIRED');
  expect((await call(path, { method, json, headers: consoleHeader })).status).toBe(401);
}

async function createAs(admin: string, title = uniqueTitle('공지'), content = '서비스 점검이 있어요.') {
  const res = await call('/notices/create', { method: 'POST', admin, json: { title, content } });
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return res.json<Notice>();
}

describe('GET /notices and /notices/{id} (public)', () => {
  it('lists live notices newest first and shows one, to a visitor without any token', async () => {
    const admin = await adminSession();
    const older = await createAs(admin);
    await env.DB.prepare('UPDATE notices SET created_at = ? WHERE id = ?')
      .bind('2020-01-01T00:00:00.000Z', older.id)
      .run();
    const newer = await createAs(admin, uniqueTitle('새 공지'), '새 기능이 나왔어요.');
    const list = await (await call('/notices')).json<NoticeListItem[]>();
    const ids = list.map((n) => n.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((n) => n.id === newer.id)).toEqual({
      id: newer.id,
      title: newer.title,
      createdAt: newer.createdAt,
    });
    const detail = await call(`/notices/${newer.id}`);
    expect(detail.status).toBe(200);
    expect(await detail.json<Notice>()).toEqual(newer);
  });

  it('answers 404 for a notice that does not exist', async () => {
    expect((await call('/notices/999999999')).status).toBe(404);
  });

  it('serves the SPA shell, not JSON, to a browser navigation of /notices', async () => {
    const res = await call('/notices', { headers: { 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' } });
    expect(res.headers.get('Content-Type')).toContain('text/html');
  });
});

describe('POST /notices/create', () => {
  it('creates a notice for an admin', async () => {
    const notice = await createAs(await adminSession(), '  점검 안내  ', '내용');
    expect(notice).toMatchObject({ title: '점검 안내', content: '내용' });
  });

  it('accepts 1000 characters of content and refuses 1001, and requires title and content', async () => {
    const admin = await adminSession();
    const ok = await call('/notices/create', {
      method: 'POST',
      admin,
      json: { title: uniqueTitle('긴 공지'), content: '가'.repeat(NOTICE_LIMITS.content) },
    });
    expect(ok.status).toBe(200);
    const tooLong = await call('/notices/create', {
      method: 'POST',
      admin,
      json: { title: '제목', content: '가'.repeat(NOTICE_LIMITS.content + 1) },
    });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json<ErrorBody>()).fields?.content).toBe(NOTICE_KO.contentMax);
    const empty = await call('/notices/create', { method: 'POST', admin, json: { title: ' ', content: '' } });
    expect((await empty.json<ErrorBody>()).fields).toEqual({
      title: NOTICE_KO.titleRequired,
      content: NOTICE_KO.contentRequired,
    });
    const longTitle = await call('/notices/create', {
      method: 'POST',
      admin,
      json: { title: '가'.repeat(NOTICE_LIMITS.title + 1), content: '내용' },
    });
    expect((await longTitle.json<ErrorBody>()).fields?.title).toBe(NOTICE_KO.titleMax);
  });

  it('refuses a member token, a visitor and an admin request without the console header, creating nothing', async () => {
    const title = uniqueTitle('몰래');
    const m = await signUpMember();
    await expectRefused('/notices/create', 'POST', { title, content: 'x' }, m.accessToken);
    const admin = await adminSession();
    const noCsrf = await call('/notices/create', {
      method: 'POST',
      headers: { Cookie: `ongi_admin=${admin}` },
      json: { title, content: 'x' },
    });
    expect(noCsrf.status).toBe(403);
    const list = await (await call('/notices')).json<NoticeListItem[]>();
    expect(list.some((n) => n.title === title)).toBe(false);
  });
});

describe('PATCH /notices/{id}', () => {
  it('lets an admin edit a notice', async () => {
    const admin = await adminSession();
    const notice = await createAs(admin);
    const res = await call(`/notices/${notice.id}`, {
      method: 'PATCH',
      admin,
      json: { title: '바뀐 제목', content: '바뀐 내용' },
    });
    expect(res.status).toBe(200);
    expect(await res.json<Notice>()).toMatchObject({ id: notice.id, title: '바뀐 제목', content: '바뀐 내용' });
    expect(await (await call(`/notices/${notice.id}`)).json<Notice>()).toMatchObject({ title: '바뀐 제목' });
  });

  it('refuses a member and a visitor and leaves the notice as it was', async () => {
    const notice = await createAs(await adminSession());
    const m = await signUpMember();
    const change = { title: '바뀐 제목', content: '바뀐 내용' };
    await expectRefused(`/notices/${notice.id}`, 'PATCH', change, m.accessToken);
    expect(await (await call(`/notices/${notice.id}`)).json<Notice>()).toEqual(notice);
  });

  it('applies the 1000-character limit and answers 404 for a deleted notice', async () => {
    const admin = await adminSession();
    const notice = await createAs(admin);
    const long = await call(`/notices/${notice.id}`, {
      method: 'PATCH',
      admin,
      json: { title: 't', content: '가'.repeat(1001) },
    });
    expect(long.status).toBe(400);
    await call(`/notices/${notice.id}/delete`, { method: 'PATCH', admin });
    expect(
      (await call(`/notices/${notice.id}`, { method: 'PATCH', admin, json: { title: 't', content: 'c' } })).status,
    ).toBe(404);
  });
});

describe('PATCH /notices/{id}/delete', () => {
  it('soft-deletes: gone from the list and the detail, the row kept with deleted_at', async () => {
    const admin = await adminSession();
    const notice = await createAs(admin);
    const res = await call(`/notices/${notice.id}/delete`, { method: 'PATCH', admin });
    expect(res.status).toBe(200);
    const list = await (await call('/notices')).json<NoticeListItem[]>();
    expect(list.some((n) => n.id === notice.id)).toBe(false);
    expect((await call(`/notices/${notice.id}`)).status).toBe(404);
    const row = await env.DB.prepare('SELECT deleted_at FROM notices WHERE id = ?')
      .bind(notice.id)
      .first<{ deleted_at: string | null }>();
    expect(row?.deleted_at).not.toBeNull();
    expect((await call(`/notices/${notice.id}/delete`, { method: 'PATCH', admin })).status).toBe(404);
  });

  it('refuses a member and a visitor, keeping the notice', async () => {
    const notice = await createAs(await adminSession());
    const m = await signUpMember();
    await expectRefused(`/notices/${notice.id}/delete`, 'PATCH', undefined, m.accessToken);
    expect((await call(`/notices/${notice.id}`)).status).toBe(200);
  });
});
