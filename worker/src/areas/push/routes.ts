// Web Push calls (docs/api-extensions.md): the server key, and a member's device registrations.
import { Hono, type Context } from 'hono';
import {
  PUSH_KO,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  type PushSubscriptionAnswer,
  type VapidPublicKeyAnswer,
} from '../../contract/push';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { AppError } from '../../lib/errors';
import { requireMember } from '../../lib/member-auth';
import { jsonBody, parseWith } from '../../lib/validation';
import { subscribe, unsubscribe, type PushContext } from './service';
import { loadVapidKeys } from './vapid';

export const pushRoutes = new Hono<AppEnv>();

const contextOf = (c: Context<AppEnv>): PushContext => ({ env: c.env, db: c.get('db'), now: nowDate(c.env) });

pushRoutes.get('/api/push/vapid-public-key', async (c) => {
  const keys = await loadVapidKeys(c.env);
  if (!keys) throw new AppError(503, 'PUSH_NOT_CONFIGURED', PUSH_KO.notConfigured);
  c.header('Cache-Control', 'public, max-age=300');
  return c.json<VapidPublicKeyAnswer>({ publicKey: keys.publicKey });
});

pushRoutes.post('/api/on/push/subscriptions', requireMember, async (c) => {
  const body = parseWith(pushSubscriptionBody, await jsonBody(c), 'PUSH_SUBSCRIPTION_INVALID');
  await subscribe(contextOf(c), c.get('memberId'), body);
  return c.json<PushSubscriptionAnswer>({ endpoint: body.endpoint, subscribed: true });
});

pushRoutes.delete('/api/on/push/subscriptions', requireMember, async (c) => {
  const { endpoint } = parseWith(pushUnsubscribeBody, await jsonBody(c));
  await unsubscribe(contextOf(c), c.get('memberId'), endpoint);
  return c.json<PushSubscriptionAnswer>({ endpoint, subscribed: false });
});
