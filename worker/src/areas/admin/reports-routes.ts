// Reports for the console, on the spec's routes: GET /admin/userReportInfo, GET /admin/reports/
// {memberId}, PATCH /admin/reports/{id}/accept|reject.
import { Hono } from 'hono';
import { ADMIN_CONSOLE_MESSAGES } from '../../contract/admin';
import { requireAdmin } from '../../lib/admin-auth';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { NotFound } from '../../lib/errors';
import { idParam, noStore } from '../../lib/params';
import { reportedUserSummaries, reportsOfMember, settle } from './reports-service';

export const adminReportRoutes = new Hono<AppEnv>();

const memberMissing = () => new NotFound(ADMIN_CONSOLE_MESSAGES.memberNotFound, 'MEMBER_NOT_FOUND');
const reportMissing = () => new NotFound(ADMIN_CONSOLE_MESSAGES.reportNotFound, 'REPORT_NOT_FOUND');

adminReportRoutes.get('/admin/userReportInfo', requireAdmin, async (c) => {
  noStore(c);
  return c.json(await reportedUserSummaries(c.get('db'), nowDate(c.env)));
});

adminReportRoutes.get('/admin/reports/:memberId', requireAdmin, async (c) => {
  noStore(c);
  return c.json(await reportsOfMember(c.get('db'), idParam(c, 'memberId', memberMissing), nowDate(c.env), c.env));
});

adminReportRoutes.patch('/admin/reports/:id/accept', requireAdmin, async (c) => {
  noStore(c);
  const id = idParam(c, 'id', reportMissing);
  return c.json(await settle(c.get('db'), id, 'ACCEPTED', c.get('admin'), nowDate(c.env), c.env));
});

adminReportRoutes.patch('/admin/reports/:id/reject', requireAdmin, async (c) => {
  noStore(c);
  const id = idParam(c, 'id', reportMissing);
  return c.json(await settle(c.get('db'), id, 'REJECTED', c.get('admin'), nowDate(c.env), c.env));
});
