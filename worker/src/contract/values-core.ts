// 가치관 질문 (docs/values.md): the answer vocabulary and the 궁합 % between two members, shared by
// the Worker (cards, profile, 오늘의 인연, the recommender) and the SPAs. Zod-free (the `-core` half).

/** How much a question matters to the one answering: 조금 / 중요 / 꼭. */
export const VALUE_IMPORTANCES = ['LITTLE', 'SOMEWHAT', 'VERY'] as const;
export type ValueImportance = (typeof VALUE_IMPORTANCES)[number];

/** OkCupid's weights: a little 1, somewhat 10, very 50. */
export const IMPORTANCE_WEIGHT: Record<ValueImportance, number> = { LITTLE: 1, SOMEWHAT: 10, VERY: 50 };

/** Fewer questions answered by both than this: no 궁합 (null). */
export const COMPATIBILITY_MIN_SHARED = 3;

/** One member's answer to one question: their own answer, the answers they accept from a partner, how much it matters. */
export type ValueAnswer = {
  questionId: number;
  answerId: number;
  accept: readonly number[];
  importance: ValueImportance;
};

/** A member's answers by question id (what satisfaction and compatibilityOf read). */
export const answerMap = (answers: readonly ValueAnswer[]): Map<number, ValueAnswer> =>
  new Map(answers.map((x) => [x.questionId, x]));

/** Questions both answered. */
export function sharedQuestions(a: ReadonlyMap<number, ValueAnswer>, b: ReadonlyMap<number, ValueAnswer>): number {
  let shared = 0;
  for (const q of a.keys()) if (b.has(q)) shared++;
  return shared;
}

/** How well `b`'s answers satisfy `a` on the shared questions: weighted share in [0, 1]. */
export function satisfaction(a: ReadonlyMap<number, ValueAnswer>, b: ReadonlyMap<number, ValueAnswer>): number {
  let got = 0;
  let possible = 0;
  for (const [q, mine] of a) {
    const theirs = b.get(q);
    if (!theirs) continue;
    const w = IMPORTANCE_WEIGHT[mine.importance];
    possible += w;
    if (mine.accept.includes(theirs.answerId)) got += w;
  }
  return possible === 0 ? 0 : got / possible;
}

/**
 * 궁합 % (0–100) between two members from the questions both answered: the geometric mean of how
 * well each satisfies the other (OkCupid), less a margin of error of 1/n for n shared questions,
 * so a few lucky matches do not read as 100 %. Null below COMPATIBILITY_MIN_SHARED shared questions.
 * Private answers count here; they are never shown.
 */
export function compatibility(a: readonly ValueAnswer[], b: readonly ValueAnswer[]): number | null {
  return compatibilityOf(answerMap(a), answerMap(b));
}

/** compatibility() on answers already keyed by question (answerMap): the recommender's many pairs. */
export function compatibilityOf(
  ma: ReadonlyMap<number, ValueAnswer>,
  mb: ReadonlyMap<number, ValueAnswer>,
): number | null {
  const shared = sharedQuestions(ma, mb);
  if (shared < COMPATIBILITY_MIN_SHARED) return null;
  const m = Math.sqrt(satisfaction(ma, mb) * satisfaction(mb, ma)) - 1 / shared;
  return Math.max(0, Math.round(m * 100));
}
