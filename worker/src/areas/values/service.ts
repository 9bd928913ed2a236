// 가치관 질문 (docs/values.md): my answers, and 궁합 for the cards and the profile other areas build.
import {
  VALUE_QUESTIONS,
  VALUES_KO,
  VALUES_LIMITS,
  compatibility,
  valueQuestion,
  type MyValueAnswer,
  type SharedValueAnswer,
  type ValueAnswer,
  type ValueAnswerInput,
  type ValueQuestionView,
} from '../../contract/values';
import type { Db } from '../../lib/env';
import { NotFound } from '../../lib/errors';
import { hit } from '../../lib/rate-limit';
import { answersOf, deleteAnswer, myAnswerRows, parseAccept, upsertAnswers, type PairAnswerRow } from './repo';

/** The catalogue as the SPA shows it. */
export const questionList = (): ValueQuestionView[] =>
  VALUE_QUESTIONS.map((q) => ({ id: q.id, category: q.category, text: q.text, answers: q.answers }));

/** Answers to questions still in the catalogue (a retired question's answers are ignored everywhere). */
const current = <T extends { questionId: number }>(list: readonly T[]): T[] =>
  list.filter((a) => valueQuestion(a.questionId) !== undefined);

export async function myAnswers(db: Db, memberId: number): Promise<MyValueAnswer[]> {
  return current(await myAnswerRows(db, memberId)).map((r) => ({
    questionId: r.questionId,
    answerId: r.answerId,
    accept: r.accept,
    importance: r.importance,
    public: r.isPublic,
  }));
}

const writeBudget = (db: Db, memberId: number, now: Date) =>
  hit(db, `values:${memberId}`, VALUES_LIMITS.writes, now, VALUES_KO.tooOften);

/** Upserts the given answers and answers with all of mine. */
export async function saveAnswers(
  db: Db,
  memberId: number,
  body: readonly ValueAnswerInput[],
  now: Date,
): Promise<MyValueAnswer[]> {
  await writeBudget(db, memberId, now);
  await upsertAnswers(
    db,
    memberId,
    body.map((a) => ({ ...a, isPublic: a.public })),
    now.toISOString(),
  );
  return myAnswers(db, memberId);
}

/** Removes my answer to one question (404 when I had none). */
export async function removeAnswer(db: Db, memberId: number, questionId: number, now: Date): Promise<void> {
  await writeBudget(db, memberId, now);
  if (!(await deleteAnswer(db, memberId, questionId))) throw new NotFound(VALUES_KO.notFound, 'VALUE_ANSWER_NOT_FOUND');
}

/** `compatibility` on cards, from answers already read for the viewer and the cards. */
export function addCompatibility<T extends { memberId: number }>(
  answers: ReadonlyMap<number, ValueAnswer[]>,
  viewerId: number,
  cards: readonly T[],
): (T & { compatibility: number | null })[] {
  const mine = current(answers.get(viewerId) ?? []);
  return cards.map((card) => ({
    ...card,
    compatibility: compatibility(mine, current(answers.get(card.memberId) ?? [])),
  }));
}

/**
 * Adds `compatibility` to cards already filtered by visibility: one `answersOf` for the viewer and
 * the whole page (docs/values.md "On cards").
 */
export async function withCompatibility<T extends { memberId: number }>(
  db: Db,
  viewerId: number,
  cards: readonly T[],
): Promise<(T & { compatibility: number | null })[]> {
  if (cards.length === 0) return [];
  return addCompatibility(await answersOf(db, [viewerId, ...cards.map((c) => c.memberId)]), viewerId, cards);
}

const toAnswer = (r: PairAnswerRow): ValueAnswer => ({
  questionId: r.questionId,
  answerId: r.answerId,
  accept: parseAccept(r.accept),
  importance: r.importance,
});

/**
 * The profile's 궁합 and the questions both answered where the other's answer is public, from
 * both members' rows (read in the modal's batch). Private answers count in the score only.
 */
export function profileValues(
  rows: readonly PairAnswerRow[],
  viewerId: number,
  targetId: number,
): { compatibility: number | null; sharedValues: SharedValueAnswer[] } {
  const mine = current(rows.filter((r) => r.memberId === viewerId));
  const theirs = current(rows.filter((r) => r.memberId === targetId));
  const myByQuestion = new Map(mine.map((r) => [r.questionId, r]));
  const sharedValues: SharedValueAnswer[] = [];
  for (const t of theirs) {
    const m = myByQuestion.get(t.questionId);
    const question = valueQuestion(t.questionId);
    if (!m || !t.isPublic || !question) continue;
    const answer = question.answers.find((a) => a.id === t.answerId);
    if (!answer) continue;
    sharedValues.push({
      questionId: t.questionId,
      question: question.text,
      answer: answer.text,
      fits: parseAccept(m.accept).includes(t.answerId),
    });
  }
  sharedValues.sort((a, b) => a.questionId - b.questionId);
  return { compatibility: compatibility(mine.map(toAnswer), theirs.map(toAnswer)), sharedValues };
}
