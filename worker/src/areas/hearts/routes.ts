// PUT / DELETE /api/on/heart/{memberId}: answer the state after the call.
import { Hono } from 'hono';
import type { HeartResponse } from '../../contract/profiles';
import { nowDate } from '../../lib/clock';
import { requestContext } from '../../lib/context';
import type { AppEnv } from '../../lib/env';
import { requireMember, requireMemberAnd } from '../members/member-auth';
import { memberIdParam } from '../profiles/params';
import { giveHeart, heartReads, takeHeart } from './service';

export const heartRoutes = new Hono<AppEnv>();

// The heart's checks are read with the member check: one round trip, then the heart's batch.
const heartRead = requireMemberAnd((c, db, memberId) =>
  heartReads(db, memberId, memberIdParam(c.req.param('memberId') ?? ''), nowDate(c.env)),
);

heartRoutes.put('/api/on/heart/:memberId', heartRead.middleware, async (c) => {
  const targetId = memberIdParam(c.req.param('memberId'));
  return c.json<HeartResponse>(await giveHeart(requestContext(c), c.get('memberId'), targetId, heartRead.rows(c)));
});

heartRoutes.delete('/api/on/heart/:memberId', requireMember, async (c) => {
  const targetId = memberIdParam(c.req.param('memberId'));
  return c.json<HeartResponse>(await takeHeart(c.get('db'), c.get('memberId'), targetId));
});
