// Account rights (api-extensions): GET /api/on/mypage/export, DELETE /api/on/mypage/account.
import { Hono } from 'hono';
import { accountDeleteBody } from '../../contract/mypage';
import { nowDate } from '../../lib/clock';
import { clearSessionCookie } from '../../lib/cookies';
import type { AppEnv } from '../../lib/env';
import { requireMemberEvenUnder19 } from '../members/member-auth';
import { jsonBody, parseWith } from '../../lib/validation';
import { deleteAccount, exportMemberData } from './service';

export const accountRoutes = new Hono<AppEnv>();

accountRoutes.get('/api/on/mypage/export', requireMemberEvenUnder19, async (c) => {
  const memberId = c.get('memberId');
  const data = await exportMemberData(c.env, c.get('db'), memberId, nowDate(c.env));
  const day = data.exportedAt.slice(0, 10);
  c.header('Content-Disposition', `attachment; filename="ongi-my-data-${memberId}-${day}.json"`);
  c.header('Cache-Control', 'no-store');
  return c.json(data);
});

accountRoutes.delete('/api/on/mypage/account', requireMemberEvenUnder19, async (c) => {
  parseWith(accountDeleteBody, await jsonBody(c), 'CONFIRMATION_REQUIRED');
  await deleteAccount(c.env, c.get('db'), c.get('memberId'), nowDate(c.env));
  clearSessionCookie(c, 'refresh');
  return c.json({});
});
