// /api/on/values/*: the 가치관 question catalogue and my answers (docs/values.md, docs/api-extensions.md).
import { Hono } from 'hono';
import { VALUES_KO, valueAnswersBody, type MyValueAnswer, type ValueQuestionView } from '../../contract/values';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { NotFound } from '../../lib/errors';
import { idParam } from '../../lib/params';
import { jsonBody, parseWith } from '../../lib/validation';
import { requireMember } from '../members/member-auth';
import { myAnswers, questionList, removeAnswer, saveAnswers } from './service';

export const valuesRoutes = new Hono<AppEnv>();

valuesRoutes.get('/api/on/values/questions', requireMember, (c) => c.json<ValueQuestionView[]>(questionList()));

valuesRoutes.get('/api/on/values/answers', requireMember, async (c) =>
  c.json<MyValueAnswer[]>(await myAnswers(c.get('db'), c.get('memberId'))),
);

valuesRoutes.put('/api/on/values/answers', requireMember, async (c) => {
  const body = parseWith(valueAnswersBody, await jsonBody(c));
  return c.json<MyValueAnswer[]>(await saveAnswers(c.get('db'), c.get('memberId'), body, nowDate(c.env)));
});

valuesRoutes.delete('/api/on/values/answers/:questionId', requireMember, async (c) => {
  const questionId = idParam(c, 'questionId', () => new NotFound(VALUES_KO.notFound, 'VALUE_ANSWER_NOT_FOUND'));
  await removeAnswer(c.get('db'), c.get('memberId'), questionId, nowDate(c.env));
  return c.body(null, 204);
});
