// Two roles (docs/safety.md "Roles"): 운영자 (OPERATOR) reads, works reports and bans for a while;
// 관리자 (ADMIN) also bans for good, lifts permanent bans, writes notices and manages operators.
// The Worker refuses an operator beyond their role with 403 ROLE_REQUIRED, whatever the console shows.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../src/contract/admin';
import { call, consoleAdmin, seedMember, type ConsoleAdmin, type ErrorBody } from './console-helpers';
import { makeAdmin, signIn, uniqueEmail } from './helpers';

let operator: ConsoleAdmin;
let admin: ConsoleAdmin;
beforeAll(async () => {
  operator = await consoleAdmin('김운영', 'OPERATOR');
  admin = await consoleAdmin('이관리', 'ADMIN');
});

const tomorrowKst = () => new Date(Date.now() + 9 * 3600_000 + 24 * 3600_000).toISOString().slice(0, 16);

async function expectRoleRequired(res: Response) {
  expect(res.status).toBe(403);
  const body = await res.json<ErrorBody>();
  expect(body.code).toBe('ROLE_REQUIRED');
  expect(body.message).toBe(ADMIN_MESSAGES.roleRequired);
}

describe('an operator (운영자)', () => {
  it('is told their role by /admin/check', async () => {
    expect(await (await call('/admin/check', { cookie: operator.cookie })).json()).toEqual({
      isAdmin: true,
      name: '김운영',
      role: 'OPERATOR',
      secondFactor: 'DONE',
    });
  });

  it('reads members, reports and the dashboard, and bans for a while, then lifts it', async () => {
    for (const path of ['/admin/api/users', '/admin/userReportInfo', '/admin/api/dashboard', '/feedback']) {
      expect((await call(path, { cookie: operator.cookie })).status, path).toBe(200);
    }
    const id = await seedMember();
    const ban = await call(`/admin/members/${id}/ban`, {
      method: 'PATCH',
      cookie: operator.cookie,
      body: { reason: '욕설', until: tomorrowKst() },
    });
    expect(ban.status).toBe(200);
    expect((await call(`/admin/members/${id}/unban`, { method: 'PATCH', cookie: operator.cookie })).status).toBe(200);
  });

  it('cannot ban for good nor lift a permanent ban; a 관리자 can', async () => {
    const id = await seedMember();
    const permanent = { method: 'PATCH', body: { reason: null, until: null } } as const;
    await expectRoleRequired(await call(`/admin/members/${id}/ban`, { ...permanent, cookie: operator.cookie }));
    expect((await call(`/admin/members/${id}/ban`, { ...permanent, cookie: admin.cookie })).status).toBe(200);
    await expectRoleRequired(await call(`/admin/members/${id}/unban`, { method: 'PATCH', cookie: operator.cookie }));
    expect((await call(`/admin/members/${id}/unban`, { method: 'PATCH', cookie: admin.cookie })).status).toBe(200);
  });

  it('cannot write notices nor manage operators', async () => {
    const notice = { title: '점검 안내', content: '토요일 새벽에 점검이 있어요.' };
    await expectRoleRequired(await call('/notices/create', { method: 'POST', cookie: operator.cookie, body: notice }));
    await expectRoleRequired(await call('/admin/api/operators', { cookie: operator.cookie }));
    await expectRoleRequired(
      await call('/admin/api/operators', {
        method: 'POST',
        cookie: operator.cookie,
        body: { email: uniqueEmail(), name: '새 운영자', password: 'temporary-pass-1234', role: 'ADMIN' },
      }),
    );
    await expectRoleRequired(
      await call(`/admin/api/operators/${operator.id}`, {
        method: 'PATCH',
        cookie: operator.cookie,
        body: { role: 'ADMIN' },
      }),
    );
    const row = await env.DB.prepare('SELECT role FROM admins WHERE id = ?')
      .bind(operator.id)
      .first<{ role: string }>();
    expect(row?.role).toBe('OPERATOR');
    expect((await call('/notices/create', { method: 'POST', cookie: admin.cookie, body: notice })).status).toBe(200);
  });
});

describe('운영자 관리 (관리자)', () => {
  const auditRows = async (subjectId: number) =>
    (
      await env.DB.prepare(
        `SELECT admin_id, admin_role, action, detail FROM audit_log WHERE subject_type = 'ADMIN' AND subject_id = ? AND action LIKE 'OPERATOR_%' ORDER BY id`,
      )
        .bind(String(subjectId))
        .all<{ admin_id: number; admin_role: string; action: string; detail: string }>()
    ).results;

  it('adds an operator with a temporary password who then signs in and enrols; the audit log has it', async () => {
    const email = uniqueEmail();
    const res = await call('/admin/api/operators', {
      method: 'POST',
      cookie: admin.cookie,
      body: { email: email.toUpperCase(), name: ' 박운영 ', password: 'temporary-pass-1234', role: 'OPERATOR' },
    });
    expect(res.status).toBe(201);
    const created = await res.json<{
      id: number;
      email: string;
      name: string;
      role: string;
      secondFactorEnrolled: boolean;
    }>();
    expect(created).toMatchObject({ email, name: '박운영', role: 'OPERATOR', secondFactorEnrolled: false });
    const login = await call('/admin/login', { method: 'POST', body: { email, password: 'temporary-pass-1234' } });
    expect(await login.json()).toMatchObject({ role: 'OPERATOR', secondFactor: 'ENROL' });
    expect(await auditRows(created.id)).toEqual([
      {
        admin_id: admin.id,
        admin_role: 'ADMIN',
        action: 'OPERATOR_CREATED',
        detail: JSON.stringify({ email, name: '박운영', role: 'OPERATOR' }),
      },
    ]);

    const dup = await call('/admin/api/operators', {
      method: 'POST',
      cookie: admin.cookie,
      body: { email, name: '또', password: 'temporary-pass-1234', role: 'OPERATOR' },
    });
    expect(dup.status).toBe(409);
    const short = await call('/admin/api/operators', {
      method: 'POST',
      cookie: admin.cookie,
      body: { email: uniqueEmail(), name: '짧은', password: 'short', role: 'OPERATOR' },
    });
    expect(short.status).toBe(400);
    expect((await short.json<ErrorBody>()).fields?.password).toBe(ADMIN_MESSAGES.operatorPasswordLength);
  });

  it('lists operators and changes a role (audited); nobody changes their own role', async () => {
    const target = await makeAdmin({ role: 'OPERATOR' });
    const list = await call('/admin/api/operators', { cookie: admin.cookie });
    expect(list.status).toBe(200);
    expect(list.headers.get('Content-Range')).toMatch(/^operators 0-\d+\/\d+$/);
    const rows = await list.json<Array<{ id: number; role: string; secondFactorEnrolled: boolean }>>();
    expect(rows.find((r) => r.id === target.id)).toMatchObject({ role: 'OPERATOR', secondFactorEnrolled: true });

    const change = await call(`/admin/api/operators/${target.id}`, {
      method: 'PATCH',
      cookie: admin.cookie,
      body: { role: 'ADMIN' },
    });
    expect(change.status).toBe(200);
    expect(await change.json()).toMatchObject({ id: target.id, role: 'ADMIN' });
    const rowsAfter = await auditRows(target.id);
    expect(rowsAfter.map((r) => [r.action, JSON.parse(r.detail)])).toEqual([
      ['OPERATOR_CHANGED', { role: { from: 'OPERATOR', to: 'ADMIN' } }],
    ]);
    // The new role holds on the next request of a live session.
    const cookie = await signIn(target);
    expect(await (await call('/admin/check', { cookie })).json()).toMatchObject({ role: 'ADMIN' });

    const self = await call(`/admin/api/operators/${admin.id}`, {
      method: 'PATCH',
      cookie: admin.cookie,
      body: { role: 'OPERATOR' },
    });
    expect(self.status).toBe(403);
    expect((await self.json<ErrorBody>()).code).toBe('OPERATOR_SELF_ROLE');
    expect(
      (await call('/admin/api/operators/999999', { method: 'PATCH', cookie: admin.cookie, body: { role: 'ADMIN' } }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(`/admin/api/operators/${target.id}`, {
          method: 'PATCH',
          cookie: admin.cookie,
          body: { role: 'OWNER' },
        })
      ).status,
    ).toBe(400);
  });

  it('resets a lost second factor: the operator’s sessions end and they enrol again', async () => {
    const target = await makeAdmin({ role: 'OPERATOR' });
    const cookie = await signIn(target);
    const res = await call(`/admin/api/operators/${target.id}/reset-second-factor`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ secondFactorEnrolled: false });
    expect(await (await call('/admin/check', { cookie })).json()).toEqual({ isAdmin: false });
    const login = await call('/admin/login', {
      method: 'POST',
      body: { email: target.email, password: target.password },
    });
    expect(await login.json()).toMatchObject({ secondFactor: 'ENROL' });
    expect((await auditRows(target.id)).map((r) => JSON.parse(r.detail))).toEqual([{ secondFactor: 'RESET' }]);
  });
});
