// The safety desk for the console (docs/safety.md "Safety desk", docs/api-extensions.md): the
// queue as a ra-data-simple-rest list (GET /admin/api/safety-desk), one member's item with its
// evidence, nudge statistics, and the actions (dismiss, warn, ban). Every route behind requireAdmin;
// a permanent ban needs the 관리자 role (bans-service assertMayBan).
import { Hono, type Context } from 'hono';
import type { DeskActionResult, DeskDetail, DeskNudgeStats, DeskQueueItem } from '../../contract/safety-desk-core';
import { DESK_MESSAGES } from '../../contract/safety-desk-core';
import { deskBanBody, deskDismissBody, deskWarnBody } from '../../contract/safety-desk';
import { requireAdmin } from '../../lib/admin-auth';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { NotFound } from '../../lib/errors';
import { parseListQuery, setContentRange } from '../admin/list-query';
import { idParam, noStore } from '../../lib/params';
import { jsonBody, parseWith } from '../../lib/validation';
import { banFromDesk, deskItem, deskQueue, dismissItem, nudgeStats, warnMember, type DeskContext } from './service';

export const safetyDeskRoutes = new Hono<AppEnv>();

const memberId = (c: Context<AppEnv>) =>
  idParam(c, 'id', () => new NotFound(DESK_MESSAGES.memberNotFound, 'MEMBER_NOT_FOUND'));

const deskContext = (c: Context<AppEnv>): DeskContext => ({
  env: c.env,
  db: c.get('db'),
  now: nowDate(c.env),
  actor: c.get('admin'),
});

safetyDeskRoutes.get('/admin/api/safety-desk', requireAdmin, async (c) => {
  const { range } = parseListQuery(c);
  const { items, total, start } = await deskQueue(c.get('db'), nowDate(c.env), range);
  setContentRange(c, 'safety-desk', start, items.length, total);
  return c.json<DeskQueueItem[]>(items);
});

// Before /:id, so "nudges" is never read as an id.
safetyDeskRoutes.get('/admin/api/safety-desk/nudges', requireAdmin, async (c) => {
  noStore(c);
  return c.json<DeskNudgeStats>(await nudgeStats(c.get('db'), nowDate(c.env)));
});

safetyDeskRoutes.get('/admin/api/safety-desk/:id', requireAdmin, async (c) => {
  noStore(c);
  return c.json<DeskDetail>(await deskItem(c.env, c.get('db'), memberId(c), nowDate(c.env)));
});

safetyDeskRoutes.post('/admin/api/safety-desk/:id/dismiss', requireAdmin, async (c) => {
  const id = memberId(c);
  const body = parseWith(deskDismissBody, await jsonBody(c));
  noStore(c);
  return c.json<DeskActionResult>(await dismissItem(deskContext(c), id, body));
});

safetyDeskRoutes.post('/admin/api/safety-desk/:id/warn', requireAdmin, async (c) => {
  const id = memberId(c);
  const body = parseWith(deskWarnBody, await jsonBody(c));
  noStore(c);
  return c.json<DeskActionResult>(await warnMember(deskContext(c), id, body));
});

safetyDeskRoutes.post('/admin/api/safety-desk/:id/ban', requireAdmin, async (c) => {
  const id = memberId(c);
  const body = parseWith(deskBanBody, await jsonBody(c));
  noStore(c);
  return c.json<DeskActionResult>(await banFromDesk(deskContext(c), id, body));
});
