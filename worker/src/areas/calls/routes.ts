// In-app calls over HTTP: only the ICE servers (signalling runs on the room socket; docs/voice.md "Calls").
import { Hono } from 'hono';
import type { IceServersResult } from '../../contract/calls';
import type { AppEnv } from '../../lib/env';
import { requireMember } from '../members/member-auth';
import { iceServers } from './service';

export const callRoutes = new Hono<AppEnv>();

callRoutes.get('/api/on/calls/ice-servers', requireMember, async (c) => {
  const answer = await iceServers(c.env);
  // Credentials are per-answer secrets: never cached by a browser or a proxy.
  c.header('Cache-Control', 'no-store');
  return c.json<IceServersResult>(answer);
});
