// Members and bans for the console: the spec's routes (GET /admin/users, PATCH /admin/members/{id}/
// ban|unban, GET …/ban-history) and the ra-data-simple-rest resource /admin/api/users.
import { Hono, type Context } from 'hono';
import { ADMIN_CONSOLE_MESSAGES, banBody } from '../../contract/admin';
import { assertAdminRole, requireAdmin } from '../../lib/admin-auth';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { NotFound } from '../../lib/errors';
import { jsonBody, parseWith } from '../../lib/validation';
import { banHistory, banMember, unbanMember, type BanContext } from './bans-service';
import { parseListQuery, setContentRange } from './list-query';
import { listMembers, memberDetail } from './members-service';
import { idParam, noStore } from '../../lib/params';

export const adminMemberRoutes = new Hono<AppEnv>();

const memberId = (c: Context<AppEnv>) =>
  idParam(c, 'id', () => new NotFound(ADMIN_CONSOLE_MESSAGES.memberNotFound, 'MEMBER_NOT_FOUND'));

const banContext = (c: Context<AppEnv>): BanContext => ({
  env: c.env,
  db: c.get('db'),
  actor: c.get('admin'),
  now: nowDate(c.env),
});

async function userList(c: Context<AppEnv>) {
  const { users, start, total } = await listMembers(c.get('db'), parseListQuery(c), nowDate(c.env));
  setContentRange(c, 'users', start, users.length, total);
  return c.json(users);
}

// Without query parameters the spec's client gets every member; the console pages and filters.
adminMemberRoutes.get('/admin/users', requireAdmin, userList);
adminMemberRoutes.get('/admin/api/users', requireAdmin, userList);

adminMemberRoutes.get('/admin/api/users/:id', requireAdmin, async (c) => {
  noStore(c);
  return c.json(await memberDetail(c.get('db'), memberId(c), nowDate(c.env), c.env));
});

adminMemberRoutes.patch('/admin/members/:id/ban', requireAdmin, async (c) => {
  const id = memberId(c);
  const body = parseWith(banBody, await jsonBody(c));
  // A permanent ban is a 관리자's decision; 운영자 ban for a while (docs/safety.md "Roles").
  if (body.until === null) assertAdminRole(c, 'ADMIN');
  noStore(c);
  return c.json(await banMember(banContext(c), id, body));
});

adminMemberRoutes.patch('/admin/members/:id/unban', requireAdmin, async (c) => {
  noStore(c);
  return c.json(await unbanMember(banContext(c), memberId(c)));
});

adminMemberRoutes.get('/admin/members/:id/ban-history', requireAdmin, async (c) => {
  noStore(c);
  return c.json(await banHistory(c.get('db'), memberId(c)));
});
