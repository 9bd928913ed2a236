// 가치관 답변 rows (docs/values.md). `answersOf` is what other areas read to compute 궁합 (cards,
// the profile, 오늘의 인연, the recommender): every answer, public or private, for the score only.
import { and, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { ValueAnswer } from '../../contract/values-core';
import { valueAnswers } from '../../db/schema';
import type { Db } from '../../lib/env';

const parseAccept = (csv: string): number[] => (csv === '' ? [] : csv.split(',').map(Number));

/** The answers of up to 90 members, as a query (for a `db.batch` with the cards it scores). */
export const answersQuery = (db: Db, memberIds: readonly number[]) =>
  db
    .select({
      memberId: valueAnswers.memberId,
      questionId: valueAnswers.questionId,
      answerId: valueAnswers.answerId,
      accept: valueAnswers.accept,
      importance: valueAnswers.importance,
    })
    .from(valueAnswers)
    .where(inArray(valueAnswers.memberId, [...memberIds]));

type AnswerRow = Awaited<ReturnType<typeof answersQuery>>[number];

/** Rows of answersQuery per member (an empty list for a member with none). */
export function groupAnswers(memberIds: readonly number[], rows: readonly AnswerRow[]): Map<number, ValueAnswer[]> {
  const out = new Map<number, ValueAnswer[]>(memberIds.map((id) => [id, []]));
  for (const r of rows) {
    out.get(r.memberId)?.push({
      questionId: r.questionId,
      answerId: r.answerId,
      accept: parseAccept(r.accept),
      importance: r.importance,
    });
  }
  return out;
}

/** Each member's answers (empty list for a member with none), for 궁합. */
export async function answersOf(db: Db, memberIds: readonly number[]): Promise<Map<number, ValueAnswer[]>> {
  // D1 binds at most 100 parameters a statement: ask in slices.
  const rows: AnswerRow[] = [];
  for (let i = 0; i < memberIds.length; i += 90) rows.push(...(await answersQuery(db, memberIds.slice(i, i + 90))));
  return groupAnswers(memberIds, rows);
}

/** A member's own answers, with their public flags, in question order. */
export async function myAnswerRows(db: Db, memberId: number) {
  const rows = await db
    .select({
      questionId: valueAnswers.questionId,
      answerId: valueAnswers.answerId,
      accept: valueAnswers.accept,
      importance: valueAnswers.importance,
      isPublic: valueAnswers.isPublic,
    })
    .from(valueAnswers)
    .where(eq(valueAnswers.memberId, memberId))
    .orderBy(valueAnswers.questionId);
  return rows.map((r) => ({ ...r, accept: parseAccept(r.accept) }));
}

export type AnswerWrite = ValueAnswer & { isPublic: boolean };

/** Upserts the given answers (one statement per ≤ 14 rows: 7 parameters a row, D1's 100 a statement). */
export async function upsertAnswers(
  db: Db,
  memberId: number,
  answers: readonly AnswerWrite[],
  at: string,
): Promise<void> {
  const statements = [];
  for (let i = 0; i < answers.length; i += 14) {
    const slice = answers.slice(i, i + 14);
    statements.push(
      db
        .insert(valueAnswers)
        .values(
          slice.map((a) => ({
            memberId,
            questionId: a.questionId,
            answerId: a.answerId,
            accept: a.accept.join(','),
            importance: a.importance,
            isPublic: a.isPublic,
            updatedAt: at,
          })),
        )
        .onConflictDoUpdate({
          target: [valueAnswers.memberId, valueAnswers.questionId],
          set: {
            answerId: sql`excluded.answer_id`,
            accept: sql`excluded.accept`,
            importance: sql`excluded.importance`,
            isPublic: sql`excluded.is_public`,
            updatedAt: sql`excluded.updated_at`,
          },
        }),
    );
  }
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/** Removes one answer; whether there was one. */
export async function deleteAnswer(db: Db, memberId: number, questionId: number): Promise<boolean> {
  const rows = await db
    .delete(valueAnswers)
    .where(and(eq(valueAnswers.memberId, memberId), eq(valueAnswers.questionId, questionId)))
    .returning({ q: valueAnswers.questionId });
  return rows.length > 0;
}

/** Both members' answers with the public flag, as a query for the profile modal's batch. */
export const pairAnswersQuery = (db: Db, viewer: number | Placeholder, target: number | Placeholder) =>
  db
    .select({
      memberId: valueAnswers.memberId,
      questionId: valueAnswers.questionId,
      answerId: valueAnswers.answerId,
      accept: valueAnswers.accept,
      importance: valueAnswers.importance,
      isPublic: valueAnswers.isPublic,
    })
    .from(valueAnswers)
    .where(sql`${valueAnswers.memberId} IN (${viewer}, ${target})`);

export type PairAnswerRow = Awaited<ReturnType<ReturnType<typeof pairAnswersQuery>['execute']>>[number];
export { parseAccept };
