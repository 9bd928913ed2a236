// 오늘의 인연 (docs/today.md, docs/api-extensions.md "today"). Member bearer only.
import { Hono } from 'hono';
import type { TodaySet } from '../../contract/today';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { idParam } from '../../lib/params';
import { requireMember, requireMemberAnd } from '../members/member-auth';
import { clockOf } from '../visibility/repo';
import { latestSetQuery } from './repo';
import { currentDays, passCard, toTodaySet, type SetRow } from './service';

export const todayRoutes = new Hono<AppEnv>();

// The set is read in the same D1 round trip as the auth statement: opening it is one read.
const setRead = requireMemberAnd((c, db, memberId) => {
  const now = nowDate(c.env);
  const { fromDay, today } = currentDays(now);
  return [latestSetQuery(db, memberId, fromDay, today, clockOf(now))] as const;
});

todayRoutes.get('/api/on/today', setRead.middleware, (c) => {
  const [rows] = setRead.rows(c);
  return c.json<TodaySet>(toTodaySet(rows as SetRow[], nowDate(c.env)));
});

todayRoutes.post('/api/on/today/:candidateId/pass', requireMember, async (c) => {
  await passCard(c.get('db'), c.get('memberId'), idParam(c, 'candidateId'), nowDate(c.env));
  return c.body(null, 204);
});
