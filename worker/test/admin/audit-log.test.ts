// The audit log (docs/safety.md "Audit log"): every console write route records who did what to
// whom and why; GET /admin/api/audit-log lists it (filters: operator, action, member; paged,
// newest first); no route changes or removes an entry, and D1 itself refuses UPDATE and DELETE.
import { SELF, env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { AuditEntryView } from '../../src/contract/safety-desk-core';
import { bearer, signUpMember } from '../helpers/auth';
import { ORIGIN, call, consoleAdmin, seedMember, seedReport, type ConsoleAdmin } from './console-helpers';

let admin: ConsoleAdmin;
let other: ConsoleAdmin;
beforeAll(async () => {
  admin = await consoleAdmin('감사 담당');
  other = await consoleAdmin('다른 관리자');
});

type Row = {
  action: string;
  adminId: number;
  memberId: number | null;
  subjectType: string | null;
  subjectId: string | null;
  reason: string | null;
  detail: string | null;
};
const entriesAfter = (id: number) =>
  env.DB.prepare(
    `SELECT action, admin_id AS adminId, member_id AS memberId, subject_type AS subjectType, subject_id AS subjectId,
       reason, detail FROM audit_log WHERE id > ? AND admin_id = ? ORDER BY id`,
  )
    .bind(id, admin.id)
    .all<Row>()
    .then((r) => r.results);
const lastId = async () =>
  (await env.DB.prepare('SELECT coalesce(max(id), 0) AS id FROM audit_log').first<{ id: number }>())!.id;

const list = async (filter: Record<string, unknown>, range = [0, 49], cookie = admin.cookie) => {
  const q = `filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent(JSON.stringify(range))}`;
  const res = await call(`/admin/api/audit-log?${q}`, { cookie });
  expect(res.status).toBe(200);
  return { rows: await res.json<AuditEntryView[]>(), range: res.headers.get('Content-Range') };
};

describe('every operator action in the console writes a row', () => {
  it('bans and unbans, report decisions, hide/unhide, photo decisions and matches, notices, post and comment removal', async () => {
    const since = await lastId();
    const m = await seedMember();
    const reporter = await seedMember();
    const ok = async (res: Promise<Response>) => expect((await res).status).toBe(200);

    await ok(
      call(`/admin/members/${m}/ban`, { method: 'PATCH', cookie: admin.cookie, body: { reason: '욕설', until: null } }),
    );
    await ok(call(`/admin/members/${m}/unban`, { method: 'PATCH', cookie: admin.cookie }));

    const report = await seedReport({ reporterId: reporter, targetId: m });
    await ok(call(`/admin/reports/${report}/accept`, { method: 'PATCH', cookie: admin.cookie }));

    await env.DB.prepare(
      "INSERT INTO member_profile_details (member_id, bio) VALUES (?, '카톡 ongi123 으로 연락 주세요')",
    )
      .bind(m)
      .run();
    await ok(
      call(`/admin/users/${m}/profile-details/hide`, {
        method: 'POST',
        cookie: admin.cookie,
        body: { field: 'bio', reason: '연락처 노출' },
      }),
    );
    await ok(
      call(`/admin/users/${m}/profile-details/unhide`, {
        method: 'POST',
        cookie: admin.cookie,
        body: { field: 'bio' },
      }),
    );

    const selfie = await env.DB.prepare(
      "INSERT INTO photo_verifications (member_id, pose, source) VALUES (?, 'V_SIGN', 'CAMERA') RETURNING id",
    )
      .bind(m)
      .first<{ id: number }>();
    await ok(
      call(`/admin/photo-verifications/${selfie!.id}/decision`, {
        method: 'POST',
        cookie: admin.cookie,
        body: { decision: 'REJECT', reason: 'BLURRY' },
      }),
    );
    const match = await env.DB.prepare(
      "INSERT INTO photo_matches (member_id, image_key, other_member_id, other_image_key, distance) VALUES (?, 'profiles/x.jpg', ?, 'profiles/y.jpg', 2) RETURNING id",
    )
      .bind(m, reporter)
      .first<{ id: number }>();
    await ok(call(`/admin/photo-matches/${match!.id}/dismiss`, { method: 'POST', cookie: admin.cookie }));

    const created = await call('/notices/create', {
      method: 'POST',
      cookie: admin.cookie,
      body: { title: '안전 수칙', content: '연락처는 천천히 나눠 주세요.' },
    });
    const notice = await created.json<{ id: number }>();
    await ok(
      call(`/notices/${notice.id}`, {
        method: 'PATCH',
        cookie: admin.cookie,
        body: { title: '안전 수칙 안내', content: '연락처는 천천히 나눠 주세요.' },
      }),
    );
    await ok(call(`/notices/${notice.id}/delete`, { method: 'PATCH', cookie: admin.cookie }));

    const post = await env.DB.prepare(
      "INSERT INTO community_posts (member_id, category, title, content) VALUES (?, 'FREE', '제목', '내용이에요') RETURNING id",
    )
      .bind(m)
      .first<{ id: number }>();
    const comment = await env.DB.prepare(
      "INSERT INTO post_comments (post_id, member_id, content) VALUES (?, ?, '댓글') RETURNING id",
    )
      .bind(post!.id, reporter)
      .first<{ id: number }>();
    await ok(call(`/admin/api/posts/${post!.id}/comments/${comment!.id}`, { method: 'DELETE', cookie: admin.cookie }));
    await ok(call(`/admin/api/posts/${post!.id}`, { method: 'DELETE', cookie: admin.cookie }));

    const rows = await entriesAfter(since);
    expect(rows.map((r) => [r.action, r.memberId, r.subjectType])).toEqual([
      ['BAN', m, 'member'],
      ['UNBAN', m, 'member'],
      ['REPORT_DECIDED', m, 'report'],
      ['HIDE_TEXT', m, 'bio'],
      ['UNHIDE_TEXT', m, 'bio'],
      ['PHOTO_VERIFICATION_DECIDED', m, 'photo_verification'],
      ['PHOTO_MATCH_DECIDED', m, 'photo_match'],
      ['NOTICE_WRITTEN', null, 'notice'],
      ['NOTICE_WRITTEN', null, 'notice'],
      ['NOTICE_WRITTEN', null, 'notice'],
      ['POST_REMOVED', reporter, 'comment'],
      ['POST_REMOVED', m, 'post'],
    ]);
    expect(rows[0]).toMatchObject({ reason: '욕설' });
    expect(JSON.parse(rows[0]!.detail!)).toMatchObject({ permanent: true, source: 'members' });
    expect(JSON.parse(rows[2]!.detail!)).toMatchObject({ status: 'ACCEPTED', reporterId: reporter });
    expect(rows[3]).toMatchObject({ reason: '연락처 노출' });
    expect(rows.slice(7, 10).map((r) => JSON.parse(r.detail!).change)).toEqual(['CREATED', 'EDITED', 'DELETED']);
  });

  it('a post removed through the member API with the console’s session is recorded; the author’s own delete is not', async () => {
    const author = await signUpMember({ name: '글쓴이' });
    const insertPost = async () =>
      (await env.DB.prepare(
        "INSERT INTO community_posts (member_id, category, title, content) VALUES (?, 'FREE', '제목', '내용이에요') RETURNING id",
      )
        .bind(author.memberId)
        .first<{ id: number }>())!.id;
    const [byConsole, byAuthor] = [await insertPost(), await insertPost()];
    const since = await lastId();
    const viaConsole = await call(`/api/on/community/posts/${byConsole}`, { method: 'DELETE', cookie: admin.cookie });
    expect(viaConsole.status).toBe(200);
    const own = await SELF.fetch(`${ORIGIN}/api/on/community/posts/${byAuthor}`, {
      method: 'DELETE',
      headers: bearer(author.accessToken),
    });
    expect(own.status).toBe(200);
    const rows = await env.DB.prepare(
      'SELECT action, member_id AS memberId, subject_id AS subjectId FROM audit_log WHERE id > ?',
    )
      .bind(since)
      .all();
    expect(rows.results).toEqual([{ action: 'POST_REMOVED', memberId: author.memberId, subjectId: String(byConsole) }]);
  });

  it('a refused action writes nothing (a second ban of a banned member)', async () => {
    const m = await seedMember({ status: 'BANNED' });
    const since = await lastId();
    const res = await call(`/admin/members/${m}/ban`, {
      method: 'PATCH',
      cookie: admin.cookie,
      body: { reason: null, until: null },
    });
    expect(res.status).toBe(409);
    expect(await entriesAfter(since)).toEqual([]);
  });
});

describe('GET /admin/api/audit-log', () => {
  it('filters by operator, action and member, newest first, paged, with the member’s name', async () => {
    const m = await seedMember({ name: '기록대상' });
    await call(`/admin/members/${m}/ban`, {
      method: 'PATCH',
      cookie: admin.cookie,
      body: { reason: '첫 정지', until: null },
    });
    await call(`/admin/members/${m}/unban`, { method: 'PATCH', cookie: other.cookie });

    const mine = await list({ memberId: m });
    expect(mine.rows.map((r) => [r.action, r.adminName, r.memberName])).toEqual([
      ['UNBAN', '다른 관리자', '기록대상'],
      ['BAN', '감사 담당', '기록대상'],
    ]);
    expect(mine.rows[1]!.detail).toMatchObject({ permanent: true });
    expect(mine.range).toBe('audit-log 0-1/2');

    expect((await list({ memberId: m, adminId: other.id })).rows.map((r) => r.action)).toEqual(['UNBAN']);
    expect((await list({ memberId: m, action: 'BAN' })).rows.map((r) => r.adminId)).toEqual([admin.id]);
    const page = await list({ memberId: m }, [1, 1]);
    expect(page.rows.map((r) => r.action)).toEqual(['BAN']);
    expect(page.range).toBe('audit-log 1-1/2');
  });

  it('refuses an unknown action in the filter and needs a session', async () => {
    const res = await call(`/admin/api/audit-log?filter=${encodeURIComponent('{"action":"ERASE"}')}`, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(400);
    expect((await call('/admin/api/audit-log')).status).toBe(401);
  });
});

describe('append-only', () => {
  it('D1 refuses UPDATE and DELETE of an entry', async () => {
    const m = await seedMember();
    await call(`/admin/members/${m}/ban`, {
      method: 'PATCH',
      cookie: admin.cookie,
      body: { reason: '원래 사유', until: null },
    });
    const row = await env.DB.prepare('SELECT id FROM audit_log WHERE member_id = ?').bind(m).first<{ id: number }>();
    await expect(
      env.DB.prepare("UPDATE audit_log SET reason = '고친 사유' WHERE id = ?").bind(row!.id).run(),
    ).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare('DELETE FROM audit_log WHERE id = ?').bind(row!.id).run()).rejects.toThrow(
      /append-only/,
    );
    const still = await env.DB.prepare('SELECT reason FROM audit_log WHERE id = ?').bind(row!.id).first();
    expect(still).toEqual({ reason: '원래 사유' });
  });

  it('no route writes to the log: the app’s only audit route is the GET list, and other methods find nothing', async () => {
    const routes = buildApp().routes.filter((r) => r.path.includes('audit'));
    // Each handler and middleware is listed; a route is one method and path.
    const distinct = new Set(routes.map((r) => `${r.method} ${r.path}`).filter((r) => !r.startsWith('ALL ')));
    expect([...distinct]).toEqual(['GET /admin/api/audit-log']);
    const m = await seedMember();
    await call(`/admin/members/${m}/ban`, {
      method: 'PATCH',
      cookie: admin.cookie,
      body: { reason: '사유', until: null },
    });
    const row = await env.DB.prepare('SELECT id FROM audit_log WHERE member_id = ?').bind(m).first<{ id: number }>();
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      for (const path of [`/admin/api/audit-log/${row!.id}`, '/admin/api/audit-log']) {
        const res = await call(path, {
          method,
          cookie: admin.cookie,
          body: method === 'DELETE' ? undefined : { reason: 'x' },
        });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    expect(await env.DB.prepare('SELECT reason FROM audit_log WHERE id = ?').bind(row!.id).first()).toEqual({
      reason: '사유',
    });
  });
});
