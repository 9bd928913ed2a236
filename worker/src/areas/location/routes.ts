import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { locationBody } from '../../contract/auth';
import { readSessionCookie } from '../../lib/cookies';
import type { AppEnv } from '../../lib/env';
import { requireMember } from '../members/member-auth';
import { sameOriginOnly } from '../../lib/same-origin';
import { authContext, limitByIp } from '../auth/context';
import { jsonBody, parseWith } from '../../lib/validation';
import { saveMemberLocation, saveSignupLocation } from './service';

export const locationRoutes = new Hono<AppEnv>();

/** A bearer token makes it a member call (and must be valid); without one, the signup session decides. */
const memberIfBearer = createMiddleware<AppEnv>(async (c, next) =>
  c.req.header('Authorization') ? requireMember(c, next) : next(),
);

locationRoutes.post('/api/member/location', sameOriginOnly, memberIfBearer, async (c) => {
  await limitByIp(c, 'location');
  const body = parseWith(locationBody, await jsonBody(c));
  const ctx = authContext(c);
  const place = c.req.header('Authorization')
    ? await saveMemberLocation(ctx, c.get('memberId'), body)
    : await saveSignupLocation(ctx, readSessionCookie(c, 'signup'), body);
  return c.json(place);
});
