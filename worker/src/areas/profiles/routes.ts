// GET /api/on/profile/modal/{memberId}: another member's profile for the modal and profile pages.
import { Hono } from 'hono';
import type { ModalProfile } from '../../contract/profiles';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { requireMemberAnd } from '../members/member-auth';
import { memberIdParam } from './params';
import { modalFrom, modalReads } from './service';

export const profileRoutes = new Hono<AppEnv>();

// Every read of the modal goes in the same D1 round trip as the auth statement.
const modalRead = requireMemberAnd((c, db, memberId) =>
  modalReads(db, memberId, memberIdParam(c.req.param('memberId') ?? ''), nowDate(c.env)),
);

profileRoutes.get('/api/on/profile/modal/:memberId', modalRead.middleware, async (c) => {
  const targetId = memberIdParam(c.req.param('memberId'));
  return c.json<ModalProfile>(await modalFrom(c.env, modalRead.rows(c), c.get('memberId'), targetId, nowDate(c.env)));
});
