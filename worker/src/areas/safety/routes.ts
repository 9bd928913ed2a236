// POST /api/on/safety/check (docs/safety.md "Check endpoint"): the detector's flags for a text.
import { Hono } from 'hono';
import { safetyCheckBody, type SafetyCheckResponse } from '../../contract/safety/check';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { requireMember } from '../members/member-auth';
import { jsonBody, parseWith } from '../../lib/validation';
import { checkText, spendCheckBudget } from './service';

export const safetyRoutes = new Hono<AppEnv>();

safetyRoutes.post('/api/on/safety/check', requireMember, async (c) => {
  const db = c.get('db');
  const memberId = c.get('memberId');
  const now = nowDate(c.env);
  // The budget is spent before the body is read: malformed and too-long probes count too.
  await spendCheckBudget(db, memberId, now);
  const { text } = parseWith(safetyCheckBody, await jsonBody(c));
  return c.json<SafetyCheckResponse>(checkText(text));
});
