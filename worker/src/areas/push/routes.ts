// Web Push calls (docs/api-extensions.md): the server key, and a member's device registrations.
import { Hono } from 'hono';
import {
  PUSH_KO,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  type PushSubscriptionAnswer,
  type VapidPublicKeyAnswer,
} from '../../contract/push';
import type { AppEnv } from '../../lib/env';
import { AppError } from '../../lib/errors';
import { requireMember } from '../members/member-auth';
import { jsonBody, parseWith } from '../../lib/validation';
import { subscribe, unsubscribe } from './service';
import { loadVapidKeys } from './vapid';
import { requestContext } from '../../lib/context';

export const pushRoutes = new Hono<AppEnv>();

pushRoutes.get('/api/push/vapid-public-key', async (c) => {
  const keys = await loadVapidKeys(c.env);
  if (!keys) throw new AppError(503, 'PUSH_NOT_CONFIGURED', PUSH_KO.notConfigured);
  c.header('Cache-Control', 'public, max-age=300');
  return c.json<VapidPublicKeyAnswer>({ publicKey: keys.publicKey });
});

pushRoutes.post('/api/on/push/subscriptions', requireMember, async (c) => {
  const body = parseWith(pushSubscriptionBody, await jsonBody(c), 'PUSH_SUBSCRIPTION_INVALID');
  await subscribe(requestContext(c), c.get('memberId'), body);
  return c.json<PushSubscriptionAnswer>({ endpoint: body.endpoint, subscribed: true });
});

pushRoutes.delete('/api/on/push/subscriptions', requireMember, async (c) => {
  const { endpoint } = parseWith(pushUnsubscribeBody, await jsonBody(c));
  await unsubscribe(requestContext(c), c.get('memberId'), endpoint);
  return c.json<PushSubscriptionAnswer>({ endpoint, subscribed: false });
});
