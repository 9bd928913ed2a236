// POST /api/on/report: a member reports another member (optionally citing a chat room).
import { Hono } from 'hono';
import { reportBody, type ReportResponse } from '../../contract/reports';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { requireMemberAnd } from '../members/member-auth';
import { jsonBody, parseWith } from '../../lib/validation';
import { fileReport, reportIdsOf, reportReads, type ReportIds } from './service';
import { createMiddleware } from 'hono/factory';

export const reportRoutes = new Hono<AppEnv>();

// The ids the body names, taken before the member check so that the target, the limit's count and
// the room seat are read in the auth statement's batch (the body is checked after the member, as before).
const bodyIds = new WeakMap<Request, ReportIds | null>();
const readBodyIds = createMiddleware<AppEnv>(async (c, next) => {
  bodyIds.set(c.req.raw, reportIdsOf(await c.req.text()));
  await next();
});
const reportFirst = requireMemberAnd((c, db, memberId) =>
  reportReads(db, memberId, bodyIds.get(c.req.raw) ?? null, nowDate(c.env)),
);

reportRoutes.post('/api/on/report', readBodyIds, reportFirst.middleware, async (c) => {
  const input = parseWith(reportBody, await jsonBody(c));
  const first = { ids: bodyIds.get(c.req.raw) ?? null, rows: reportFirst.rows(c) };
  return c.json<ReportResponse>(await fileReport(c.env, c.get('db'), c.get('memberId'), input, nowDate(c.env), first));
});
