// Every console endpoint refuses anyone but a signed-in admin, and every unsafe one refuses a
// request that did not come from the console (CSRF).
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomToken, sha256Hex } from '../../src/lib/crypto';
import { bearer, signUpMember } from '../helpers/auth';
import { call, consoleAdmin, seedMember, seedReport, type ConsoleAdmin, type ErrorBody } from './console-helpers';

let admin: ConsoleAdmin;
let memberToken: string;
let expiredCookie: string;
let targetId: number;
let reportId: number;

beforeAll(async () => {
  admin = await consoleAdmin();
  const member = await signUpMember();
  memberToken = member.accessToken;
  targetId = await seedMember();
  reportId = await seedReport({ reporterId: member.memberId, targetId });
  expiredCookie = randomToken();
  await env.DB.prepare('INSERT INTO admin_sessions (id, admin_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
    .bind(await sha256Hex(expiredCookie), admin.id, '2025-01-01T00:00:00.000Z', '2025-01-01T08:00:00.000Z')
    .run();
});

type Endpoint = { method: 'GET' | 'PATCH'; path: string; body?: unknown };

/** `:member` and `:report` stand for rows made in beforeAll. */
const urlOf = (e: Endpoint) => e.path.replace(':member', String(targetId)).replace(':report', String(reportId));

const endpoints: Endpoint[] = [
  { method: 'GET', path: '/admin/users' },
  { method: 'GET', path: '/admin/api/users?range=[0,9]' },
  { method: 'GET', path: '/admin/api/users/:member' },
  { method: 'PATCH', path: '/admin/members/:member/ban', body: { until: null } },
  { method: 'PATCH', path: '/admin/members/:member/unban' },
  { method: 'GET', path: '/admin/members/:member/ban-history' },
  { method: 'GET', path: '/admin/userReportInfo' },
  { method: 'GET', path: '/admin/reports/:member' },
  { method: 'PATCH', path: '/admin/reports/:report/accept' },
  { method: 'PATCH', path: '/admin/reports/:report/reject' },
  { method: 'GET', path: '/admin/api/dashboard' },
];

describe.each(endpoints)('$method $path', (endpoint) => {
  const send = (init: { cookie?: string; headers?: Record<string, string> } = {}) =>
    call(urlOf(endpoint), { method: endpoint.method, body: endpoint.body, ...init });

  it('refuses a visitor with 401 ADMIN_SESSION_REQUIRED', async () => {
    const res = await send();
    expect(res.status).toBe(401);
    expect((await res.json<ErrorBody>()).code).toBe('ADMIN_SESSION_REQUIRED');
  });

  it("refuses a member's bearer token", async () => {
    const res = await send({ headers: bearer(memberToken) });
    expect(res.status).toBe(401);
  });

  it('refuses a forged admin cookie', async () => {
    expect((await send({ cookie: randomToken() })).status).toBe(401);
  });

  it('refuses an expired admin session', async () => {
    expect((await send({ cookie: expiredCookie })).status).toBe(401);
  });
});

describe('CSRF on console writes', () => {
  const writes = endpoints.filter((e) => e.method === 'PATCH');

  it.each(writes)('$method $path without the console header is refused with 403 CSRF_REJECTED', async (e) => {
    const res = await call(urlOf(e), {
      method: e.method,
      body: e.body,
      cookie: admin.cookie,
      headers: { 'X-Requested-With': '' },
    });
    expect(res.status).toBe(403);
    expect((await res.json<ErrorBody>()).code).toBe('CSRF_REJECTED');
  });

  it('refuses a write from another origin even with the header', async () => {
    const res = await call(`/admin/members/${targetId}/ban`, {
      method: 'PATCH',
      body: { until: null },
      cookie: admin.cookie,
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    const history = await call(`/admin/members/${targetId}/ban-history`, { cookie: admin.cookie });
    expect(await history.json()).toEqual([]);
  });
});
