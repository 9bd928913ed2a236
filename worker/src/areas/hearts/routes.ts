// PUT / DELETE /api/on/heart/{memberId}: answer the state after the call.
import { Hono } from 'hono';
import type { HeartResponse } from '../../contract/profiles';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { requireMember } from '../members/member-auth';
import { memberIdParam } from '../profiles/params';
import { giveHeart, takeHeart } from './service';

export const heartRoutes = new Hono<AppEnv>();

heartRoutes.put('/api/on/heart/:memberId', requireMember, async (c) => {
  const targetId = memberIdParam(c.req.param('memberId'));
  return c.json<HeartResponse>(await giveHeart(c.get('db'), c.get('memberId'), targetId, nowDate(c.env), c.env));
});

heartRoutes.delete('/api/on/heart/:memberId', requireMember, async (c) => {
  const targetId = memberIdParam(c.req.param('memberId'));
  return c.json<HeartResponse>(await takeHeart(c.get('db'), c.get('memberId'), targetId));
});
