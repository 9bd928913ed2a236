// POST /api/on/report: a member reports another member (optionally citing a chat room).
import { Hono } from 'hono';
import { reportBody, type ReportResponse } from '../../contract/reports';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { requireMember } from '../members/member-auth';
import { jsonBody, parseWith } from '../../lib/validation';
import { fileReport } from './service';

export const reportRoutes = new Hono<AppEnv>();

reportRoutes.post('/api/on/report', requireMember, async (c) => {
  const input = parseWith(reportBody, await jsonBody(c));
  return c.json<ReportResponse>(await fileReport(c.env, c.get('db'), c.get('memberId'), input, nowDate(c.env)));
});
