// Privacy endpoints (docs/api-extensions.md "Privacy"): settings, the avoid list, private mode and
// date shares (member bearer), and the public share read (no account).
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  avoidPhonesBody,
  dateShareBody,
  privateModeBody,
  type AvoidPhonesResult,
  type CreatedDateShare,
  type DateShareItem,
  type PrivacySettings,
  type PublicDateShare,
} from '../../contract/privacy';
import { requestContext } from '../../lib/context';
import type { AppEnv } from '../../lib/env';
import { jsonBody, parseWith } from '../../lib/validation';
import { requireMember } from '../members/member-auth';
import {
  addAvoidPhones,
  clearAvoidPhones,
  createDateShare,
  dateSharesOf,
  privacySettings,
  publicDateShare,
  revokeDateShare,
  setPrivateMode,
} from './service';

export const privacyRoutes = new Hono<AppEnv>();

const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', 'private, no-store');
const roomParam = z.object({ roomId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

privacyRoutes.get('/api/on/privacy', requireMember, async (c) => {
  noStore(c);
  return c.json<PrivacySettings>(await privacySettings(requestContext(c), c.get('memberId')));
});

privacyRoutes.post('/api/on/privacy/avoid-phones', requireMember, async (c) => {
  const { phones } = parseWith(avoidPhonesBody, await jsonBody(c));
  return c.json<AvoidPhonesResult>(await addAvoidPhones(requestContext(c), c.get('memberId'), phones));
});

privacyRoutes.delete('/api/on/privacy/avoid-phones', requireMember, async (c) =>
  c.json<AvoidPhonesResult>(await clearAvoidPhones(requestContext(c), c.get('memberId'))),
);

privacyRoutes.put('/api/on/privacy/private-mode', requireMember, async (c) => {
  const { on } = parseWith(privateModeBody, await jsonBody(c));
  return c.json<PrivacySettings>(await setPrivateMode(requestContext(c), c.get('memberId'), on));
});

privacyRoutes.post('/api/on/chat-rooms/:roomId/date-shares', requireMember, async (c) => {
  const { roomId } = parseWith(roomParam, c.req.param());
  const body = parseWith(dateShareBody, await jsonBody(c));
  noStore(c);
  return c.json<CreatedDateShare>(await createDateShare(requestContext(c), c.get('memberId'), roomId, body), 201);
});

privacyRoutes.get('/api/on/date-shares', requireMember, async (c) => {
  noStore(c);
  return c.json<DateShareItem[]>(await dateSharesOf(requestContext(c), c.get('memberId')));
});

privacyRoutes.delete('/api/on/date-shares/:id', requireMember, async (c) => {
  await revokeDateShare(requestContext(c), c.get('memberId'), c.req.param('id'));
  return c.body(null, 204);
});

// No account: the token is the key. Never cached or indexed.
privacyRoutes.get('/api/share/:token', async (c) => {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  return c.json<PublicDateShare>(await publicDateShare(requestContext(c), c.req.param('token')));
});
