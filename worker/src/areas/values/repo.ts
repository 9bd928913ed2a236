// 가치관 답변 rows (docs/values.md). `answersOf` is what other areas read to compute 궁합 (cards,
// the profile, 오늘의 인연, the recommender): every answer, public or private, for the score only.
import { inArray } from 'drizzle-orm';
import type { ValueAnswer } from '../../contract/values-core';
import { valueAnswers } from '../../db/schema';
import type { Db } from '../../lib/env';

const parseAccept = (csv: string): number[] => (csv === '' ? [] : csv.split(',').map(Number));

/** Each member's answers (empty list for a member with none), for 궁합. */
export async function answersOf(db: Db, memberIds: readonly number[]): Promise<Map<number, ValueAnswer[]>> {
  const out = new Map<number, ValueAnswer[]>(memberIds.map((id) => [id, []]));
  // D1 binds at most 100 parameters a statement: ask in slices.
  for (let i = 0; i < memberIds.length; i += 90) {
    const slice = memberIds.slice(i, i + 90);
    const rows = await db
      .select({
        memberId: valueAnswers.memberId,
        questionId: valueAnswers.questionId,
        answerId: valueAnswers.answerId,
        accept: valueAnswers.accept,
        importance: valueAnswers.importance,
      })
      .from(valueAnswers)
      .where(inArray(valueAnswers.memberId, slice));
    for (const r of rows) {
      out.get(r.memberId)?.push({
        questionId: r.questionId,
        answerId: r.answerId,
        accept: parseAccept(r.accept),
        importance: r.importance,
      });
    }
  }
  return out;
}
