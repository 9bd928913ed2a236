// POST /api/on/safety/nudges (docs/api-extensions.md "Safety nudges"): 204, member id from the token.
import { Hono } from 'hono';
import { safetyNudgeBody } from '../../contract/safety/nudges';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { requireMember } from '../members/member-auth';
import { jsonBody, parseWith } from '../../lib/validation';
import { recordNudge } from './service';

export const safetyNudgeRoutes = new Hono<AppEnv>();

safetyNudgeRoutes.post('/api/on/safety/nudges', requireMember, async (c) => {
  const body = parseWith(safetyNudgeBody, await jsonBody(c));
  await recordNudge(c.get('db'), c.get('memberId'), body, nowDate(c.env));
  return c.body(null, 204);
});
