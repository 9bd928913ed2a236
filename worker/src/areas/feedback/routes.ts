// Feedback (api-contract "Feedback and notices"). Not under /api/on, but the member calls still
// take the bearer token; GET /feedback is the admin console's list.
import { Hono } from 'hono';
import { feedbackBody, type AdminFeedbackItem, type FeedbackItem } from '../../contract/feedback';
import { requireAdmin } from '../../lib/admin-auth';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { requireMember } from '../members/member-auth';
import { jsonBody, parseWith } from '../../lib/validation';
import { allFeedback, createFeedback, deleteFeedback, editFeedback, feedbackIdParam, myFeedback } from './service';

export const feedbackRoutes = new Hono<AppEnv>();

feedbackRoutes.post('/feedback/create', requireMember, async (c) => {
  const body = parseWith(feedbackBody, await jsonBody(c));
  return c.json<FeedbackItem>(await createFeedback(c.get('db'), c.get('memberId'), body, nowDate(c.env)));
});

feedbackRoutes.get('/feedback/my', requireMember, async (c) =>
  c.json<FeedbackItem[]>(await myFeedback(c.get('db'), c.get('memberId'))),
);

feedbackRoutes.patch('/feedback/:id/update', requireMember, async (c) => {
  const id = feedbackIdParam(c.req.param('id'));
  const body = parseWith(feedbackBody, await jsonBody(c));
  return c.json<FeedbackItem>(await editFeedback(c.get('db'), c.get('memberId'), id, body, nowDate(c.env)));
});

feedbackRoutes.patch('/feedback/:id/delete', requireMember, async (c) => {
  await deleteFeedback(c.get('db'), c.get('memberId'), feedbackIdParam(c.req.param('id')), nowDate(c.env));
  return c.json({});
});

feedbackRoutes.get('/feedback', requireAdmin, async (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json<AdminFeedbackItem[]>(await allFeedback(c.get('db')));
});
