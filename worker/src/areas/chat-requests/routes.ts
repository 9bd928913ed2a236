// Chat requests over HTTP: make one (spec: POST /api/on/matching/request/{memberId}), list the
// ones made to me, accept or reject.
import { Hono } from 'hono';
import { z } from 'zod';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../contract/chat';
import { optionalTextField } from '../../contract/text-schema';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { requireMember, requireMemberAnd } from '../members/member-auth';
import { parseJsonText, parseWith } from '../../lib/validation';
import * as requests from './service';
import { requestContext } from '../../lib/context';

export const chatRequestRoutes = new Hono<AppEnv>();

const memberParam = z.object({ memberId: z.coerce.number().int().positive() });
// {matchingId} in the paths is a chat request's id (the contract's name for it, kept on the wire).
const matchingParam = z.object({ matchingId: z.coerce.number().int().positive() });

/** Optional body: a short intro (blank = none), counted as a person counts characters. */
const requestBody = z.strictObject({
  intro: optionalTextField({ max: CHAT_LIMITS.requestIntroMaxChars, tooLong: CHAT_MESSAGES.requestIntroTooLong }),
});

// A request's and an accept's checks are read with the member check (one round trip), then each
// writes in one batch (docs/performance.md "Round trips").
const requestRead = requireMemberAnd((c, db, me) =>
  requests.requestReads(db, me, parseWith(memberParam, c.req.param()).memberId, nowDate(c.env)),
);
const acceptRead = requireMemberAnd((c, db, me) =>
  requests.acceptReads(db, me, parseWith(matchingParam, c.req.param()).matchingId, nowDate(c.env)),
);

chatRequestRoutes.post('/api/on/matching/request/:memberId{[0-9]+}', requestRead.middleware, async (c) => {
  const { memberId } = parseWith(memberParam, c.req.param());
  // The spec's client sends no body; a body, when there is one, is JSON.
  const raw = await c.req.text();
  const { intro } = raw.trim() === '' ? { intro: null } : parseWith(requestBody, parseJsonText(raw));
  return c.json(await requests.requestChat(requestContext(c), c.get('memberId'), memberId, intro, requestRead.rows(c)));
});

chatRequestRoutes.get('/api/on/chat-rooms/pending', requireMember, async (c) =>
  c.json(await requests.pendingFor(requestContext(c), c.get('memberId'))),
);

chatRequestRoutes.post('/api/on/chat-rooms/matchings/:matchingId{[0-9]+}/accept', acceptRead.middleware, async (c) => {
  const { matchingId } = parseWith(matchingParam, c.req.param());
  return c.json(await requests.acceptChatRequest(requestContext(c), c.get('memberId'), matchingId, acceptRead.rows(c)));
});

chatRequestRoutes.post('/api/on/chat-rooms/matchings/:matchingId{[0-9]+}/reject', requireMember, async (c) => {
  const { matchingId } = parseWith(matchingParam, c.req.param());
  await requests.rejectChatRequest(requestContext(c), c.get('memberId'), matchingId);
  return c.json({ matchingId, status: 'REJECTED' });
});
