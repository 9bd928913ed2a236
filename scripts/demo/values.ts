// Demo 가치관 answers (docs/values.md), so 궁합 shows on cards and profiles locally. Each active
// member answers 8–25 questions: their own answer leans to a question's common choices, they accept
// their own answer and some others, and about one answer in five is private.
import { VALUE_IMPORTANCES, VALUE_QUESTIONS } from '../../worker/src/contract/values';
import type { NewMember, NewValueAnswer } from '../../worker/src/areas/demo/repo';
import type { Random } from './random';

export function planValueAnswers(rng: Random, people: readonly NewMember[]): NewValueAnswer[] {
  // How common each answer is, the same for everyone (some choices are simply more usual).
  const popularity = new Map(
    VALUE_QUESTIONS.flatMap((q) => q.answers.map((a) => [a.id, rng.between(0.3, 2)] as const)),
  );
  const rows: NewValueAnswer[] = [];
  for (const m of people) {
    if (m.status !== 'ACTIVE') continue;
    for (const q of rng.sample(VALUE_QUESTIONS, rng.int(8, 25))) {
      const own = rng.weighted(q.answers, (a) => popularity.get(a.id) ?? 1);
      const accept = q.answers.filter((a) => a.id === own.id || rng.chance(0.45)).map((a) => a.id);
      rows.push({
        memberId: m.id,
        questionId: q.id,
        answerId: own.id,
        accept: accept.join(','),
        importance: rng.weighted(VALUE_IMPORTANCES, (i) => (i === 'SOMEWHAT' ? 3 : i === 'LITTLE' ? 2 : 1)),
        isPublic: !rng.chance(0.2),
      });
    }
  }
  return rows;
}
