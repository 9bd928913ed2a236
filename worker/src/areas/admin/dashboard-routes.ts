// GET /admin/api/dashboard: the console's figures and 30-day series.
import { Hono } from 'hono';
import { requireAdmin } from '../../lib/admin-auth';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { dashboard } from './dashboard-service';
import { noStore } from '../../lib/params';

export const adminDashboardRoutes = new Hono<AppEnv>();

adminDashboardRoutes.get('/admin/api/dashboard', requireAdmin, async (c) => {
  noStore(c);
  return c.json(await dashboard(c.get('db'), nowDate(c.env)));
});
