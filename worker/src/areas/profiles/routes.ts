// GET /api/on/profile/modal/{memberId}: another member's profile for the modal and profile pages.
import { Hono } from 'hono';
import type { ModalProfile } from '../../contract/profiles';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { requireMember } from '../../lib/member-auth';
import { memberIdParam } from './params';
import { modalProfile } from './service';

export const profileRoutes = new Hono<AppEnv>();

profileRoutes.get('/api/on/profile/modal/:memberId', requireMember, async (c) => {
  const targetId = memberIdParam(c.req.param('memberId'));
  return c.json<ModalProfile>(await modalProfile(c.get('db'), c.get('memberId'), targetId, nowDate(c.env)));
});
