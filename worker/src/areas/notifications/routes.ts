// GET /api/on/notifications, …/unread-count, POST …/read, GET/PUT …/settings (the member's own).
import { Hono } from 'hono';
import {
  notificationReadBody,
  notificationSettingsBody,
  type NotificationPage,
  type NotificationSettings,
  type UnreadCount,
} from '../../contract/notifications';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { requireMember } from '../members/member-auth';
import { jsonBody, parseWith } from '../../lib/validation';
import { notificationPage, readNotifications, unreadCount } from './service';
import { settingsOf, updateSettings } from './settings';
import { requestContext } from '../../lib/context';

export const notificationRoutes = new Hono<AppEnv>();

const BASE = '/api/on/notifications';

// `${BASE}/*` matches BASE itself too: one member check per call (a second `use(BASE)` ran it twice,
// one more sequential D1 round trip on the list: bench/latency).
notificationRoutes.use(`${BASE}/*`, requireMember);

notificationRoutes.get(BASE, async (c) =>
  c.json<NotificationPage>(await notificationPage(requestContext(c), c.get('memberId'), c.req.query('cursor'))),
);

notificationRoutes.get(`${BASE}/unread-count`, async (c) =>
  c.json<UnreadCount>(await unreadCount(requestContext(c), c.get('memberId'))),
);

notificationRoutes.post(`${BASE}/read`, async (c) => {
  const body = parseWith(notificationReadBody, await jsonBody(c));
  return c.json<UnreadCount>(await readNotifications(requestContext(c), c.get('memberId'), body));
});

notificationRoutes.get(`${BASE}/settings`, async (c) =>
  c.json<NotificationSettings>(await settingsOf(c.get('db'), c.get('memberId'))),
);

notificationRoutes.put(`${BASE}/settings`, async (c) => {
  const body = parseWith(notificationSettingsBody, await jsonBody(c));
  return c.json<NotificationSettings>(await updateSettings(c.get('db'), c.get('memberId'), body, nowDate(c.env)));
});
