// Notices (api-contract "Feedback and notices"): public reads; writes by a 관리자 (session cookie +
// CSRF header + second factor via requireAdmin, role ADMIN: docs/safety.md "Roles"). Browser navigations to /notices get the SPA shell in app.ts instead.
import { Hono } from 'hono';
import { noticeBody, type Notice, type NoticeListItem } from '../../contract/notices';
import { requireAdmin, requireAdminRole } from '../../lib/admin-auth';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { jsonBody, parseWith } from '../../lib/validation';
import { createNotice, deleteNotice, editNotice, noticeDetail, noticeIdParam, noticeList } from './service';
import { auditConsoleAction } from '../audit/service';

export const noticeRoutes = new Hono<AppEnv>();

noticeRoutes.get('/notices', async (c) => c.json<NoticeListItem[]>(await noticeList(c.get('db'))));

noticeRoutes.get('/notices/:id{[0-9]+}', async (c) =>
  c.json<Notice>(await noticeDetail(c.get('db'), noticeIdParam(c.req.param('id')))),
);

noticeRoutes.post('/notices/create', requireAdmin, requireAdminRole('ADMIN'), async (c) => {
  const body = parseWith(noticeBody, await jsonBody(c));
  const notice = await createNotice(c.get('db'), c.get('adminId'), body, nowDate(c.env), c.env);
  await auditConsoleAction(c, noticeEntry(notice, 'CREATED'));
  return c.json<Notice>(notice);
});

noticeRoutes.patch('/notices/:id{[0-9]+}', requireAdmin, requireAdminRole('ADMIN'), async (c) => {
  const id = noticeIdParam(c.req.param('id'));
  const body = parseWith(noticeBody, await jsonBody(c));
  const notice = await editNotice(c.get('db'), id, body, nowDate(c.env));
  await auditConsoleAction(c, noticeEntry(notice, 'EDITED'));
  return c.json<Notice>(notice);
});

noticeRoutes.patch('/notices/:id{[0-9]+}/delete', requireAdmin, requireAdminRole('ADMIN'), async (c) => {
  const notice = await deleteNotice(c.get('db'), noticeIdParam(c.req.param('id')), nowDate(c.env));
  await auditConsoleAction(c, noticeEntry(notice, 'DELETED'));
  return c.json<Notice>(notice);
});

/** A notice write in the audit log (NOTICE_WRITTEN with what happened to it). */
const noticeEntry = (notice: Notice, change: 'CREATED' | 'EDITED' | 'DELETED') =>
  ({
    action: 'NOTICE_WRITTEN',
    subjectType: 'notice',
    subjectId: notice.id,
    detail: { change, title: notice.title },
  }) as const;
